"""The start-up phase of a command: what a fresh `helltaker solve` process spends outside its
level's own work (the interpreter, imports, reading the model or its cached form, output and
exit), next to a fresh `helltaker --help` and a bare interpreter (`python -c pass`).

The bench's rows time levels in processes forked from a prepared one, so they never see it;
here every run is a new process, timed from outside. A solve process reports the seconds of
its level's work in its JSON record; the start-up is the rest of the process's wall time.
For a planner with imports of its own, the attempt's child is forked before the level is read
and imports them meanwhile (translator/cli/solve.py): what of them the command's own start-up
does not hide is waited for inside the level's work, after the job is handed over.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from dataclasses import dataclass

from strips_model.errors import RunError
from translator.runtime.commands import run_command

TIMEOUT = 120.0
"""Seconds a measured process may take before the bench gives up on it."""


@dataclass(frozen=True, slots=True)
class StartUp:
    """One command run as fresh processes: medians over the runs, in seconds."""

    command: str
    """As a user types it (`helltaker solve --optimal --json --planner fd LEVEL`)."""
    process: float
    """Wall time of the whole process."""
    level_work: float | None
    """The seconds the process reports for its level (None: a command without a level)."""
    start_up: float
    """`process` less `level_work`: what the command costs before and after the work."""


def measure_start_up(level: str, planners: list[str], repeat: int) -> list[StartUp]:
    """The bare interpreter, `helltaker --help`, then a solve of `level` per planner."""
    rows = [_measured(["-c", "pass"], "python -c pass", repeat, False),
            _measured(["-m", "translator.cli", "--help"], "helltaker --help", repeat, False)]
    path = os.path.abspath(level)
    for planner in planners:
        arguments = ["solve", "--optimal", "--json", "--planner", planner, level]
        rows.append(_measured(["-m", "translator.cli", *arguments[:-1], path],
                              "helltaker " + " ".join(arguments), repeat, True))
    return rows


def _measured(arguments: list[str], command: str, repeat: int, solves: bool) -> StartUp:
    walls: list[float] = []
    works: list[float] = []
    for _ in range(repeat):
        started = time.perf_counter()
        run = run_command([sys.executable, *arguments], os.getcwd(), TIMEOUT)
        walls.append(time.perf_counter() - started)
        if run.exit_code is None:
            raise RunError(f"{command}: no answer within {TIMEOUT:g} s")
        if solves:
            works.append(_level_seconds(run.output, command))
    wall = statistics.median(walls)
    if not solves:
        return StartUp(command, wall, None, wall)
    work = statistics.median(works)
    return StartUp(command, wall, work, max(0.0, wall - work))


def _level_seconds(output: str, command: str) -> float:
    """The `seconds` of the one JSON record among the process's output lines."""
    for line in output.splitlines():
        if line.startswith("{"):
            seconds = json.loads(line).get("seconds")
            if isinstance(seconds, (int, float)):
                return float(seconds)
    raise RunError(f"{command}: no JSON record with its seconds in its output: "
                   f"{output.strip()[-200:]!r}")
