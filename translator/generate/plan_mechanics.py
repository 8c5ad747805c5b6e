"""What a plan makes happen, counted by replaying it in the rules simulator: cheap measures
of a level's difficulty for a benchmark's metadata."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from strips_model.level import Level, State
from strips_model.moves import Direction
from strips_model.simulator import Happening, Move, is_goal, step

_KICKS = frozenset({Happening.BOULDER_MOVED, Happening.BOULDER_STUCK,
                    Happening.SKELETON_MOVED, Happening.SKELETON_SMASHED})
_PUSHES = frozenset({Happening.BOULDER_MOVED, Happening.SKELETON_MOVED})
_MECHANIC_OF = {
    Happening.BOULDER_MOVED: "boulder",
    Happening.BOULDER_STUCK: "boulder",
    Happening.SKELETON_MOVED: "skeleton",
    Happening.SKELETON_SMASHED: "skeleton",
    Happening.SKELETON_IMPALED: "impale",
    Happening.KEY_TAKEN: "key",
    Happening.LOCK_OPENED: "lock",
}
MECHANICS = ("boulder", "skeleton", "impale", "key", "lock", "spikes", "trap")
"""Every mechanic a plan may use, in the order metadata lists them."""


@dataclass(frozen=True, slots=True)
class PlanMechanics:
    letters: int
    cost: int
    kicks: int
    """Key presses that kick a boulder or a skeleton, whether it moves or not."""
    pushes: int
    """Kicks that move the object one cell."""
    damage: int
    """Key presses that end on spikes or a raised trap (each costs one more move)."""
    mechanics: tuple[str, ...]
    """The members of MECHANICS the plan uses, in that order."""


class NotAPlan(ValueError):
    """A key press of the plan is not an action on the level."""


def plan_mechanics(level: Level, plan: Sequence[Direction]) -> PlanMechanics:
    state = level.start
    cost = kicks = pushes = damage = 0
    used: set[str] = set()
    for index, direction in enumerate(plan, start=1):
        move = step(level, state, direction)
        if not isinstance(move, Move):
            raise NotAPlan(f"key press {index} '{direction}' is not an action on {level.name}")
        cost += move.cost
        for event in move.events:
            kicks += event.happening in _KICKS
            pushes += event.happening in _PUSHES
            if event.happening in _MECHANIC_OF:
                used.add(_MECHANIC_OF[event.happening])
            elif event.happening is Happening.HERO_HURT:
                damage += 1
                # A cell is spikes or a trap, never both (RULES.md F4).
                used.add("spikes" if event.cell in level.spikes else "trap")
        state = move.state
    return PlanMechanics(len(plan), cost, kicks, pushes, damage,
                         tuple(name for name in MECHANICS if name in used))


def count_by_simulation(level: Level, max_cost: int) -> dict[int, int]:
    """Number of key-press words of each cost <= max_cost that end at the first goal state.

    Every action costs 1 or 2, so the words of cost c extend words of cost c - 1 or c - 2:
    counting the words that reach each state with each cost, layer by layer, counts them
    all without listing them. A goal state ends a word (R-G2)."""
    if is_goal(level, level.start):
        return {0: 1}
    layers: defaultdict[int, Counter[State]] = defaultdict(Counter)
    layers[0][level.start] = 1
    ending: Counter[int] = Counter()
    for spent in range(max_cost + 1):
        for state, words in layers.pop(spent, Counter()).items():
            for direction in Direction:
                outcome = step(level, state, direction)
                if not isinstance(outcome, Move) or spent + outcome.cost > max_cost:
                    continue
                cost = spent + outcome.cost
                if is_goal(level, outcome.state):
                    ending[cost] += words
                else:
                    layers[cost][outcome.state] += words
    return dict(sorted(ending.items()))
