"""`--planner fd` chooses its search by the size of the level's task.

The ground task grows with the level: every open cell gives at least four ground actions (one
step per direction), grounded and translated at some 20 µs each, before Fast Downward's
search starts. The exhaustive search over the simulator (exhaustive.py) pays nothing up front
and, on a large level with few objects in the way, expands fewer states than the task has
operators: an open 300x300 room is 45,000 expansions against 350,000 operators. So on a level
of at least `MIN_CELLS` open cells, `fd` first runs that search under a budget of
`EXPANSIONS_PER_CELL` expansions per open cell, a budget counted in states so that the choice
is the same on every machine and under any load. If it settles the level (a cheapest plan
within the budget, or the proof that none exists) that is `fd`'s answer, labelled as such;
otherwise `fd` grounds and searches as on a small level, having spent at most a fraction of
what the grounding costs. Both searches are optimal under the same cost bound, so the choice
never changes a cost or a verdict.
"""

from __future__ import annotations

from typing import Final

from strips_model.level import Level
from translator.planners.best_first import SearchTimeout
from translator.planners.exhaustive import TooManyExpansions, solve_exhaustively
from translator.planners.outcome import PlannerOptions, PlannerOutcome, Status

MIN_CELLS: Final = 90
"""Open cells from which `fd` tries the simulator first: above every shipped level (81 at
most), so the classic levels are always grounded."""
EXPANSIONS_PER_CELL: Final = 4
"""The simulator search's budget: no more states than the 4 to 8 operators per open cell that
grounding would produce. An expansion costs about what grounding an operator does in an open
room (some 50 µs of CPU on a loaded machine), up to ten times more among hundreds of objects:
a failed attempt costs the 60x60 object-dense level about 2 s of CPU on top of its 7."""


def simulator_label(expanded: int, cells: int) -> str:
    return (f"fd -> search (A* over the simulator: {expanded} states expanded, within "
            f"{EXPANSIONS_PER_CELL} per open cell of {cells})")


def tries_simulator(level: Level) -> bool:
    """Whether `fd` runs the simulator's search before grounding the level's task."""
    return len(level.open_cells()) >= MIN_CELLS


def simulator_first(level: Level, options: PlannerOptions) -> PlannerOutcome | None:
    """The exhaustive search's answer when it comes within the budget of expansions; None
    when the budget ran out, and `fd` grounds the task."""
    cells = len(level.open_cells())
    try:
        result = solve_exhaustively(level, options.budget, options.timeout,
                                    expansion_limit=EXPANSIONS_PER_CELL * cells)
    except TooManyExpansions:
        return None
    except SearchTimeout as timeout:
        return PlannerOutcome(Status.TIMEOUT, simulator_label(0, cells), False,
                              log_tail=str(timeout))
    label = simulator_label(result.expanded, cells)
    counts = (("expanded", result.expanded),)
    if result.plan is None:
        return PlannerOutcome(Status.UNSOLVABLE, label, True, counts=counts)
    return PlannerOutcome(Status.SOLVED, label, True, key_presses=result.plan,
                          cost=result.cost, counts=counts)
