"""Why each schema of a key press does not apply in a state: the literal each one fails on.

Where the model has no action for a key press the game makes, the schema that should have
applied is usually the one that fails on the fewest literals; its failing literal is the first
candidate of the repair. Compare's own `why_blocked` names only the closest schema; a repair
wants each schema's, ranked.
"""

from __future__ import annotations

from collections.abc import Iterator

from strips_model.moves import Direction
from strips_model.schema import Literal, Schema
from translator.compare.models.compared import LevelModel
from translator.ground.exact_semantics import unify
from translator.model.level_facts import Atom


def _closest(schema: Schema, fixed: dict[str, str], facts: frozenset[Atom]
             ) -> tuple[int, Literal] | None:
    """(literals satisfied, the literal then failing) of the binding that gets furthest;
    None when some binding satisfies every precondition."""
    positive = [lit for lit in schema.preconditions if lit.positive]
    negative = [lit for lit in schema.preconditions if not lit.positive]
    by_predicate: dict[str, list[Atom]] = {}
    for atom in facts:
        by_predicate.setdefault(atom[0], []).append(atom)
    best: tuple[int, Literal] | None = None

    def attempts(position: int, binding: dict[str, str]
                 ) -> Iterator[tuple[int, Literal | None]]:
        if position == len(positive):
            for count, literal in enumerate(negative):
                atom = (literal.predicate, *(binding.get(t.name, t.name) for t in literal.args))
                if atom in facts:
                    yield position + count, literal
                    return
            yield len(schema.preconditions), None  # every precondition holds
            return
        literal = positive[position]
        matched = False
        for atom in by_predicate.get(literal.predicate, ()):
            extended = unify(literal, atom, binding)
            if extended is not None:
                matched = True
                yield from attempts(position + 1, extended)
        if not matched:
            yield position, literal

    for score, literal in attempts(0, dict(fixed)):
        if literal is None:
            return None
        if best is None or score > best[0]:
            best = (score, literal)
    return best


def blocked(model: LevelModel, atoms: frozenset[Atom], direction: Direction
            ) -> list[tuple[str, Literal]]:
    """Each schema of the key press with the literal it fails on, closest first."""
    facts = atoms | model.static()
    found: list[tuple[int, str, Literal]] = []
    for schema, fixed in model.schemas_for(direction):
        closest = _closest(schema, fixed, facts)
        if closest is not None:
            found.append((closest[0], schema.name, closest[1]))
    found.sort(key=lambda item: -item[0])
    return [(name, literal) for _, name, literal in found]
