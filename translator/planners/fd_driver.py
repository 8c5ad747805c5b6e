"""Fast Downward's driver run on PDDL files, as users run it on what `helltaker pddl` writes."""

from __future__ import annotations

import importlib.resources
import os
import signal
import subprocess
import sys
import tempfile
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class DriverRun:
    exit_code: int
    """Fast Downward's documented exit code (0 plan found, 12/13 none, 2x limits, 3x errors)."""
    actions: tuple[tuple[str, tuple[str, ...]], ...]
    cost: int | None
    log: str


def driver_path() -> str:
    """The `fast-downward.py` shipped inside the up-fast-downward wheel."""
    resource = importlib.resources.files("up_fast_downward").joinpath("downward/fast-downward.py")
    return str(resource)


def run_driver(domain: str, problem: str, search: str,
               timeout: float | None = None) -> DriverRun:
    with tempfile.TemporaryDirectory(prefix="helltaker-fd-") as work:
        plan_file = os.path.join(work, "plan")
        command = [sys.executable, driver_path(), "--plan-file", plan_file,
                   os.path.abspath(domain), os.path.abspath(problem), "--search", search]
        completed = run_in_own_session(command, work, timeout)
        actions, cost = read_plan_file(plan_file) if os.path.exists(plan_file) else ([], None)
        return DriverRun(completed.returncode, tuple(actions), cost,
                         completed.stdout + completed.stderr)


def run_in_own_session(command: list[str], cwd: str,
                       timeout: float | None) -> subprocess.CompletedProcess[str]:
    """Run a planner driver in a session of its own, so that a timeout stops its children
    (translator, search) too; on a timeout, `TimeoutExpired.output` holds what it printed."""
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        output, _ = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired as expired:
        os.killpg(process.pid, signal.SIGKILL)
        output, _ = process.communicate()
        raise subprocess.TimeoutExpired(command, expired.timeout, output=output) from None
    return subprocess.CompletedProcess(command, process.returncode, output, "")


def read_plan_file(path: str) -> tuple[list[tuple[str, tuple[str, ...]]], int | None]:
    """Actions `(name, arguments)` and the `; cost = N` line of a Fast Downward plan file."""
    actions: list[tuple[str, tuple[str, ...]]] = []
    cost = None
    with open(path, encoding="utf-8") as stream:
        for line in stream:
            line = line.strip()
            if line.startswith("(") and line.endswith(")"):
                name, *arguments = line[1:-1].split()
                actions.append((name, tuple(arguments)))
            elif line.startswith("; cost ="):
                cost = int(line.split("=")[1].split()[0])
    return actions, cost
