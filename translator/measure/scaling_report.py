"""The scaling study's outputs: the table, the growth rate of grounding per operator, the
issue's speed goals, the plots, docs/scaling.* and the README's block."""

from __future__ import annotations

import io
import json
import os
from dataclasses import asdict

from matplotlib.figure import Figure

from translator.measure.scaling import ENGINES, GROUNDING_PHASES, KINDS, ScalingRow
from translator.planners.outcome import Status
from translator.runtime.atomic_write import write_files_atomically


def _cell(value: float | int | None, digits: int = 2) -> str:
    if value is None:
        return "-"
    return f"{value:.{digits}f}" if isinstance(value, float) else str(value)


def _phase(row: ScalingRow, *names: str) -> float | None:
    """The first of the phases `names` the row has: `ground` is `pddl` for fd-translate,
    `search` is `simulator` in rows measured when fd let the exhaustive search answer and
    `planner` for the exhaustive search itself."""
    return next((row.phases[name] for name in names if name in row.phases), None)


def _ratio(row: ScalingRow, rows: list[ScalingRow]) -> float | None:
    """The row's seconds over the exhaustive search's on the same level."""
    search = next((other for other in rows if (other.kind, other.size, other.engine) ==
                   (row.kind, row.size, "search")), None)
    if row.status != "solved" or search is None or search.status != "solved" or \
            search.seconds <= 0:
        return None
    return row.seconds / search.seconds


def scaling_table(rows: list[ScalingRow]) -> str:
    header = ("kind", "size", "open cells", "objects", "engine", "status", "cost", "seconds",
              "x search", "cpu", "peak MB", "ground", "translate", "search", "operators",
              "µs/operator", "expanded")
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for row in rows:
        lines.append("| " + " | ".join([
            row.kind, f"{row.size}x{row.size}", str(row.cells), row.objects, row.engine,
            row.status, _cell(row.cost), _cell(row.seconds), _cell(_ratio(row, rows)),
            _cell(row.cpu), _cell(row.peak_mb, 0), _cell(_phase(row, "ground", "pddl")),
            _cell(_phase(row, "translate")),
            _cell(_phase(row, "search", "simulator", "planner")),
            _cell(row.operators), _cell(row.microseconds_per_operator, 1),
            _cell(row.expanded)]) + " |")
    return "\n".join(lines)


def growth_rates(rows: list[ScalingRow]) -> dict[str, float]:
    """Per engine with a grounding phase: seconds of grounding per operator, in µs, as the
    least-squares slope over every solved row (fixed costs fall into the intercept)."""
    rates: dict[str, float] = {}
    for engine in GROUNDING_PHASES:
        points = [(float(row.operators), row.grounding) for row in rows
                  if row.engine == engine and row.operators and row.grounding is not None]
        if len(points) < 2:
            continue
        mean_x = sum(x for x, _ in points) / len(points)
        mean_y = sum(y for _, y in points) / len(points)
        spread = sum((x - mean_x) ** 2 for x, _ in points)
        if spread > 0:
            rates[engine] = sum((x - mean_x) * (y - mean_y) for x, y in points) / spread * 1e6
    return rates


def goals(rows: list[ScalingRow]) -> list[str]:
    """The issue's speed goals, checked on the rows that exist (one line each)."""
    lines: list[str] = []

    def find(kind: str, size: int, engine: str) -> ScalingRow | None:
        return next((row for row in rows if (row.kind, row.size, row.engine) ==
                     (kind, size, engine)), None)

    for kind, size, megabytes in (("dense", 60, 500.0), ("open", 300, 1024.0)):
        row = find(kind, size, "fd")
        if row is not None and row.status == Status.SOLVED.value:
            met = (row.peak_mb or 0) <= megabytes
            lines.append(f"{kind} {size}x{size}, fd: {row.seconds:.2f} s, "
                         f"{row.peak_mb or 0:.0f} MB (goal <= {megabytes:g} MB): "
                         f"{'met' if met else 'not met'}")
    rate = growth_rates(rows).get("fd")
    if rate is not None:
        lines.append(f"grounding per operator, fd: {rate:.1f} µs (goal <= 10 µs): "
                     f"{'met' if rate <= 10 else 'not met'}")
    ratios = [(ratio, f"{row.kind} {row.size}x{row.size}") for row in rows
              if row.engine == "fd" and (ratio := _ratio(row, rows)) is not None]
    if ratios:
        worst = max(ratios)
        lines.append(f"fd / exhaustive search time, worst level: {worst[0]:.2f}x on {worst[1]} "
                     f"(goal <= 3x on every level): "
                     f"{'met' if worst[0] <= 3 else 'not met'}")
    return lines


_STYLES = {"fd": "o-", "fd-translate": "s--", "search": "D-"}
_LABELS = {"fd": "fd (clingo grounding)", "fd-translate": "fd-translate (FD's translator)",
           "search": "exhaustive search"}


def plot(rows: list[ScalingRow]) -> dict[str, bytes]:
    """Time and peak memory against open cells, log-log, one column per kind of level: the
    bytes of a PNG and of an SVG, by extension."""
    # A bare Figure draws with Agg whatever the machine's display: no pyplot, no backend state.
    figure = Figure(figsize=(10, 7))
    axes = figure.subplots(2, len(KINDS), squeeze=False)
    for column, kind in enumerate(KINDS):
        for line, (measure, label) in enumerate((("seconds", "seconds, whole process"),
                                                 ("peak_mb", "peak memory, MB"))):
            ax = axes[line][column]
            for engine in ENGINES:
                points = [(row.cells, getattr(row, measure)) for row in rows
                          if row.kind == kind and row.engine == engine
                          and row.status == "solved" and getattr(row, measure) is not None]
                if points:
                    ax.plot([p[0] for p in points], [p[1] for p in points], _STYLES[engine],
                            label=_LABELS[engine])
            for row in rows:
                if row.kind == kind and row.status == "timeout" and measure == "seconds":
                    ax.plot([row.cells], [row.seconds], "rx", markersize=10)
            ax.set_xscale("log")
            ax.set_yscale("log")
            ax.set_xlabel(f"open cells ({kind} levels)")
            ax.set_ylabel(label)
            ax.grid(True, which="both", alpha=0.3)
            if line == 0:
                ax.set_title(f"{kind} levels (x: time limit hit)")
            ax.legend(fontsize="small")
    figure.tight_layout()
    pictures = {}
    for extension in ("png", "svg"):
        buffer = io.BytesIO()
        figure.savefig(buffer, format=extension, dpi=100)
        pictures[extension] = buffer.getvalue()
    return pictures


def report(rows: list[ScalingRow]) -> str:
    rates = growth_rates(rows)
    lines = [scaling_table(rows), ""]
    if rates:
        lines.append("Grounding cost per operator (least-squares slope over the solved levels): "
                     + "; ".join(f"{engine} {rate:.1f} µs" for engine, rate in rates.items())
                     + ".")
    lines += [f"- {line}" for line in goals(rows)]
    return "\n".join(lines)


def readme_summary(rows: list[ScalingRow]) -> str:
    """The README's scaling block: per kind, the largest level each engine solved, then the
    growth rate and the goals (the full table is docs/scaling.md)."""
    lines = ["| kind | engine | largest solved | open cells | seconds | peak MB | operators |",
             "|---|---|---|---|---|---|---|"]
    for kind in KINDS:
        for engine in ENGINES:
            solved = [row for row in rows if (row.kind, row.engine, row.status) ==
                      (kind, engine, "solved")]
            if solved:
                row = max(solved, key=lambda row: row.size)
                lines.append(f"| {kind} | {engine} | {row.size}x{row.size} | {row.cells} | "
                             f"{row.seconds:.2f} | {_cell(row.peak_mb, 0)} | "
                             f"{_cell(row.operators)} |")
    rates = growth_rates(rows)
    lines.append("")
    if rates:
        lines.append("Grounding cost per operator (slope over the solved levels): "
                     + "; ".join(f"{engine} {rate:.1f} µs" for engine, rate in rates.items())
                     + ".")
        lines.append("")
    lines += [f"- {line}" for line in goals(rows)]
    return "\n".join(lines) + "\n"


def write_scaling(rows: list[ScalingRow], directory: str | None) -> str:
    text = report(rows)
    if directory:
        records = [{**asdict(row), "grounding": row.grounding,
                    "microseconds_per_operator": row.microseconds_per_operator}
                   for row in rows]
        files = {
            "md": f"# Scaling study\n\n{text}\n".encode(),
            "json": (json.dumps(records, indent=2) + "\n").encode(),
            **plot(rows),
        }
        write_files_atomically({os.path.join(directory, f"scaling.{extension}"): data
                                for extension, data in files.items()})
    return text
