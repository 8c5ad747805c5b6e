"""How solving cost grows with level size: generated levels, Fast Downward vs exhaustive search.

Levels are square, walls included, with objects in proportion to their area; their budget is
generous (4 x cells), so both engines look for an optimal plan with the same bound. Each run
has a time limit; an engine that hits it is not run on larger sizes.
"""

from __future__ import annotations

import io
import json
import os
import random
from dataclasses import asdict, dataclass

from matplotlib.figure import Figure

from strips_model.level import parse_level
from strips_model.random_level import Counts, layout_text
from translator.atomic_write import write_files_atomically
from translator.decode.solve import solve_level
from translator.planners.outcome import PlannerOptions, Status
from translator.planners.registry import prepare_planner
from translator.planners.workers import run_ordered

ENGINES = ("fd", "search")


@dataclass(frozen=True, slots=True)
class ScalingRow:
    size: int
    cells: int
    """Open cells (not wall, not demon)."""
    objects: str
    engine: str
    status: str
    cost: int | None
    seconds: float
    translate: float | None
    search: float | None
    operators: int | None
    expanded: int | None


def counts_for(size: int) -> Counts:
    area = (size - 2) * (size - 2)
    return Counts(boulders=area // 8, skeletons=area // 20, spikes=area // 36,
                  traps=area // 36, key=True, walls=0.15)


def _solve(task: tuple[str, str, float]) -> tuple[str, int | None, float, dict[str, float],
                                                  dict[str, int]]:
    engine, text, limit = task
    level = parse_level(text)
    solution = solve_level(level, engine, PlannerOptions(level.budget, limit))
    outcome = solution.outcome
    return (solution.status.value, outcome.cost, solution.seconds, dict(solution.phases),
            dict(outcome.counts))


def scaling_study(sizes: list[int], time_limit: float, seed: int = 1) -> list[ScalingRow]:
    for engine in ENGINES:
        prepare_planner(engine)
    rows: list[ScalingRow] = []
    stopped: set[str] = set()
    for size in sizes:
        counts = counts_for(size)
        rng = random.Random(f"scaling-{size}-{seed}")
        text = layout_text(rng, size, size, counts, 4 * size * size, f"scaling {size}x{size}")
        level = parse_level(text)
        objects = (f"{counts.boulders}B {counts.skeletons}M {counts.spikes}S {counts.traps}T "
                   "key+lock")
        for engine in ENGINES:
            if engine in stopped:
                rows.append(ScalingRow(size, len(level.open_cells()), objects, engine,
                                       "skipped", None, 0.0, None, None, None, None))
                continue
            (status, cost, seconds, timings, sizes_), = run_ordered(
                _solve, [(engine, text, time_limit)], jobs=1, isolate=True)
            if status == Status.TIMEOUT.value or seconds > time_limit:
                stopped.add(engine)
                status = Status.TIMEOUT.value
            rows.append(ScalingRow(
                size, len(level.open_cells()), objects, engine, status, cost, seconds,
                timings.get("translate"), timings.get("search"), sizes_.get("operators"),
                sizes_.get("expanded")))
    return rows


def _cell(value: float | int | None) -> str:
    if value is None:
        return "-"
    return f"{value:.2f}" if isinstance(value, float) else str(value)


def scaling_table(rows: list[ScalingRow]) -> str:
    lines = ["| size | open cells | objects | engine | status | cost | seconds | translate | "
             "search | ground operators | states expanded |", "|" + "---|" * 11]
    for row in rows:
        lines.append("| " + " | ".join([
            f"{row.size}x{row.size}", str(row.cells), row.objects, row.engine, row.status,
            _cell(row.cost), _cell(row.seconds), _cell(row.translate), _cell(row.search),
            _cell(row.operators), _cell(row.expanded)]) + " |")
    return "\n".join(lines)


def plot(rows: list[ScalingRow]) -> dict[str, bytes]:
    """Solve time against open cells, log scale: the bytes of a PNG and of an SVG, by
    extension."""
    # A bare Figure draws with Agg whatever the machine's display: no pyplot, no backend state.
    figure = Figure(figsize=(7, 4.5))
    axes = figure.subplots()
    series = {
        "Fast Downward, total": [(r.cells, r.seconds) for r in rows
                                 if r.engine == "fd" and r.status == "solved"],
        "  of which translate": [(r.cells, r.translate) for r in rows
                                 if r.engine == "fd" and r.translate is not None],
        "  of which search": [(r.cells, r.search) for r in rows
                              if r.engine == "fd" and r.search is not None],
        "exhaustive search": [(r.cells, r.seconds) for r in rows
                              if r.engine == "search" and r.status == "solved"],
    }
    styles = {"Fast Downward, total": "o-", "  of which translate": "s--",
              "  of which search": "^--", "exhaustive search": "D-"}
    for label, points in series.items():
        if points:
            axes.plot([p[0] for p in points], [p[1] for p in points], styles[label],
                      label=label.strip())
    for row in rows:
        if row.status == "timeout":
            axes.plot([row.cells], [row.seconds], "rx", markersize=10)
    axes.set_yscale("log")
    axes.set_xlabel("open cells of the generated level")
    axes.set_ylabel("seconds (log scale)")
    axes.set_title("Optimal solving time against level size (x: time limit hit)")
    axes.grid(True, which="both", alpha=0.3)
    axes.legend()
    figure.tight_layout()
    pictures = {}
    for extension in ("png", "svg"):
        buffer = io.BytesIO()
        figure.savefig(buffer, format=extension, dpi=110)
        pictures[extension] = buffer.getvalue()
    return pictures


def write_scaling(rows: list[ScalingRow], directory: str | None) -> str:
    table = scaling_table(rows)
    if directory:
        files = {
            "md": f"# Scaling study\n\n{table}\n".encode(),
            "json": (json.dumps([asdict(row) for row in rows], indent=2) + "\n").encode(),
            **plot(rows),
        }
        write_files_atomically({os.path.join(directory, f"scaling.{extension}"): data
                                for extension, data in files.items()})
    return table
