"""The start-up phase of a command: what a fresh `helltaker solve`, `validate`, `show` or
`compare` process spends outside its level's own work (the interpreter, imports, reading the
model or its cached form, child processes, output and exit), next to a fresh `helltaker
--help` and a bare interpreter (`python -c pass`) timed in the same run (issue 31's goal is a
ratio to the latter, docs/performance.md).

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
from dataclasses import dataclass, replace

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
    """The seconds the process reports for its level (None: a command that reports none,
    whose level's work, a replay of milliseconds, is counted in the start-up)."""
    start_up: float
    """`process` less `level_work`: what the command costs before and after the work."""
    times_python: float | None = None
    """`start_up` over `python -c pass`'s, measured in the same run."""


@dataclass(frozen=True, slots=True)
class _Command:
    shown: str
    arguments: tuple[str, ...]
    """After the interpreter: `-c pass`, `-m translator.cli ...`."""
    reports_seconds: bool


MODEL = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "strips_model", "helltaker.strips")
"""Our own schemas, what `compare` of one level is timed on."""


def measure_start_up(level: str, planners: list[str], repeat: int) -> list[StartUp]:
    """The bare interpreter, `helltaker --help`, `solve` of `level` with the default planner
    and with each of `planners`, then `validate`, `show` and `compare` of it, each run as a
    fresh process `repeat` times; the commands take turns, so that a change of load reaches
    all of them alike."""
    path = os.path.abspath(level)
    solves = [("solve", "--optimal", "--json", level)] + [
        ("solve", "--optimal", "--json", "--planner", planner, level) for planner in planners]
    commands = [_Command("python -c pass", ("-c", "pass"), False),
                _Command("helltaker --help", ("-m", "translator.cli", "--help"), False)]
    commands += [_Command("helltaker " + " ".join(words), ("-m", "translator.cli",
                                                           *words[:-1], path), True)
                 for words in solves]
    plan = _plan_of(path)
    if plan is not None:
        commands += [
            _Command(f"helltaker validate {level} {plan}",
                     ("-m", "translator.cli", "validate", path, plan), False),
            _Command(f"helltaker show {level} --plan {plan}",
                     ("-m", "translator.cli", "show", path, "--plan", plan), False),
            _Command(f"helltaker compare strips_model/helltaker.strips {level} --json",
                     ("-m", "translator.cli", "compare", MODEL, path, "--json"), True)]
    walls: dict[_Command, list[float]] = {command: [] for command in commands}
    works: dict[_Command, list[float]] = {command: [] for command in commands}
    for _ in range(repeat):
        for command in commands:
            wall, work = _run(command)
            walls[command].append(wall)
            if work is not None:
                works[command].append(work)
    rows = [_row(command.shown, walls[command], works[command] or None)
            for command in commands]
    python = rows[0].start_up
    return [replace(row, times_python=row.start_up / python if python > 0 else None)
            for row in rows]


def _plan_of(path: str) -> str | None:
    """The plan the default `solve` finds for the level, to validate and show; None when it
    finds none (nothing to time those commands on)."""
    run = run_command([sys.executable, "-m", "translator.cli", "solve", "--json", path],
                      os.getcwd(), TIMEOUT)
    for line in run.output.splitlines():
        if line.startswith("{"):
            plan = json.loads(line).get("plan")
            return plan if isinstance(plan, str) and plan else None
    return None


def _run(command: _Command) -> tuple[float, float | None]:
    started = time.perf_counter()
    run = run_command([sys.executable, *command.arguments], os.getcwd(), TIMEOUT)
    wall = time.perf_counter() - started
    if run.exit_code is None:
        raise RunError(f"{command.shown}: no answer within {TIMEOUT:g} s")
    return wall, _level_seconds(run.output, command.shown) if command.reports_seconds else None


def _row(command: str, walls: list[float], works: list[float] | None) -> StartUp:
    wall = statistics.median(walls)
    if works is None:
        return StartUp(command, wall, None, wall)
    work = statistics.median(works)
    return StartUp(command, wall, work, max(0.0, wall - work))


def _level_seconds(output: str, command: str) -> float:
    """The `seconds` of the one JSON record among the process's output lines: a solve's
    record, or the sum of the seconds compare reports for its level (its model's plan and
    ours; the probes of its coverage report none, and count in the start-up)."""
    for line in output.splitlines():
        if line.startswith("{"):
            record = json.loads(line)
            seconds = record.get("seconds")
            if isinstance(seconds, (int, float)):
                return float(seconds)
            if "levels" in record:
                return sum(float(level[side]["seconds"]) for level in record["levels"]
                           for side in ("report", "ours") if level.get(side))
    raise RunError(f"{command}: no JSON record with its seconds in its output: "
                   f"{output.strip()[-200:]!r}")
