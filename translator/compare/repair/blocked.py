"""Why each schema of a key press does not apply in a state: the literal each one fails on.

Where the model has no action for a key press the game makes, the schema that should have
applied is the one that would do what the game does but for the literals it fails on
(runs/blame.py); those literals are the first candidates of the repair. The other schemas
follow, the one that fails on the fewest literals first, each with the literal it fails on.
Compare's own `why_blocked` names only the first schema; a repair wants each schema's, ranked.
"""

from __future__ import annotations

from strips_model.moves import Direction
from strips_model.schema import Literal, Schema
from translator.compare.models.protocols import LevelModel
from translator.compare.runs.blame import GameStep, blamed
from translator.compare.runs.divergence import Divergence
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


def blocked(model: LevelModel, atoms: frozenset[Atom], direction: Direction,
            divergence: Divergence | None = None) -> list[tuple[str, Literal]]:
    """Each schema of the key press with the literal it fails on: those the game's move at
    `divergence` blames first, with each literal they fail on, then the others, closest
    first."""
    first: list[tuple[str, Literal]] = []
    if divergence is not None and divergence.game_after is not None:
        game = GameStep(divergence.game_after, divergence.game_cost)
        first = [(found.schema, literal) for found in blamed(model, atoms, direction, game)
                 for literal in found.failing]
    named = {name for name, _ in first}
    facts = atoms | model.static()
    rest: list[tuple[int, str, Literal]] = []
    for schema, fixed in model.schemas_for(direction):
        closest = _closest(schema, fixed, facts) if schema.name not in named else None
        if closest is not None:
            rest.append((closest[0], schema.name, closest[1]))
    rest.sort(key=lambda item: -item[0])
    return first + [(name, literal) for _, name, literal in rest]
