"""The bench's report: the rows and targets `run_benchmark` measures, as JSON a script can
compare, as the Markdown table of docs/bench.md, and as the README's performance block."""

from __future__ import annotations

import re
import statistics
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field

from translator.measure.benchmark import PHASES, Row, measure
from translator.measure.long_plan import long_plan_targets
from translator.measure.machine import machine_facts
from translator.measure.speed_targets import Target, speed_targets, start_up_targets
from translator.measure.start_up import StartUp, measure_start_up
from translator.runtime.processes import NO_LIMITS, Limits


@dataclass(frozen=True, slots=True)
class BenchReport:
    machine: dict[str, object]
    repeat: int
    rows: list[Row]
    targets: list[Target]
    start_up: list[StartUp] = field(default_factory=list)
    """Fresh processes timed from outside (start_up.py), measured with the targets."""


def run_benchmark(levels: list[str], planners: list[str], repeat: int,
                  limits: Limits = NO_LIMITS, with_targets: bool = True,
                  cluster: str | None = None,
                  known: Mapping[tuple[str, str], Row] | None = None,
                  finished: Callable[[Row], None] | None = None) -> BenchReport:
    machine = machine_facts()
    rows = measure(levels, planners, repeat, limits, cluster, known, finished)
    start_up = measure_start_up(levels[0], planners, repeat) if with_targets else []
    targets = speed_targets(levels, repeat, rows) + start_up_targets(start_up) \
        + long_plan_targets() if with_targets else []
    machine["load_after_1_5_15"] = machine_facts()["load_1_5_15"]
    return BenchReport(machine, repeat, rows, targets, start_up)


def report_json(report: BenchReport) -> dict[str, object]:
    return {"machine": report.machine, "repeat": report.repeat,
            "rows": [asdict(row) for row in report.rows],
            "targets": [asdict(target) for target in report.targets],
            "start_up": [asdict(row) for row in report.start_up]}


def _seconds(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def _general(configuration: str) -> str:
    """A configuration with its per-level bound named instead."""
    return re.sub(r"bound=\d+", "bound=budget+1", configuration)


def _target_cells(target: Target, digits: int) -> str:
    """The row of a target's table up to its `met` cell: `| name | measured | goal | met |`."""
    comparison = ">=" if target.unit == "x" else "<="
    return (f"| {target.name} | {target.measured:.{digits}f} {target.unit} | "
            f"{comparison} {target.goal:g} {target.unit} | {'yes' if target.met else 'no'} |")


def report_markdown(report: BenchReport) -> str:
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
        lines += [f"{_target_cells(target, 2)} `{target.command}` |" for target in report.targets]
    lines += _start_up_table(report.start_up)
    configurations = sorted({f"{row.planner} = {_general(row.configuration)}"
                             for row in report.rows})
    lines += ["", "Configurations (exact strings per level in bench.json): "
              + "; ".join(configurations), ""]
    return "\n".join(lines)


def readme_summary(report: BenchReport) -> str:
    """The README's performance block: the targets, then each planner's median per level of
    every phase it reports (the full table is docs/bench.md)."""
    machine = report.machine
    lines = [f"Measured by `helltaker bench` on {machine['cores']} cores ({machine['cpu']}), "
             f"load average {machine['load_1_5_15']} before; median of {report.repeat} run(s) "
             "per level, each in a fresh process.", ""]
    if report.targets:
        lines += ["| target | measured | goal | met |", "|---|---|---|---|"]
        lines += [_target_cells(target, 3) for target in report.targets]
        lines.append("")
    if report.start_up:
        lines += _start_up_table(report.start_up)[1:] + [""]
    planners = list(dict.fromkeys(row.planner for row in report.rows))
    shown = [name for name in (*PHASES, "planner")
             if any(name in row.phases for row in report.rows)]
    lines += ["Median seconds per level (" + f"{len({row.source for row in report.rows})} "
              "levels):", "",
              "| planner | " + " | ".join(shown) + " | total | cpu |",
              "|---|" + "---|" * (len(shown) + 2)]
    for planner in planners:
        rows = [row for row in report.rows if row.planner == planner]
        cells = [_median([row.phases[name] for row in rows if name in row.phases])
                 for name in shown]
        cpu = [row.cpu for row in rows if row.cpu is not None]
        lines.append(f"| {planner} | " + " | ".join(cells) +
                     f" | {_median([row.total for row in rows])} | {_median(cpu)} |")
    return "\n".join(lines) + "\n"


def _start_up_table(rows: list[StartUp]) -> list[str]:
    """The start-up phase of fresh processes, after an empty line; nothing without rows."""
    if not rows:
        return []
    lines = ["", "Start-up, fresh processes taking turns (median seconds; the level's own work "
             "is what the process reports in its JSON record, the start-up the rest, also as "
             "a multiple of `python -c pass`'s):", "",
             "| command | process | level's work | start-up | x python |", "|---|---|---|---|---|"]
    lines += [f"| `{row.command}` | {row.process:.3f} | {_seconds(row.level_work)} | "
              f"{row.start_up:.3f} | {_times(row.times_python)} |" for row in rows]
    return lines


def _times(ratio: float | None) -> str:
    return "-" if ratio is None else f"{ratio:.1f}x"


def _median(values: list[float]) -> str:
    return f"{statistics.median(values):.3f}" if values else "-"
