"""One action of a schema ground over a level's facts: what exact_semantics.py finds
applicable in a state, and what grounding_memo.py keeps across the models a repair verifies."""

from __future__ import annotations

from dataclasses import dataclass

from translator.model.level_facts import Atom


@dataclass(frozen=True, slots=True)
class GroundAction:
    schema: str
    binding: tuple[tuple[str, str], ...]
    """(variable, object) for every parameter, in the schema's order."""
    add: frozenset[Atom]
    delete: frozenset[Atom]
    cost: int
    then: tuple[str, ...] = ()
    """The schemas of the actions taking no key press that this one's key press forces and
    that are part of it (translator/compare/models/forced_actions.py): none as ground."""

    def apply(self, state: frozenset[Atom]) -> frozenset[Atom]:
        return (state - self.delete) | self.add
