"""Why each schema of a key press does not apply in a state: the literal each one fails on.

Where the model has no action for a key press the game makes, the schema that should have
applied is usually the one that fails on the fewest literals; its failing literal is the first
candidate of the repair. Compare's own `why_blocked` names only the closest schema; a repair
wants each schema's, ranked.
"""

from __future__ import annotations

from strips_model.moves import Direction
from strips_model.schema import Literal, Schema
from translator.compare.models.protocols import LevelModel
from translator.compare.runs.why_blocked import precondition_attempts
from translator.model.level_facts import Atom


def _closest(schema: Schema, fixed: dict[str, str], facts: frozenset[Atom]
             ) -> tuple[int, Literal] | None:
    """(literals satisfied, the literal then failing) of the binding that gets furthest;
    None when some binding satisfies every precondition."""
    best: tuple[int, Literal] | None = None
    for score, literal, _, _ in precondition_attempts(schema, fixed, facts):
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
