"""Every planner by name: what it can do (solve a level, enumerate its plans, or both), the
back-end function that does it, and the packages it needs. This table is the only place that
maps a planner name to a back-end.

A back-end is imported when it is first run or prepared (`_load`), by the names of the table:
planner packages take up to seconds to import, and a missing one must be reported (an ERROR
outcome naming it; the CLI exits 3), not break the import.

Every back-end runs in a child process under the options' time and memory limits
(translator/runtime/processes.py): past a limit it is a TIMEOUT or OUT_OF_MEMORY outcome,
and nothing it started or wrote is left behind; enumerations too. Only auto's search on a
small level, which starts nothing and is bounded by its budget of states, runs in the caller
(automatic.py).
"""

from __future__ import annotations

import contextlib
import importlib
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from functools import cache, partial
from typing import Any

from strips_model.level import Level

# The default and the help are the catalogue's, named here too for the registry's callers.
from translator.planners.catalogue import DEFAULT_PLANNER as DEFAULT_PLANNER
from translator.planners.catalogue import ENUMERATING, LIGHT_ATTEMPTS, SOLVING, Preparation
from translator.planners.catalogue import describe_planners as describe_planners
from translator.planners.outcome import (
    EnumerationOptions,
    EnumerationOutcome,
    PlannerOptions,
    PlannerOutcome,
    Status,
    status_of_failure,
)
from translator.planners.packages import PlannerUnavailable, require_package
from translator.planners.planner_entries import EntryPoint, Planner, RequiredPackage
from translator.planners.planner_entries import Mode as Mode
from translator.runtime.processes import (
    Child,
    WorkerFailed,
    result_of,
    run_in_child,
    start_in_child,
)

SolveFunction = Callable[[Level, PlannerOptions], PlannerOutcome]
EnumerateFunction = Callable[[Level, EnumerationOptions], EnumerationOutcome]


_UP = RequiredPackage("unified_planning", "unified-planning")
_UP_FD = RequiredPackage("up_fast_downward", "up-fast-downward")
_FD_TRANSLATOR = RequiredPackage("fast_downward.translate", "up-fast-downward")
_UP_SYMK = RequiredPackage("up_symk", "up-symk")
_UP_PYPERPLAN = RequiredPackage("up_pyperplan", "up-pyperplan")
_KSTAR = RequiredPackage("kstar_planner", "kstar-planner")
_CLINGO = RequiredPackage("clingo", "clingo")
_PYSAT = RequiredPackage("pysat", "python-sat")
_ONESHOT = "translator.planners.oneshot"
"""unified-planning, as the planners run through its `OneshotPlanner` import it."""
_DESCRIPTIONS = {**SOLVING, **ENUMERATING}

ALL_PLANNERS: dict[str, Planner] = {
    "auto": Planner(_DESCRIPTIONS["auto"], searches_first=True, solve=EntryPoint(
        "fast_downward", "solve_direct", (_UP_FD, _CLINGO), warm_up="warm_up")),
    "fd": Planner(
        _DESCRIPTIONS["fd"],
        solve=EntryPoint("fast_downward", "solve_direct", (_UP_FD, _CLINGO), warm_up="warm_up")),
    "fd-translate": Planner(
        _DESCRIPTIONS["fd-translate"],
        solve=EntryPoint("fast_downward", "solve_with_translator", (_UP_FD, _FD_TRANSLATOR))),
    "fd-up": Planner(
        _DESCRIPTIONS["fd-up"],
        solve=EntryPoint("fast_downward", "solve_through_up", (_UP, _UP_FD), (_ONESHOT,))),
    "symk": Planner(
        _DESCRIPTIONS["symk"],
        solve=EntryPoint("symk", "solve_with_symk", (_UP, _UP_SYMK), ("up_symk", _ONESHOT)),
        enumerate=EntryPoint("symk", "enumerate_with_symk", (_UP_SYMK,))),
    "kstar": Planner(
        _DESCRIPTIONS["kstar"],
        enumerate=EntryPoint("kstar", "enumerate_with_kstar", (_KSTAR, _UP_FD))),
    "pyperplan": Planner(
        _DESCRIPTIONS["pyperplan"],
        # pyperplan's problem is grounded by Fast Downward's grounder first.
        solve=EntryPoint("pyperplan", "solve_with_pyperplan", (_UP, _UP_PYPERPLAN, _UP_FD),
                         ("up_fast_downward", "up_pyperplan.engine"))),
    "asp": Planner(
        _DESCRIPTIONS["asp"],
        solve=EntryPoint("asp", "solve_with_clingo", (_CLINGO,)),
        enumerate=EntryPoint("asp", "enumerate_with_clingo", (_CLINGO, _UP_FD))),
    "sat": Planner(_DESCRIPTIONS["sat"],
                   solve=EntryPoint("sat", "solve_with_sat", (_CLINGO, _PYSAT))),
    "search": Planner(
        _DESCRIPTIONS["search"],
        solve=EntryPoint("exhaustive", "solve_with_search", ()), plans_in_actions=False),
}

PLANNERS: dict[str, Planner] = {name: planner for name, planner in ALL_PLANNERS.items()
                                if planner.solve is not None}
"""The planners that solve: what `--planner` of solve, bench, study and compare accepts
(catalogue.py lists their names for the command line, without this module)."""

ENUMERATING_PLANNERS: tuple[str, ...] = tuple(
    name for name, planner in ALL_PLANNERS.items() if planner.enumerate is not None)
"""The planners `helltaker plans` enumerates with (translator/solving/plan_enumeration.py);
the first is the default."""


def _entry(name: str, mode: Mode) -> EntryPoint:
    entry = ALL_PLANNERS[name].entry(mode)
    if entry is None:
        raise ValueError(f"planner {name} does not {mode.value}")
    return entry


def require_packages(name: str, mode: Mode) -> None:
    """Raise `PlannerUnavailable`, naming the first missing package, unless every package
    planner `name` needs in `mode` is installed."""
    for needed in _entry(name, mode).packages:
        require_package(needed.module, needed.package, name)


@cache
def _load(entry: EntryPoint) -> Any:
    """Import the back-end, and what its runs will import, and return its function."""
    for name in entry.preload:
        importlib.import_module(name)
    module = importlib.import_module(f"translator.planners.{entry.module}")
    return getattr(module, entry.function)


@cache
def _warm_up(entry: EntryPoint) -> None:
    if entry.warm_up is not None:
        module = importlib.import_module(f"translator.planners.{entry.module}")
        getattr(module, entry.warm_up)()


def solver(name: str) -> SolveFunction:
    """The function by which planner `name` solves a level."""
    function: SolveFunction = _load(_entry(name, Mode.SOLVE))
    return function


def enumerator(name: str) -> EnumerateFunction:
    """The function by which planner `name` enumerates a level's plans."""
    function: EnumerateFunction = _load(_entry(name, Mode.ENUMERATE))
    return function


def run_planner(name: str, level: Level, options: PlannerOptions) -> PlannerOutcome:
    """Planner `name` on `level` in a child process under the options' limits; what keeps it
    from running or finishing is an outcome, never an exception. A planner that searches
    first (auto) runs that search here on a small level (automatic.py)."""
    attempt, entry = _SolveAttempt(name, level, options), _entry(name, Mode.SOLVE)
    if PLANNERS[name].searches_first:
        from translator.planners.automatic import AheadAttempt, search_first
        from translator.runtime.processes import stop

        ahead = AheadAttempt(partial(_started, attempt), partial(_finished, name), stop,
                             _answered,
                             wanted=f"translator.planners.{entry.module}" not in sys.modules)
        try:
            return search_first(level, options, partial(_in_child, attempt), ahead)
        finally:
            ahead.stop()
    outcome = _in_child(attempt, options)
    assert outcome is not None  # only auto's search (`search=True`) may give up
    return outcome


def _in_child(attempt: _SolveAttempt, options: PlannerOptions,
              search: bool = False) -> PlannerOutcome | None:
    """The planner's back-end (or, `search`, auto's search alone) on the level in a child."""
    if not search:
        return _finished(attempt.planner, _started(attempt, options), options)
    try:
        return run_in_child(attempt.planner, _settle, replace(attempt, options=options),
                            options.limits)
    except WorkerFailed as failure:
        return _failed(attempt.planner, failure, options)


def _started(attempt: _SolveAttempt, options: PlannerOptions) -> Child | PlannerOutcome:
    """The back-end's child started on the level (looked up in the child: a parent that did
    not prepare it, one level, never imports it; a child reserved for it has, cli/solve.py),
    or the outcome that says which package is missing."""
    try:
        require_packages(attempt.planner, Mode.SOLVE)
    except PlannerUnavailable as error:
        return PlannerOutcome(Status.ERROR, attempt.planner, False, log_tail=str(error))
    return start_in_child(attempt.planner, _attempt, replace(attempt, options=options),
                          options.limits, prepare=Preparation(attempt.planner))


def _finished(name: str, started: Child | PlannerOutcome,
              options: PlannerOptions) -> PlannerOutcome:
    """The outcome of the child `started`, awaited under `options`' limits from now."""
    if isinstance(started, PlannerOutcome):
        return started
    try:
        outcome: PlannerOutcome = result_of(started, options.limits)
        return outcome
    except WorkerFailed as failure:
        return _failed(name, failure, options)


def _answered(started: Child | PlannerOutcome) -> bool:
    """Whether the child `started` has its answer ready (a package missing is no answer to
    stop auto's search for)."""
    return isinstance(started, Child) and started.receiver.poll(0)


def _failed(name: str, failure: WorkerFailed, options: PlannerOptions) -> PlannerOutcome:
    status = status_of_failure(failure)
    memory = options.memory_limit
    limit = "" if status is not Status.OUT_OF_MEMORY else \
        f" (limit {'none' if memory is None else f'{memory / 2**20:.0f} MiB'})"
    return PlannerOutcome(status, name, False, log_tail=f"{failure}{limit}")


@dataclass(frozen=True, slots=True)
class _SolveAttempt:
    """What a planner attempt's child process runs: the planner's back-end on the level."""

    planner: str
    level: Level
    options: PlannerOptions


def _attempt(attempt: _SolveAttempt) -> PlannerOutcome:
    return solver(attempt.planner)(attempt.level, attempt.options)


def _settle(attempt: _SolveAttempt) -> PlannerOutcome | None:
    from translator.planners.automatic import settle_by_search  # auto's search, in a child
    return settle_by_search(attempt.level, attempt.options)


def prepare_attempt(name: str) -> None:
    """What the child of an attempt of planner `name` does before its job (catalogue.py
    `Preparation`): import the back-end and parse the schemas it grounds or decodes with."""
    solver(name)
    if PLANNERS[name].plans_in_actions:
        _parse_schemas()


def prepare_planner(name: str, levels: int | None = None) -> None:
    """Parse the schemas planner `name`'s plans are read with, and, when several levels
    (`levels`; None: any number) will be solved from this process, import its back-end and
    run its warm-up, once, before worker processes are forked from us.

    A single level is not worth it: its attempt's child imports only what it uses (auto's
    search, most often all it runs, needs no schemas). A planner whose packages are missing
    is left alone here: running it reports them."""
    single = levels is not None and levels <= 1
    if PLANNERS[name].plans_in_actions and not (single and PLANNERS[name].searches_first):
        _parse_schemas()
    if single:
        return
    try:
        require_packages(name, Mode.SOLVE)
    except PlannerUnavailable:
        return
    solver(name)
    _warm_up(_entry(name, Mode.SOLVE))


def _parse_schemas() -> None:
    from strips_model.schema import helltaker_domain  # the schema grammar: not for search
    helltaker_domain()


@contextlib.contextmanager
def attempt_reserved(name: str) -> Iterator[None]:
    """For a process that runs one attempt of planner `name`: its child forked now, while
    the caller reads the level, to import the back-end on the other core
    (translator/runtime/processes.py `reserve_child`); stopped at the end if no attempt took
    it (the level did not load, an error). A planner that imports nothing of its own gets
    none: a fork ahead would cost more than it hides."""
    if name in LIGHT_ATTEMPTS:
        yield
        return
    from translator.runtime.processes import cancel_reservation, reserve_child

    # What the attempt needs anyway (the schemas parsed), done before the fork: a child
    # forked earlier would have to do it again, beside it.
    prepare_planner(name, 1)
    child = reserve_child(Preparation(name))
    try:
        yield
    finally:
        cancel_reservation(child)
