"""The planners `--planner` accepts: for each name, its back-end, what it runs, what it needs.

This module alone imports back-ends, each when it is first run or prepared: unified-planning
and the planner packages take over a second to import, and a planner whose package is
missing must be reported, not break the import. A missing package, or an engine that does
not take the problem, gives an ERROR outcome whose log names what is missing or unsupported;
the CLI prints it and exits 3.

Every attempt runs in a child process under the options' time and memory limits
(translator/runtime/processes.py), whatever the planner: past a limit it is a TIMEOUT or
OUT_OF_MEMORY outcome, and nothing it started or wrote is left behind.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from strips_model.level import Level
from strips_model.schema import helltaker_domain
from translator.planners.outcome import PlannerOptions, PlannerOutcome, Status, status_of_failure
from translator.planners.packages import PlannerUnavailable, require_package
from translator.runtime.processes import WorkerFailed, run_in_child

PlannerFunction = Callable[[Level, PlannerOptions], PlannerOutcome]


@dataclass(frozen=True, slots=True)
class RequiredPackage:
    module: str
    package: str
    """The pip package that provides `module`."""


@dataclass(frozen=True, slots=True)
class Backend:
    description: str
    """One line for `--help`."""
    packages: tuple[RequiredPackage, ...]
    """Checked before the back-end is imported."""
    load: Callable[[], PlannerFunction]
    """Imports the back-end, and what its runs will import, and returns its entry point."""
    plans_in_actions: bool = True
    """Its plans are actions of our schemas, decoded with the parsed schema file; False for a
    planner that searches over key presses itself."""


def _fast_downward() -> PlannerFunction:
    from translator.planners.fast_downward import solve_direct, warm_up

    warm_up()
    return solve_direct


def _fast_downward_translator() -> PlannerFunction:
    from translator.planners.fast_downward import solve_with_translator

    return solve_with_translator


def _fast_downward_through_up() -> PlannerFunction:
    from translator.planners.fd_oneshot import solve_with_fast_downward_through_up

    return solve_with_fast_downward_through_up


def _symk() -> PlannerFunction:
    import up_symk  # noqa: F401 - the engine, imported before worker processes fork

    from translator.planners.symk_oneshot import solve_with_symk

    return solve_with_symk


def _pyperplan() -> PlannerFunction:
    import up_fast_downward  # noqa: F401 - the grounder, imported before worker processes fork
    import up_pyperplan.engine  # noqa: F401 - the engine, likewise

    from translator.planners.pyperplan_bfs import solve_with_pyperplan

    return solve_with_pyperplan


def _clingo() -> PlannerFunction:
    from translator.planners.asp_planner import solve_with_clingo

    return solve_with_clingo


def _sat() -> PlannerFunction:
    from translator.planners.sat_planner import solve_with_sat

    return solve_with_sat


def _search() -> PlannerFunction:
    from translator.planners.exhaustive import solve_with_search

    return solve_with_search


_UP = RequiredPackage("unified_planning", "unified-planning")
_UP_FD = RequiredPackage("up_fast_downward", "up-fast-downward")
_FD_TRANSLATOR = RequiredPackage("fast_downward.translate", "up-fast-downward")

PLANNERS: dict[str, Backend] = {
    "fd": Backend(
        "Fast Downward's search, A* with a pattern database over the hero's cell, bounded by "
        "the budget, on the task clingo's grounder gives (default)",
        (_UP_FD, RequiredPackage("clingo", "clingo")),
        _fast_downward),
    "fd-translate": Backend(
        "the same search on the task Fast Downward's own translator gives (the reference "
        "grounding, slower on big levels)",
        (_UP_FD, _FD_TRANSLATOR),
        _fast_downward_translator),
    "fd-up": Backend(
        "Fast Downward through unified-planning's OneshotPlanner, blind A* "
        "(astar(blind())) bounded by the budget",
        (_UP, _UP_FD), _fast_downward_through_up),
    "symk": Backend(
        "SymK through up-symk: optimal symbolic search sym_bd bounded by the budget",
        (_UP, RequiredPackage("up_symk", "up-symk")), _symk),
    "pyperplan": Backend(
        "pyperplan through up-pyperplan: breadth-first search on a compiled variant where "
        "damage is an extra unit step, so plan length = cost",
        # pyperplan's problem is grounded by Fast Downward's grounder first.
        (_UP, RequiredPackage("up_pyperplan", "up-pyperplan"), _UP_FD), _pyperplan),
    "asp": Backend(
        "clingo on the ground task as facts for one sequential planning encoding, "
        "optimal by its #minimize over action costs",
        (RequiredPackage("clingo", "clingo"),), _clingo),
    "sat": Backend(
        "Glucose 4.2 through python-sat on the ground task as CNF over budget steps, "
        "the budget as a totalizer over cost units, optimal by tightening it",
        (RequiredPackage("clingo", "clingo"), RequiredPackage("pysat", "python-sat")), _sat),
    "search": Backend("exhaustive A* over the simulator (the reference)", (), _search,
                      plans_in_actions=False),
}
DEFAULT_PLANNER = "fd"

TOP_K_PLANNERS = ("symk", "kstar", "asp")
"""The planners `plans` enumerates with (translator/solving/plan_enumeration.py); the first is
the default."""


def _check_packages(name: str) -> None:
    for needed in PLANNERS[name].packages:
        require_package(needed.module, needed.package, name)


def run_planner(name: str, level: Level, options: PlannerOptions) -> PlannerOutcome:
    """Planner `name` on `level` in a child process under the options' limits; what keeps it
    from running or finishing is an outcome, never an exception."""
    try:
        _check_packages(name)
        planner = PLANNERS[name].load()
        return run_in_child(name, _attempt, (planner, level, options), options.limits)
    except PlannerUnavailable as error:
        return PlannerOutcome(Status.ERROR, name, False, log_tail=str(error))
    except WorkerFailed as failure:
        status = status_of_failure(failure)
        limit = f" (limit {_size(options.memory_limit)})" \
            if status is Status.OUT_OF_MEMORY else ""
        return PlannerOutcome(status, name, False, log_tail=f"{failure}{limit}")


def _attempt(task: tuple[PlannerFunction, Level, PlannerOptions]) -> PlannerOutcome:
    planner, level, options = task
    return planner(level, options)


def _size(memory: int | None) -> str:
    return "none" if memory is None else f"{memory / 2**20:.0f} MiB"


def prepare_planner(name: str) -> None:
    """Import what planner `name` needs, and parse the schemas its plans are read with, once,
    before worker processes are forked from us.

    A planner whose packages are missing is left alone here: running it reports them."""
    if PLANNERS[name].plans_in_actions:
        helltaker_domain()
    try:
        _check_packages(name)
    except PlannerUnavailable:
        return
    PLANNERS[name].load()


def describe_planners() -> str:
    """`name = description; ...`, for the `--planner` help of every command."""
    return "; ".join(f"{name} = {backend.description}" for name, backend in PLANNERS.items())
