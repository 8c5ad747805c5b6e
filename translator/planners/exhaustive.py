"""Exhaustive optimal search over the simulator: the independent reference for planners.

A* on (state with trap parity), with the Manhattan distance from the hero to the nearest cell
next to a demon as heuristic: every action moves the hero at most one cell and costs at least 1,
so the heuristic never overestimates, the first goal popped is optimal, and exhausting the
queue under the budget proves that no plan fits it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from strips_model.level import Cell, Level, State
from strips_model.moves import Direction
from strips_model.simulator import Move, is_goal, step
from translator.planners.best_first import SearchResult, SearchTimeout, best_first_search
from translator.planners.outcome import PlannerOptions, PlannerOutcome, Status

LABEL = "search (A* over the simulator)"
_KEYS = tuple(Direction)
"""The key presses in a fixed order, which decides between plans of equal cost."""


def _distance_to_goal(level: Level) -> dict[Cell, int]:
    goals = level.goal_cells()
    return {
        cell: min((abs(cell[0] - g[0]) + abs(cell[1] - g[1]) for g in goals), default=10**9)
        for cell in level.open_cells()
    }


class TooManyExpansions(Exception):
    """The search expanded more states than its `expansion_limit`."""


def solve_exhaustively(level: Level, budget: int | None = None,
                       time_limit: float | None = None,
                       expansion_limit: int | None = None,
                       watch: tuple[int, Callable[[int], object]] | None = None
                       ) -> SearchResult[Direction]:
    """A minimum-cost plan whose cost is within `budget` (the level's by default).

    `expansion_limit` stops the search (TooManyExpansions) after that many expansions: a
    limit counted in states, not seconds, gives the same answer on every machine.
    `watch` (every, function) calls the function with the expansions so far at each multiple
    of `every`: it may stop the search by raising TooManyExpansions."""
    distance = _distance_to_goal(level)
    expanded = 0

    def successors(state: State) -> list[tuple[Direction, State, int]]:
        nonlocal expanded
        expanded += 1
        if expansion_limit is not None and expanded > expansion_limit:
            raise TooManyExpansions(f"more than {expansion_limit} states expanded")
        if watch is not None and expanded % watch[0] == 0:
            watch[1](expanded)
        return [(key, move.state, move.cost) for key in _KEYS
                if isinstance(move := step(level, state, key), Move)]

    return best_first_search(
        level.start, successors, partial(is_goal, level),
        level.budget if budget is None else budget,
        heuristic=lambda state: distance[state.hero], time_limit=time_limit)


def solve_with_search(level: Level, options: PlannerOptions) -> PlannerOutcome:
    """The `search` planner: key presses found by the simulator itself."""
    try:
        result = solve_exhaustively(level, options.budget, options.timeout)
    except SearchTimeout as timeout:
        return PlannerOutcome(Status.TIMEOUT, LABEL, False, log_tail=str(timeout))
    counts = (("expanded", result.expanded),)
    if result.plan is None:
        return PlannerOutcome(Status.UNSOLVABLE, LABEL, True, counts=counts)
    return PlannerOutcome(Status.SOLVED, LABEL, True, key_presses=result.plan,
                          cost=result.cost, counts=counts)
