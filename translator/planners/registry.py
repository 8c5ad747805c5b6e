"""Planner names accepted by `--planner`, each a function (level, options) -> outcome.

Every planner but `search` needs engine packages. A package that is missing, or an engine
that does not take the problem, gives an ERROR outcome whose log names what is missing or
unsupported; the CLI prints it and exits 3.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from strips_model.level import Level
from translator.planners.packages import PlannerUnavailable, require_package
from translator.planners.outcome import PlannerOutcome, Status
from translator.planners.exhaustive import SearchTimeout, solve_exhaustively


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
    from translator.planners.fast_downward import solve_direct

    return solve_direct(level, options.budget, options.optimal, options.timeout)


def run_fast_downward_through_up(level: Level, options: PlannerOptions) -> PlannerOutcome:
    # Imported on use: unified-planning costs over a second to import.
    from translator.planners.fd_oneshot import solve_with_fast_downward

    return solve_with_fast_downward(level, options)


def run_symk(level: Level, options: PlannerOptions) -> PlannerOutcome:
    from translator.planners.symk import solve_with_symk

    return solve_with_symk(level, options)


def run_pyperplan(level: Level, options: PlannerOptions) -> PlannerOutcome:
    from translator.planners.pyperplan_bfs import solve_with_pyperplan

    return solve_with_pyperplan(level, options)


@dataclass(frozen=True, slots=True)
class EnginePackage:
    module: str
    package: str
    """The pip package that provides `module`."""


_UP = EnginePackage("unified_planning", "unified-planning")
_UP_FD = EnginePackage("up_fast_downward", "up-fast-downward")

ENGINE_PACKAGES: dict[str, tuple[EnginePackage, ...]] = {
    "fd": (_UP_FD, EnginePackage("fast_downward.translate", "up-fast-downward")),
    "fd-up": (_UP, _UP_FD),
    "symk": (_UP, EnginePackage("up_symk", "up-symk")),
    # pyperplan's problem is grounded by Fast Downward's grounder first.
    "pyperplan": (_UP, EnginePackage("up_pyperplan", "up-pyperplan"), _UP_FD),
}
"""The Python packages each planner needs, checked before it runs."""

PLANNER_DESCRIPTIONS: dict[str, str] = {
    "fd": "Fast Downward, A* bounded by the budget (default)",
    "fd-up": "the same search through unified-planning's OneshotPlanner",
    "symk": "SymK through up-symk: optimal symbolic search sym_bd bounded by the budget",
    "pyperplan": "pyperplan through up-pyperplan: breadth-first search on a compiled "
                 "variant where damage is an extra unit step, so plan length = cost",
    "search": "exhaustive A* over the simulator (the reference)",
}
"""One line per planner, for `--help`."""


def _checked(name: str, planner: PlannerFunction) -> PlannerFunction:
    """`planner`, returning an ERROR outcome that names what is missing instead of raising."""

    def run(level: Level, options: PlannerOptions) -> PlannerOutcome:
        try:
            for needed in ENGINE_PACKAGES.get(name, ()):
                require_package(needed.module, needed.package, name)
            return planner(level, options)
        except PlannerUnavailable as error:
            return PlannerOutcome(Status.ERROR, None, None, name, False, str(error))

    run.__name__ = planner.__name__
    run.__doc__ = planner.__doc__
    return run


PLANNERS: dict[str, PlannerFunction] = {
    "fd": _checked("fd", run_fast_downward),
    "fd-up": _checked("fd-up", run_fast_downward_through_up),
    "symk": _checked("symk", run_symk),
    "pyperplan": _checked("pyperplan", run_pyperplan),
    "search": run_search,
}
DEFAULT_PLANNER = "fd"

_WARM_UP_MODULES: dict[str, tuple[str, ...]] = {
    "fd": ("translator.planners.fast_downward", "fast_downward.translate.main"),
    "fd-up": ("translator.planners.fd_oneshot",),
    "symk": ("translator.planners.symk", "translator.planners.fd_oneshot", "translator.planners.oneshot", "up_symk"),
    "pyperplan": ("translator.planners.pyperplan_bfs", "translator.encode.strips_compile",
                  "translator.planners.oneshot", "up_pyperplan.engine", "up_fast_downward"),
}


def prepare_planner(name: str) -> None:
    """Import what planner `name` needs once, before worker processes are forked from us.

    A planner whose packages are missing is left alone here: running it reports them."""
    import importlib

    for needed in ENGINE_PACKAGES.get(name, ()):
        try:
            require_package(needed.module, needed.package, name)
        except PlannerUnavailable:
            return
    for module in _WARM_UP_MODULES.get(name, ()):
        importlib.import_module(module)


def describe_planners() -> str:
    """`name = description; ...`, for the `--planner` help of every command."""
    return "; ".join(f"{name} = {PLANNER_DESCRIPTIONS[name]}" for name in PLANNERS)
