"""The speed targets of the performance issues, timed as whole `helltaker` processes (start-up
included) on the classic levels, next to the bench's CPU figures."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from translator.measure.benchmark import Row
from translator.measure.start_up import StartUp


@dataclass(frozen=True, slots=True)
class Target:
    name: str
    measured: float
    goal: float
    unit: str
    met: bool
    command: str


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
    if classic:
        targets.append(auto_target(classic, repeat))
    return targets


def auto_target(levels: Sequence[str], repeat: int) -> Target:
    """Issue 43's goal: the default `auto` never slower than either planner it chooses from,
    on any classic level: per level, the median wall of fresh `solve` processes of each
    (taking turns, so that a change of load falls on all three) and auto's over the faster;
    the worst level is the measure."""
    worst, where = 0.0, ""
    for level in levels:
        times: dict[str, list[float]] = {"auto": [], "fd": [], "search": []}
        for _ in range(repeat):
            for planner, spent in times.items():
                spent.append(_process_seconds(["solve", "--planner", planner, level], 1))
        faster = min(statistics.median(times["fd"]), statistics.median(times["search"]))
        ratio = statistics.median(times["auto"]) / faster
        if ratio > worst:
            worst, where = ratio, Path(level).stem
    return Target(f"`auto` / the faster of `fd` and `search`, worst classic level ({where})",
                  worst, 1.0, "x", worst <= 1.0,
                  "helltaker solve --planner auto|fd|search LEVEL, taking turns")


HELP_SECONDS = 0.08
SOLVE_SECONDS = 0.15
"""Issue 25's goals for a fresh `helltaker --help` and a fresh `solve --optimal` of a level."""
FIXED_COST_TIMES_PYTHON = 3.0
"""Issue 31's goal: the start-up of `solve LEVEL` (its default planner) and of `validate LEVEL
PLAN` at most this multiple of `python -c pass`'s, measured in the same run."""


def start_up_targets(rows: Sequence[StartUp]) -> list[Target]:
    """Issue 25's cold-start goals, from the fresh processes start_up.py timed."""
    targets: list[Target] = []
    for row in rows:
        if row.command == "helltaker --help":
            targets.append(Target("`helltaker --help`, a fresh process", row.process,
                                  HELP_SECONDS, "s", row.process <= HELP_SECONDS, row.command))
        elif row.level_work is not None and " --planner fd " in row.command:
            targets.append(Target("one level, a fresh `solve --optimal` process (fd)",
                                  row.process, SOLVE_SECONDS, "s",
                                  row.process <= SOLVE_SECONDS, row.command))
        if row.times_python is not None and _fixed_cost_goal(row.command):
            word = row.command.split()[1]
            targets.append(Target(f"start-up of `{word}` of one level / `python -c pass`'s",
                                  row.times_python, FIXED_COST_TIMES_PYTHON, "x python",
                                  row.times_python <= FIXED_COST_TIMES_PYTHON, row.command))
    return targets


def _fixed_cost_goal(command: str) -> bool:
    """`solve` with its default planner, and `validate`: the commands of issue 31's goal."""
    return command.startswith("helltaker validate ") or (
        command.startswith("helltaker solve ") and " --planner " not in command)
