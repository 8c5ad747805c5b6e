"""The ground actions a level can reach, ground once and looked up by the atoms they need:
what exact_semantics.py's `Grounder` answers from once it has been asked for many states (an
exhaustive comparison asks for thousands; joining the schemas anew in each cost a millisecond
a state). reachable_index.py builds it.

Each action is filed under two of its positive fluent preconditions, the rarest by how many
atoms of their predicate the initial state holds (the hero's cell, a counter's value), so a
state is answered by looking up its own atoms and checking the few actions filed there. Where
an action is filed changes only how fast it is found: every answer is checked against all its
needs and forbids, and answers come in the order of `IndexedAction.order`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from translator.ground.ground_action import GroundAction
from translator.model.level_facts import Atom


@dataclass(frozen=True, slots=True)
class IndexedAction:
    order: tuple[int, tuple[tuple[str, str], ...]]
    """Its schema's number in the domain, then its binding: the order answers are given in."""
    action: GroundAction
    needs: frozenset[Atom]
    """Its positive fluent preconditions."""
    forbids: frozenset[Atom]
    """Its negative fluent preconditions."""


Filed = tuple[Atom | None, Atom | None, IndexedAction]
"""An action with the two needs it is filed under (None, None: it needs nothing; a second
None: it needs one atom)."""


class ActionIndex:
    """Reachable ground actions by their rarest needs (the module doc)."""

    def __init__(self, actions: Iterable[Filed], universe: frozenset[Atom]) -> None:
        self.universe = universe
        """Every atom a reachable state can hold: a state with another is not answered."""
        self._always: list[IndexedAction] = []
        self._filed: dict[Atom, dict[Atom | None, list[IndexedAction]]] = {}
        for first, second, entry in actions:
            if first is None:
                self._always.append(entry)
            else:
                self._filed.setdefault(first, {}).setdefault(second, []).append(entry)

    def applicable(self, state: frozenset[Atom]) -> list[GroundAction]:
        found = [entry for entry in self._always if state.isdisjoint(entry.forbids)]
        filed = self._filed
        for atom in state:
            by_second = filed.get(atom)
            if by_second is None:
                continue
            for second, entries in by_second.items():
                if second is None or second in state:
                    found.extend(entry for entry in entries if entry.needs <= state
                                 and state.isdisjoint(entry.forbids))
        found.sort(key=lambda entry: entry.order)
        return [entry.action for entry in found]
