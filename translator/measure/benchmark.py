"""Benchmarks: time of every pipeline phase per level and planner.

Every measured run happens in a process forked for it (translator/runtime/workers.py), so no run
inherits caches or state from the previous one, and medians are taken over `repeat` runs.
Rows (level, planner) are measured one at a time, or on the workers of a Dask cluster
(translator/runtime/executors.py), one row per worker at a time. The speed targets are
speed_targets.py; the report, bench_report.py.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from strips_model.level import Level
from strips_model.level_file import load_level
from strips_model.par import par_of_level
from translator.measure.batch import measure_items
from translator.measure.process_usage import UsageMeter
from translator.measure.published_times import published_for
from translator.planners.best_first import SearchTimeout
from translator.planners.exhaustive import solve_exhaustively
from translator.planners.outcome import PlannerOptions
from translator.planners.registry import prepare_planner
from translator.runtime.processes import (
    NO_LIMITS,
    Limits,
    WorkerOutOfMemory,
    WorkerTimeout,
    run_in_child,
)
from translator.runtime.workers import run_ordered
from translator.solving.solve import solve_level

PHASES = ("parse", "model", "pddl", "ground", "translate", "encode", "search", "decode",
          "validate", "overhead")
SEARCH_PHASE = {"search": "search", "fd-up": "planner"}
"""Planners that do not time their own phases: where their whole run is reported."""


@dataclass(frozen=True, slots=True)
class Row:
    level: str
    source: str
    planner: str
    configuration: str
    status: str
    budget: int
    par: int | None
    cost: int | None
    valid: bool | None
    optimal: bool | None
    phases: dict[str, float]
    """Median seconds per phase; phases a planner does not report are absent."""
    total: float
    counts: dict[str, int] = field(default_factory=dict)
    published: dict[str, float] = field(default_factory=dict)
    cpu: float | None = None
    """Median CPU seconds of the run, the planner's child processes included."""


@dataclass(frozen=True, slots=True)
class _Run:
    """One measured run of one planner on one level."""

    level: str
    budget: int
    status: str
    configuration: str
    cost: int | None
    valid: bool | None
    phases: dict[str, float]
    total: float
    counts: dict[str, int]
    cpu: float


@dataclass(frozen=True, slots=True)
class _RunRequest:
    """One measured run: `planner` on the level file `source`, under `limits`."""

    source: str
    planner: str
    limits: Limits


def _measure_once(request: _RunRequest) -> _Run:
    source, planner, limits = request.source, request.planner, request.limits
    meter = UsageMeter()
    level = load_level(source)
    parsed = meter.elapsed()
    solution = solve_level(level, planner,
                           PlannerOptions(level.budget, limits.seconds, limits.memory))
    outcome, verdict = solution.outcome, solution.verdict
    phases = {"parse": parsed}
    for phase, seconds in solution.phases:
        named = SEARCH_PHASE.get(planner, phase) if phase == "planner" else phase
        phases[named] = seconds
    total = parsed + solution.seconds
    # What no phase accounts for: starting the planner's process, mapping the plan back,
    # the solve loop itself.
    phases["overhead"] = max(0.0, total - sum(phases.values()))
    return _Run(level.name, level.budget, outcome.status.value, outcome.planner,
                verdict.cost if verdict else None, verdict.valid if verdict else None, phases,
                total, dict(outcome.counts), meter.read().cpu)


def _reference_par(source: str, limits: Limits) -> int | None:
    listed = par_of_level(source)
    if listed is not None:
        return listed
    try:
        return run_in_child("the exhaustive search for par", _minimum_cost, load_level(source),
                            Limits(60.0, limits.memory))
    except (SearchTimeout, WorkerTimeout, WorkerOutOfMemory):
        return None


def _minimum_cost(level: Level) -> int | None:
    return solve_exhaustively(level, time_limit=60).cost


def measure(levels: list[str], planners: list[str], repeat: int,
            limits: Limits = NO_LIMITS, cluster: str | None = None,
            known: Mapping[tuple[str, str], Row] | None = None,
            finished: Callable[[Row], None] | None = None) -> list[Row]:
    """A row per level and planner, in input order. Rows run one at a time here, or spread
    over a Dask `cluster`; the `known` rows (source, planner) are not measured again, and
    `finished` sees every new row as soon as it is measured."""
    for planner in planners:
        prepare_planner(planner)
    load_level(levels[0])  # build the level parser before forking the runs
    known = known or {}
    pars = {source: _reference_par(source, limits) for source in levels
            if any((source, planner) not in known for planner in planners)}
    tasks = [_RowRequest(source, planner, pars[source], repeat, limits) for source in levels
             for planner in planners if (source, planner) not in known]
    rows = dict(known)
    for _index, row in measure_items(_row, tasks, cluster=cluster):
        if isinstance(row, BaseException):
            raise row
        rows[(row.source, row.planner)] = row
        if finished is not None:
            finished(row)
    return [rows[(source, planner)] for source in levels for planner in planners]


@dataclass(frozen=True, slots=True)
class _RowRequest:
    """One row: `planner` on the level file `source`, measured `repeat` times."""

    source: str
    planner: str
    par: int | None
    """The level's optimum, when known."""
    repeat: int
    limits: Limits


def _row(request: _RowRequest) -> Row:
    """One row; module-level so that Dask workers can run it."""
    source, planner, par = request.source, request.planner, request.par
    runs = list(run_ordered(_measure_once,
                            [_RunRequest(source, planner, request.limits)] * request.repeat,
                            jobs=1, isolate=True))
    first = runs[0]
    names = [name for name in (*PHASES, "planner") if name in first.phases]
    return Row(
        level=first.level, source=source, planner=planner, configuration=first.configuration,
        status=first.status, budget=first.budget, par=par, cost=first.cost, valid=first.valid,
        optimal=None if first.cost is None or par is None else first.cost == par,
        phases={name: statistics.median(run.phases[name] for run in runs) for name in names},
        total=statistics.median(run.total for run in runs), counts=first.counts,
        published=published_for(first.level), cpu=statistics.median(run.cpu for run in runs),
    )
