"""SymK's driver run on PDDL text for many plans (`helltaker plans`), like `fd_driver`.

The top-k search `symk_bd` writes each plan to its own numbered plan file, read whole when the
planner exits (unified-planning's anytime interface streams them from the log instead). Its
bound is exclusive, and an exhausted bound is a proof that no other plan is under it
(translator/planners/exit_codes.py).
"""

from __future__ import annotations

import glob
import os
import sys
import tempfile
from dataclasses import dataclass

from strips_model.ground_plan import PlanStep
from translator.planners.exit_codes import FastDownwardExit, symk_status
from translator.planners.fd_driver import read_plan_file
from translator.planners.outcome import Status
from translator.planners.packages import package_directory
from translator.runtime.processes import run_command


def top_k_configuration(bound: int | None, limit: int | None, optimal_only: bool) -> str:
    """All plans of cost < `bound` (or the `limit` cheapest; no bound: None); with
    `optimal_only`, only those of minimum cost (top-quality search with quality 1)."""
    plans = "infinity" if limit is None else str(limit)
    selection = f"plan_selection=top_k(num_plans={plans})"
    bounded = "" if bound is None else f",bound={bound}"
    if optimal_only:
        return f"symq_bd({selection},quality=1.0{bounded})"
    return f"symk_bd({selection}{bounded})"


def driver_path() -> str:
    """The `fast-downward.py` driver of the SymK build shipped inside the up-symk wheel."""
    return os.path.join(package_directory("up_symk"), "symk", "fast-downward.py")


@dataclass(frozen=True, slots=True)
class SymkDriverRun:
    status: Status
    """SOLVED when plans were written, UNSOLVABLE when the search exhausted its bound."""
    plans: tuple[tuple[PlanStep, ...], ...]
    exit_code: int | None
    """None after a timeout."""
    log: str


def run_symk_driver(domain_text: str, problem_text: str, search: str,
                    timeout: float | None = None) -> SymkDriverRun:
    with tempfile.TemporaryDirectory(prefix="helltaker-symk-") as work:
        domain, problem = os.path.join(work, "domain.pddl"), os.path.join(work, "problem.pddl")
        for path, text in ((domain, domain_text), (problem, problem_text)):
            with open(path, "w", encoding="utf-8") as stream:
                stream.write(text)
        command = [sys.executable, driver_path(), "--plan-file", os.path.join(work, "plan"),
                   domain, problem, "--search", search]
        run = run_command(command, work, timeout)
        if run.exit_code is None:
            return SymkDriverRun(Status.TIMEOUT, (), None,
                                 f"{run.output}\nstopped after {timeout} s")
        plans = tuple(read_plan_file(path)[0] for path in _plan_files(work))
    status = symk_status(run.exit_code, run.output)
    # Plans are a proof of a complete enumeration only when the search ended normally.
    if status is Status.SOLVED and (run.exit_code != FastDownwardExit.SUCCESS or not plans) \
            or status is Status.UNSOLVABLE and plans:
        status = Status.ERROR
    return SymkDriverRun(status, plans, run.exit_code, run.output)


def _plan_files(directory: str) -> list[str]:
    def number(path: str) -> int:
        suffix = path.rsplit(".", 1)[-1]
        return int(suffix) if suffix.isdigit() else 0

    paths = glob.glob(os.path.join(directory, "plan")) + \
        glob.glob(os.path.join(directory, "plan.*"))
    return sorted(paths, key=number)
