"""Fast Downward's driver run on PDDL files, as users run it on what `helltaker pddl` writes;
and the plan files Fast Downward and SymK write."""

from __future__ import annotations

import os
import sys
import tempfile
from dataclasses import dataclass

from strips_model.errors import InputError, RunError, read_text
from strips_model.ground_plan import PlanStep, parse_ground_plan
from translator.planners.packages import package_directory
from translator.runtime.processes import run_command


@dataclass(frozen=True, slots=True)
class DriverRun:
    exit_code: int | None
    """Fast Downward's exit code (translator/planners/exit_codes.py); None after a timeout."""
    steps: tuple[PlanStep, ...]
    cost: int | None
    log: str


def driver_path() -> str:
    """The `fast-downward.py` shipped inside the up-fast-downward wheel."""
    return os.path.join(package_directory("up_fast_downward"), "downward", "fast-downward.py")


def run_driver(domain: str, problem: str, search: str,
               timeout: float | None = None) -> DriverRun:
    with tempfile.TemporaryDirectory(prefix="helltaker-fd-") as work:
        plan_file = os.path.join(work, "plan")
        command = [sys.executable, driver_path(), "--plan-file", plan_file,
                   os.path.abspath(domain), os.path.abspath(problem), "--search", search]
        run = run_command(command, work, timeout)
        steps, cost = read_plan_file(plan_file) if os.path.exists(plan_file) else ((), None)
        return DriverRun(run.exit_code, steps, cost, run.output)


def read_plan_file(path: str) -> tuple[tuple[PlanStep, ...], int | None]:
    """The steps `(name, arguments)` and the `; cost = N` line of a Fast Downward plan file,
    names in lowercase (strips_model/ground_plan.lark). A plan file the planner wrote and we
    cannot read is a failed run, not bad input."""
    try:
        plan = parse_ground_plan(read_text(path), path)
    except InputError as error:
        raise RunError(f"the planner's plan file cannot be read: {error}") from None
    return tuple(step.pair for step in plan.steps), plan.cost
