"""The study's outputs: summary tables per planner and per grade, study.md, study.json and
the plots against difficulty grade (docs/study/)."""

from __future__ import annotations

import io
import json
import math
import os
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from matplotlib.figure import Figure

from translator.measure.study import LEVEL_KIND, RUN_KIND, Record
from translator.measure.study_grades import GRADES
from translator.runtime.atomic_write import write_files_atomically

FAILED = ("error", "out of memory")


@dataclass(frozen=True, slots=True)
class Summary:
    planner: str
    runs: int
    solved: int
    """Valid plans within the budget."""
    median_seconds: float | None
    p90_seconds: float | None
    median_peak_mb: float | None
    """Over the solved attempts."""
    timeouts: int
    failures: int
    """Errors and out of memory."""
    invalid: int
    wrong: int
    """Claimed unsolvable on a level the exhaustive search solved within its budget."""
    agree: int
    """Solved at the exhaustive search's optimal cost."""

    @property
    def solved_share(self) -> float:
        return self.solved / self.runs if self.runs else 0.0


@dataclass(frozen=True, slots=True)
class StudyMeta:
    command: str
    seed: int
    count: int
    planners: tuple[str, ...]
    timeout: float
    memory_mb: float | None
    machine: dict[str, object]
    date: str
    seconds: float
    """Wall time of the invocation that wrote the files (a resumed study: the last one)."""


def _percentile(values: Sequence[float], share: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(share * len(ordered)) - 1)]


def _numbers(runs: Sequence[Record], field: str) -> list[float]:
    return [float(value) for run in runs
            if isinstance(value := run.get(field), int | float) and not isinstance(value, bool)]


def summarize(planner: str, runs: Sequence[Record]) -> Summary:
    seconds = _numbers(runs, "seconds")
    # Solved attempts only: a stopped attempt's killed descendants (Fast Downward's or
    # SymK's search binary) are reaped by init, so their memory is missing from its peak.
    peaks = _numbers([run for run in runs if run.get("within_budget") is True], "peak_mb")
    status = [run.get("status") for run in runs]
    return Summary(
        planner, len(runs), sum(run.get("within_budget") is True for run in runs),
        statistics.median(seconds) if seconds else None, _percentile(seconds, 0.9),
        statistics.median(peaks) if peaks else None, status.count("timeout"),
        sum(value in FAILED for value in status), status.count("invalid"),
        status.count("unsolvable"), sum(run.get("agrees") is True for run in runs))


def runs_of(records: Sequence[Record]) -> list[Record]:
    return [record for record in records if record.get("kind") == RUN_KIND]


def levels_of(records: Sequence[Record]) -> list[Record]:
    return [record for record in records if record.get("kind") == LEVEL_KIND]


def planner_summaries(records: Sequence[Record], planners: Sequence[str],
                      grade: int | None = None) -> list[Summary]:
    runs = [run for run in runs_of(records) if grade is None or run.get("grade") == grade]
    return [summarize(planner, [run for run in runs if run.get("planner") == planner])
            for planner in planners]


def _value(value: float | None, digits: int = 2) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def summary_table(summaries: Sequence[Summary]) -> str:
    lines = ["| planner | solved within budget | median s | p90 s | median peak MB | "
             "timeouts | failures | invalid | wrong unsolvable | optimal cost agrees |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for row in summaries:
        agrees = f"{row.agree}/{row.solved}" if row.solved else "-"
        lines.append(
            f"| {row.planner} | {row.solved}/{row.runs} ({100 * row.solved_share:.0f}%) | "
            f"{_value(row.median_seconds)} | {_value(row.p90_seconds)} | "
            f"{_value(row.median_peak_mb, 0)} | {row.timeouts} | {row.failures} | "
            f"{row.invalid} | {row.wrong} | {agrees} |")
    return "\n".join(lines)


def _median(values: list[float]) -> str:
    return f"{statistics.median(values):g}" if values else "-"


def grades_table(records: Sequence[Record]) -> str:
    levels = levels_of(records)
    lines = ["| grade | size | boulders, skeletons, spikes, traps, key, walls | levels | "
             "not generated | median optimum | median expanded | median optimal plans |",
             "|---|---|---|---|---|---|---|---|"]
    for grade in GRADES:
        mine = [level for level in levels if level.get("grade") == grade.number]
        made = [level for level in mine if "error" not in level]
        counts = grade.counts
        objects = (f"{counts.boulders}, {counts.skeletons}, {counts.spikes}, {counts.traps}, "
                   f"{'yes' if counts.key else 'no'}, {counts.walls:.0%}")
        lines.append(
            f"| {grade.number} | {grade.size}x{grade.size} {grade.density} | {objects} | "
            f"{len(made)} | {len(mine) - len(made)} | {_median(_numbers(made, 'optimum'))} | "
            f"{_median(_numbers(made, 'expanded'))} | "
            f"{_median(_numbers(made, 'optimal_plans'))} |")
    return "\n".join(lines)


def markdown(records: Sequence[Record], meta: StudyMeta) -> str:
    planners = meta.planners
    levels = levels_of(records)
    made = sum("error" not in level for level in levels)
    machine = ", ".join(f"{key} {value}" for key, value in meta.machine.items())
    memory = "none" if meta.memory_mb is None else f"{meta.memory_mb:.0f} MiB"
    per_grade = []
    for grade in GRADES:
        summaries = planner_summaries(records, planners, grade.number)
        if any(summary.runs for summary in summaries):
            per_grade += [f"### Grade {grade.number}: {grade.label}", "",
                          summary_table(summaries), ""]
    return "\n".join([
        "# A study on a generated suite", "",
        f"{made} generated levels ({len(levels) - made} not generated) of {len(GRADES)} "
        f"grades, every shipped planner ({', '.join(planners)}) on each, "
        f"{meta.timeout:g} s and {memory} per attempt.", "",
        "## How it was made", "",
        "```", meta.command, "```", "",
        f"Seed {meta.seed}, {meta.count} levels; written {meta.date} after "
        f"{meta.seconds:.0f} s (the last invocation; a resumed study skips what its "
        f"results file holds); the attempts' wall times add up to "
        f"{sum(_numbers(runs_of(records), 'seconds')):.0f} s. Machine: {machine}.", "",
        "Level i is of grade (i - 1) mod 12 + 1 and its seed derives from the study's seed "
        "and i (`helltaker suite`'s generator, budget = optimum). Each level was checked, "
        "and its optimum, states expanded and optimal plans (capped at 1000) found, by the "
        "exhaustive search over the rules simulator. Each attempt runs in a process forked "
        "for it: seconds are its wall time (planner, decoding, validation), peak MB the "
        "largest resident size of it and its children, which includes about "
        f"{_baseline(records)} MB the forked process shares with the study's process "
        "(imported planners); it is the median over solved attempts, since a stopped "
        "attempt's killed search binary is not counted in it. Solved within budget = a "
        "plan the simulator replays to the demon within the budget; the optimum cost "
        "agrees when its cost is the exhaustive search's. Times are over all attempts, a "
        "timeout counting as its time limit.", "",
        "## Grades", "", grades_table(records), "",
        "## Per planner", "", summary_table(planner_summaries(records, planners)), "",
        "![solved within budget per grade](study-solved.png)", "",
        "![median time per grade](study-time.png)", "",
        "![median peak memory per grade](study-memory.png)", "",
        "## Per grade", "", *per_grade,
    ])


def _baseline(records: Sequence[Record]) -> str:
    values = _numbers(runs_of(records), "baseline_mb")
    return f"{statistics.median(values):.0f}" if values else "-"


_STYLES = ("o-", "s--", "D-", "^-", "v--", "x-", "P--", "*-", "h-")


def plots(records: Sequence[Record], planners: Sequence[str]) -> dict[str, bytes]:
    """study-solved.png/svg, study-time.png/svg, study-memory.png, by file name."""
    numbers = [grade.number for grade in GRADES]
    labels = [grade.label for grade in GRADES]
    by_grade = {planner: [planner_summaries(records, [planner], number)[0]
                          for number in numbers] for planner in planners}
    pictures: dict[str, bytes] = {}
    for name, title, measure, log, extensions in (
            ("solved", "share solved within budget", lambda s: s.solved_share, False,
             ("png", "svg")),
            ("time", "median seconds per attempt", lambda s: s.median_seconds, True,
             ("png", "svg")),
            ("memory", "median peak memory of solved attempts, MB",
             lambda s: s.median_peak_mb, False, ("png",))):
        # A bare Figure draws with Agg whatever the display: no pyplot, no global state.
        figure = Figure(figsize=(10, 5.5))
        ax = figure.subplots()
        for position, (style, planner) in enumerate(zip(_STYLES * 2, planners,
                                                         strict=False)):
            # Planners side by side within a grade: equal values (all solved) stay visible.
            dodge = (position - (len(planners) - 1) / 2) * 0.05
            points = [(number + dodge, measure(summary)) for number, summary
                      in zip(numbers, by_grade[planner], strict=True)
                      if summary.runs and measure(summary) is not None]
            if points:
                ax.plot([p[0] for p in points], [p[1] for p in points], style, label=planner)
        ax.set_xticks(numbers, labels, rotation=45, ha="right", fontsize="small")
        ax.set_xlabel("difficulty grade (size, object density)")
        ax.set_ylabel(title)
        if log:
            ax.set_yscale("log")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize="small", ncol=2)
        figure.tight_layout()
        for extension in extensions:
            buffer = io.BytesIO()
            figure.savefig(buffer, format=extension, dpi=100)
            pictures[f"study-{name}.{extension}"] = buffer.getvalue()
    return pictures


def write_study(records: Sequence[Record], meta: StudyMeta, directory: str) -> list[str]:
    """Every output file at once (all or none); their paths."""
    document = {"command": meta.command, "seed": meta.seed, "count": meta.count,
                "planners": list(meta.planners), "timeout": meta.timeout,
                "memory_mb": meta.memory_mb, "machine": meta.machine, "date": meta.date,
                "seconds": meta.seconds, "records": list(records)}
    files = {"study.md": markdown(records, meta).encode(),
             "study.json": (json.dumps(document, indent=1) + "\n").encode(),
             **plots(records, meta.planners)}
    paths = {os.path.join(directory, name): data for name, data in files.items()}
    write_files_atomically(paths)
    return sorted(paths)
