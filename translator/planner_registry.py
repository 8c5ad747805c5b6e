"""Planner names accepted by `--planner`, each a function (level, options) -> outcome."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from strips_model.level import Level
from translator.outcome import PlannerOutcome, Status
from translator.search_planner import solve_exhaustively


@dataclass(frozen=True, slots=True)
class PlannerOptions:
    budget: int
    optimal: bool = False
    timeout: float | None = None


PlannerFunction = Callable[[Level, PlannerOptions], PlannerOutcome]


def run_search(level: Level, options: PlannerOptions) -> PlannerOutcome:
    result = solve_exhaustively(level, options.budget)
    label = "search (A* over the simulator)"
    if result.plan is None:
        return PlannerOutcome(Status.UNSOLVABLE, None, None, label, True)
    return PlannerOutcome(Status.SOLVED, result.plan, result.cost, label, True)


def run_fast_downward(level: Level, options: PlannerOptions) -> PlannerOutcome:
    # Imported on use: unified-planning costs over a second to import.
    from translator.fast_downward import solve_with_fast_downward

    return solve_with_fast_downward(level, options)


PLANNERS: dict[str, PlannerFunction] = {
    "fd": run_fast_downward,
    "search": run_search,
}
DEFAULT_PLANNER = "fd"
