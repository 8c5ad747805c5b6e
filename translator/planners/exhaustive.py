"""Exhaustive optimal search over the simulator: the independent reference for planners.

A* on (state with trap parity), with the Manhattan distance from the hero to the nearest cell
next to a demon as heuristic: every action moves the hero at most one cell and costs at least 1,
so the heuristic never overestimates, the first goal popped is optimal, and exhausting the
queue under the budget proves that no plan fits it.
"""

from __future__ import annotations

import heapq
import itertools
import time
from dataclasses import dataclass

from strips_model.errors import RunError
from strips_model.level import Cell, Level, State
from strips_model.simulator import Move, is_goal, step


@dataclass(frozen=True, slots=True)
class SearchResult:
    plan: tuple[str, ...] | None
    """Directions of a minimum-cost plan, or None when no plan fits the budget."""
    cost: int | None
    expanded: int


def _distance_to_goal(level: Level) -> dict[Cell, int]:
    goals = level.goal_cells()
    return {
        cell: min((abs(cell[0] - g[0]) + abs(cell[1] - g[1]) for g in goals), default=10**9)
        for cell in level.open_cells()
    }


class SearchTimeout(RunError):
    """The search ran past its time limit."""


def solve_exhaustively(level: Level, budget: int | None = None,
                       time_limit: float | None = None) -> SearchResult:
    """Return a minimum-cost plan whose cost is within `budget` (the level's by default)."""
    limit = level.budget if budget is None else budget
    start = level.start
    if is_goal(level, start):
        return SearchResult((), 0, 0)
    distance = _distance_to_goal(level)
    best: dict[State, int] = {start: 0}
    parent: dict[State, tuple[State, str]] = {}
    tie = itertools.count()
    queue: list[tuple[int, int, int, State]] = [(distance[start.hero], 0, next(tie), start)]
    expanded = 0
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    while queue:
        _, cost, _, state = heapq.heappop(queue)
        if cost > best[state]:
            continue
        if is_goal(level, state):
            plan: list[str] = []
            while state in parent:
                state, direction = parent[state]
                plan.append(direction)
            return SearchResult(tuple(reversed(plan)), cost, expanded)
        expanded += 1
        if deadline is not None and expanded % 1024 == 0 and time.perf_counter() > deadline:
            raise SearchTimeout(f"no result after {time_limit} s ({expanded} states expanded)")
        for direction in "udlr":
            outcome = step(level, state, direction)
            if not isinstance(outcome, Move):
                continue
            successor, new_cost = outcome.state, cost + outcome.cost
            estimate = new_cost + distance[successor.hero]
            if estimate > limit or new_cost >= best.get(successor, limit + 1):
                continue
            best[successor] = new_cost
            parent[successor] = (state, direction)
            heapq.heappush(queue, (estimate, new_cost, next(tie), successor))
    return SearchResult(None, None, expanded)
