"""Benchmarks: time of every pipeline phase per level and planner, and the speed targets.

Every measured run happens in a process forked for it (translator/runtime/workers.py), so no run
inherits caches or state from the previous one, and medians are taken over `repeat` runs.
Rows (level, planner) are measured one at a time, or on the workers of a Dask cluster
(translator/runtime/executors.py), one row per worker at a time.
"""

from __future__ import annotations

import os
import platform
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

from strips_model.level import Level, load_level
from strips_model.par import par_of_level
from translator.measure.process_usage import process_usage
from translator.measure.published_times import published_for
from translator.planners.best_first import SearchTimeout
from translator.planners.exhaustive import solve_exhaustively
from translator.planners.outcome import PlannerOptions
from translator.planners.registry import prepare_planner
from translator.runtime.executors import open_executor
from translator.runtime.processes import (
    NO_LIMITS,
    Limits,
    WorkerOutOfMemory,
    WorkerTimeout,
    run_in_child,
)
from translator.runtime.progress import Progress
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
class Target:
    name: str
    measured: float
    goal: float
    unit: str
    met: bool
    command: str


@dataclass(frozen=True, slots=True)
class Report:
    machine: dict[str, object]
    repeat: int
    rows: list[Row]
    targets: list[Target]


def machine_facts() -> dict[str, object]:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as stream:
            for line in stream:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    load = os.getloadavg() if hasattr(os, "getloadavg") else (0.0, 0.0, 0.0)
    return {"cores": os.cpu_count(), "cpu": cpu, "python": platform.python_version(),
            "load_1_5_15": [round(value, 2) for value in load]}


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


def _measure_once(task: tuple[str, str, Limits]) -> _Run:
    source, planner, limits = task
    started, cpu_started = time.perf_counter(), process_usage().cpu
    level = load_level(source)
    parsed = time.perf_counter()
    solution = solve_level(level, planner,
                           PlannerOptions(level.budget, limits.seconds, limits.memory))
    outcome, verdict = solution.outcome, solution.verdict
    phases = {"parse": parsed - started}
    for phase, seconds in solution.phases:
        named = SEARCH_PHASE.get(planner, phase) if phase == "planner" else phase
        phases[named] = seconds
    total = parsed - started + solution.seconds
    # What no phase accounts for: starting the planner's process, mapping the plan back,
    # the solve loop itself.
    phases["overhead"] = max(0.0, total - sum(phases.values()))
    return _Run(level.name, level.budget, outcome.status.value, outcome.planner,
                verdict.cost if verdict else None, verdict.valid if verdict else None, phases,
                total, dict(outcome.counts), process_usage().cpu - cpu_started)


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
    tasks = [(source, planner, pars[source], repeat, limits) for source in levels
             for planner in planners if (source, planner) not in known]
    rows = dict(known)
    with Progress(len(tasks)) as progress, open_executor(cluster, jobs=1) as executor:
        progress.start()
        for _index, row in executor.run(_row_task, tasks):
            if isinstance(row, BaseException):
                raise row
            progress.done()
            rows[(row.source, row.planner)] = row
            if finished is not None:
                finished(row)
            if progress.finished < len(tasks):
                progress.start()
    return [rows[(source, planner)] for source in levels for planner in planners]


def _row_task(task: tuple[str, str, int | None, int, Limits]) -> Row:
    """One row; module-level so that Dask workers can run it."""
    return _row(*task)


def _row(source: str, planner: str, par: int | None, repeat: int, limits: Limits) -> Row:
    runs = list(run_ordered(_measure_once, [(source, planner, limits)] * repeat,
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


def _process_seconds(arguments: list[str], repeat: int) -> float:
    """Median wall time of `helltaker ARGUMENTS` as a fresh process, start-up included."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "translator.cli", *arguments],
                       capture_output=True, check=False)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def speed_targets(levels: list[str], repeat: int, rows: Sequence[Row] = ()) -> list[Target]:
    """The targets of the performance issues, for the classic levels among `levels`."""
    by_name = {Path(path).stem: path for path in levels}
    classic = [by_name[f"level{n}"] for n in range(1, 10) if f"level{n}" in by_name]
    targets: list[Target] = []
    if len(classic) == 9:
        command = ["solve", "--optimal", "--json", *classic]
        seconds = _process_seconds(command, repeat)
        targets.append(Target("levels 1-9, one `solve --optimal` process", seconds, 0.5, "s",
                              seconds <= 0.5, "helltaker " + " ".join(command)))
        cpu = [row.cpu for row in rows if row.planner == "fd" and row.source in classic
               and row.cpu is not None]
        if len(cpu) == 9:
            median = statistics.median(cpu)
            targets.append(Target("median CPU per classic level, fd (search included)",
                                  median, 0.04, "s", median <= 0.04,
                                  "helltaker bench CLASSIC --planners fd (column cpu)"))
    for name in ("level6", "level9"):
        if name in by_name:
            command = ["solve", "--optimal", by_name[name]]
            seconds = _process_seconds(command, repeat)
            targets.append(Target(f"{name} end to end", seconds, 1.0, "s", seconds <= 1.0,
                                  "helltaker " + " ".join(command)))
    if "level9" in by_name:
        fast = _process_seconds(["solve", "--optimal", by_name["level9"]], repeat)
        exhaustive = _process_seconds(["solve", "--planner", "search", by_name["level9"]],
                                      repeat)
        ratio = exhaustive / fast
        shown = f"helltaker solve --planner search {by_name['level9']}"
        targets.append(Target("level9: exhaustive search time / fd time", ratio, 5.0, "x",
                              ratio >= 5.0, shown))
    return targets


def run_benchmark(levels: list[str], planners: list[str], repeat: int,
                  limits: Limits = NO_LIMITS, with_targets: bool = True,
                  cluster: str | None = None,
                  known: Mapping[tuple[str, str], Row] | None = None,
                  finished: Callable[[Row], None] | None = None) -> Report:
    machine = machine_facts()
    rows = measure(levels, planners, repeat, limits, cluster, known, finished)
    targets = speed_targets(levels, repeat, rows) if with_targets else []
    machine["load_after_1_5_15"] = machine_facts()["load_1_5_15"]
    return Report(machine, repeat, rows, targets)


def report_json(report: Report) -> dict[str, object]:
    return {"machine": report.machine, "repeat": report.repeat,
            "rows": [asdict(row) for row in report.rows],
            "targets": [asdict(target) for target in report.targets]}


def _seconds(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def _general(configuration: str) -> str:
    """A configuration with its per-level bound named instead."""
    return re.sub(r"bound=\d+", "bound=budget+1", configuration)


def report_markdown(report: Report) -> str:
    machine = report.machine
    lines = [
        "# helltaker bench",
        "",
        f"Machine: {machine['cores']} cores, {machine['cpu']}, Python {machine['python']}; "
        f"load average (1/5/15 min) {machine['load_1_5_15']} before, "
        f"{machine.get('load_after_1_5_15')} after. Median of {report.repeat} run(s), each in "
        "a fresh process; seconds.",
        "",
        "| level | planner | budget | par | cost | valid | optimal | "
        + " | ".join(PHASES) + " | total | cpu | published, another machine |",
        "|" + "---|" * (len(PHASES) + 10),
    ]
    for row in report.rows:
        phases = [_seconds(row.phases.get(name)) for name in PHASES]
        if "planner" in row.phases:  # a planner that does not split its phases
            phases[PHASES.index("search")] = f"{_seconds(row.phases['planner'])} (all)"
        published = ", ".join(f"{method} {seconds:g}" for method, seconds in
                              row.published.items()) or "-"
        lines.append("| " + " | ".join([
            row.level, row.planner, str(row.budget), str(row.par if row.par is not None else "-"),
            str(row.cost if row.cost is not None else row.status),
            {True: "yes", False: "NO", None: "-"}[row.valid],
            {True: "yes", False: "no", None: "-"}[row.optimal],
            *phases, _seconds(row.total), _seconds(row.cpu), published]) + " |")
    if report.targets:
        lines += ["", "| target | measured | goal | met | command |", "|---|---|---|---|---|"]
        for target in report.targets:
            comparison = ">=" if target.unit == "x" else "<="
            lines.append(f"| {target.name} | {target.measured:.2f} {target.unit} | "
                         f"{comparison} {target.goal:g} {target.unit} | "
                         f"{'yes' if target.met else 'no'} | `{target.command}` |")
    configurations = sorted({f"{row.planner} = {_general(row.configuration)}"
                             for row in report.rows})
    lines += ["", "Configurations (exact strings per level in bench.json): "
              + "; ".join(configurations), ""]
    return "\n".join(lines)


def readme_summary(report: Report) -> str:
    """The README's performance block: the targets, then each planner's median per level of
    every phase it reports (the full table is docs/bench.md)."""
    machine = report.machine
    lines = [f"Measured by `helltaker bench` on {machine['cores']} cores ({machine['cpu']}), "
             f"load average {machine['load_1_5_15']} before; median of {report.repeat} run(s) "
             "per level, each in a fresh process.", ""]
    if report.targets:
        lines += ["| target | measured | goal | met |", "|---|---|---|---|"]
        for target in report.targets:
            comparison = ">=" if target.unit == "x" else "<="
            lines.append(f"| {target.name} | {target.measured:.3f} {target.unit} | "
                         f"{comparison} {target.goal:g} {target.unit} | "
                         f"{'yes' if target.met else 'no'} |")
        lines.append("")
    planners = list(dict.fromkeys(row.planner for row in report.rows))
    shown = [name for name in (*PHASES, "planner")
             if any(name in row.phases for row in report.rows)]
    lines += ["Median seconds per level (" + f"{len({row.source for row in report.rows})} "
              "levels):", "",
              "| planner | " + " | ".join(shown) + " | total | cpu |",
              "|---|" + "---|" * (len(shown) + 2)]
    for planner in planners:
        rows = [row for row in report.rows if row.planner == planner]

        def median(values: list[float]) -> str:
            return f"{statistics.median(values):.3f}" if values else "-"

        cells = [median([row.phases[name] for row in rows if name in row.phases])
                 for name in shown]
        cpu = [row.cpu for row in rows if row.cpu is not None]
        lines.append(f"| {planner} | " + " | ".join(cells) +
                     f" | {median([row.total for row in rows])} | {median(cpu)} |")
    return "\n".join(lines) + "\n"
