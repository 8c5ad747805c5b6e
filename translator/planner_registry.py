"""Planner names accepted by `--planner`, each a function (level, options) -> outcome."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from strips_model.level import Level
from translator.outcome import PlannerOutcome, Status
from translator.search_planner import SearchTimeout, solve_exhaustively


@dataclass(frozen=True, slots=True)
class PlannerOptions:
    budget: int
    optimal: bool = False
    timeout: float | None = None


PlannerFunction = Callable[[Level, PlannerOptions], PlannerOutcome]


def run_search(level: Level, options: PlannerOptions) -> PlannerOutcome:
    label = "search (A* over the simulator)"
    try:
        result = solve_exhaustively(level, options.budget, options.timeout)
    except SearchTimeout as timeout:
        return PlannerOutcome(Status.TIMEOUT, None, None, label, False, str(timeout))
    counts = (("expanded", result.expanded),)
    if result.plan is None:
        return PlannerOutcome(Status.UNSOLVABLE, None, None, label, True, counts=counts)
    return PlannerOutcome(Status.SOLVED, result.plan, result.cost, label, True, counts=counts)


def run_fast_downward(level: Level, options: PlannerOptions) -> PlannerOutcome:
    from translator.fd_direct import solve_direct

    return solve_direct(level, options.budget, options.optimal, options.timeout)


def run_fast_downward_through_up(level: Level, options: PlannerOptions) -> PlannerOutcome:
    # Imported on use: unified-planning costs over a second to import.
    from translator.fast_downward import solve_with_fast_downward

    return solve_with_fast_downward(level, options)


PLANNERS: dict[str, PlannerFunction] = {
    "fd": run_fast_downward,
    "fd-up": run_fast_downward_through_up,
    "search": run_search,
}
DEFAULT_PLANNER = "fd"

_WARM_UP_MODULES: dict[str, tuple[str, ...]] = {
    "fd": ("translator.fd_direct", "fast_downward.translate.main"),
    "fd-up": ("translator.fast_downward",),
}


def prepare_planner(name: str) -> None:
    """Import what planner `name` needs once, before worker processes are forked from us."""
    import importlib

    for module in _WARM_UP_MODULES.get(name, ()):
        importlib.import_module(module)
