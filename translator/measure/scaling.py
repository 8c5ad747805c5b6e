"""How solving cost grows with level size: both grounding paths of Fast Downward and the
exhaustive search, on generated square levels of two kinds.

- `dense`: objects in proportion to the area (a boulder per 8 inner cells, a skeleton per 20,
  spikes and traps per 36, a key and a lock) and 15% inner walls;
- `open`: an empty walled room, hero near one corner and demon near the other.
Budgets are generous (4 x cells), so every engine looks for an optimal plan under the same
bound. Each run is a fresh process (translator/measure/scaling_run.py) timed from outside, with
its CPU time and peak memory; an engine that hits the time limit on one size of a kind is not
run on larger sizes of that kind. The tables, goals and plots: scaling_report.py.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from dataclasses import dataclass, field

from strips_model.level_file import parse_level
from strips_model.random_level import Counts, layout_text
from translator.measure.batch import measure_items
from translator.planners.outcome import Status
from translator.runtime.commands import run_command
from translator.runtime.temporary_folders import temporary_folder

ENGINES = ("fd", "fd-translate", "search")
KINDS = ("dense", "open")
GROUNDING_PHASES = {"fd": ("ground", "translate"), "fd-translate": ("pddl", "translate")}
"""The phases that turn a level into the search's task, per engine that has them."""


@dataclass(frozen=True, slots=True)
class ScalingRow:
    kind: str
    size: int
    cells: int
    """Open cells (not wall, not demon)."""
    objects: str
    engine: str
    status: str
    cost: int | None
    seconds: float
    """Wall time of the whole process, start-up included."""
    cpu: float | None = None
    peak_mb: float | None = None
    phases: dict[str, float] = field(default_factory=dict)
    operators: int | None = None
    """Operators of the task the search reads (after Fast Downward's or our pruning)."""
    expanded: int | None = None

    @property
    def grounding(self) -> float | None:
        names = GROUNDING_PHASES.get(self.engine)
        if names is None or not all(name in self.phases for name in names):
            return None
        return sum(self.phases[name] for name in names)

    @property
    def microseconds_per_operator(self) -> float | None:
        grounding = self.grounding
        if grounding is None or not self.operators:
            return None
        return grounding / self.operators * 1e6


def counts_for(size: int, kind: str = "dense") -> Counts:
    if kind == "open":
        return Counts(0, 0, 0, 0, False, 0.0)
    area = (size - 2) * (size - 2)
    return Counts(boulders=area // 8, skeletons=area // 20, spikes=area // 36,
                  traps=area // 36, key=True, walls=0.15)


def level_text(size: int, kind: str, seed: int = 1) -> str:
    rng = random.Random(f"scaling-{size}-{seed}" if kind == "dense" else
                        f"scaling-{kind}-{size}-{seed}")
    return layout_text(rng, size, size, counts_for(size, kind), 4 * size * size,
                       f"scaling {kind} {size}x{size}")


def _objects(counts: Counts) -> str:
    if counts == Counts(0, 0, 0, 0, False, 0.0):
        return "none"
    return (f"{counts.boulders}B {counts.skeletons}M {counts.spikes}S {counts.traps}T"
            + (" key+lock" if counts.key else ""))


def measure_run(engine: str, path: str, time_limit: float) -> dict[str, object] | None:
    """The run's JSON record and its wall time, or None when the time limit stopped it."""
    started = time.perf_counter()
    command = [sys.executable, "-m", "translator.measure.scaling_run", engine, path,
               str(time_limit)]
    # The child enforces the limit on its planner; the margin covers its start-up.
    run = run_command(command, os.path.dirname(path), time_limit + 30)
    seconds = time.perf_counter() - started
    if run.exit_code is None:
        return None
    lines = [line for line in run.output.splitlines() if line.startswith("{")]
    if run.exit_code != 0 or not lines:
        return {"status": Status.ERROR.value, "seconds": seconds,
                "message": run.output.strip().splitlines()[-1:]}
    record: dict[str, object] = json.loads(lines[-1])
    record["seconds"] = seconds
    return record


@dataclass(frozen=True, slots=True)
class _Item:
    """One engine on one generated level, written at `path`."""

    kind: str
    size: int
    cells: int
    objects: str
    engine: str
    path: str


def scaling_study(sizes: dict[str, list[int]], time_limit: float,
                  engines: tuple[str, ...] = ENGINES) -> list[ScalingRow]:
    rows: list[ScalingRow] = []
    with temporary_folder("scaling") as work:
        items: list[_Item] = []
        for kind in KINDS:
            for size in sizes.get(kind, []):
                cells, objects, path = _write_level(work, kind, size)
                items += [_Item(kind, size, cells, objects, engine, path) for engine in engines]
        runs = _Runs(time_limit)
        for _index, row in measure_items(runs.row, items, label=_label, failed=_failed):
            if isinstance(row, BaseException):
                raise row
            rows.append(row)
    return rows


def _write_level(work: str, kind: str, size: int) -> tuple[int, str, str]:
    """The level's open cells, its objects and the file it is written to."""
    text = level_text(size, kind)
    path = os.path.join(work, f"{kind}-{size}.txt")
    with open(path, "w", encoding="utf-8") as stream:
        stream.write(text)
    return len(parse_level(text).open_cells()), _objects(counts_for(size, kind)), path


def _label(item: _Item) -> str:
    return f"{item.kind} {item.size}x{item.size} {item.engine}"


def _failed(row: ScalingRow | BaseException) -> bool:
    return isinstance(row, BaseException) or row.status not in ("solved", "skipped")


class _Runs:
    """The items, run in order: an engine that hits the time limit on one size of a kind is
    skipped on the larger sizes of that kind."""

    def __init__(self, time_limit: float) -> None:
        self.time_limit = time_limit
        self.stopped: set[tuple[str, str]] = set()
        """(kind, engine) pairs past the time limit."""

    def row(self, item: _Item) -> ScalingRow:
        kind, size, cells, objects, engine = (item.kind, item.size, item.cells, item.objects,
                                              item.engine)
        if (kind, engine) in self.stopped:
            return ScalingRow(kind, size, cells, objects, engine, "skipped", None, 0.0)
        record = measure_run(engine, item.path, self.time_limit)
        if record is None or record["status"] == Status.TIMEOUT.value:
            self.stopped.add((kind, engine))
            return ScalingRow(kind, size, cells, objects, engine, Status.TIMEOUT.value, None,
                              self.time_limit)
        counts = record.get("counts", {})
        assert isinstance(counts, dict)
        phases = record.get("phases", {})
        assert isinstance(phases, dict)
        cost, seconds, cpu, peak = (record.get(key)
                                    for key in ("cost", "seconds", "cpu", "peak_mb"))
        return ScalingRow(
            kind, size, cells, objects, engine, str(record["status"]),
            cost if isinstance(cost, int) else None,
            float(seconds) if isinstance(seconds, float) else 0.0,
            float(cpu) if isinstance(cpu, float) else None,
            float(peak) if isinstance(peak, float) else None,
            {str(name): float(value) for name, value in phases.items()},
            counts.get("operators"), counts.get("expanded"))
