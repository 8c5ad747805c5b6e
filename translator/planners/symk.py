"""SymK, the symbolic-search planner of up-symk: one optimal plan, or every plan under a bound.

One plan (`solve --planner symk`) goes through unified-planning's `OneshotPlanner` with the
engine `symk-opt`, search `sym_bd(bound=BUDGET+1)`: bidirectional symbolic search, optimal,
and, like Fast Downward's, its bound is exclusive. When it raises its lower bound to the
cost bound without finding a plan it exits 12 ("search stopped without finding a solution"),
which unified-planning reports as "unsolvable incompletely"; since the search is complete
below the bound, that is a proof that no plan fits the budget.

Many plans (`helltaker plans`) run SymK's driver on the PDDL files, like `fd_driver`: the
top-k search `symk_bd` writes each plan to its own numbered plan file, read whole when the
planner exits (unified-planning's anytime interface streams them from the log instead).
"""

from __future__ import annotations

import glob
import importlib.resources
import os
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass

from strips_model.level import Level
from translator.planners.packages import require_support
from translator.planners.fd_driver import read_plan_file, run_in_own_session
from translator.planners.outcome import PlannerOutcome, Status
from translator.planners.registry import PlannerOptions

ENGINE = "symk-opt"

_BOUND_LINE = re.compile(r"BOUND: (\d+) < (\d+)")
_NO_SOLUTION = "Search stopped without finding a solution"


def search_configuration(budget: int) -> str:
    # No spaces: up-symk splits the configuration on whitespace.
    return f"sym_bd(bound={budget + 1})"


def bound_exhausted(log: str) -> bool:
    """SymK's log shows the search's lower bound reaching the cost bound with no plan."""
    bounds = _BOUND_LINE.findall(log)
    if not bounds or _NO_SOLUTION not in log:
        return False
    lower, bound = bounds[-1]
    return int(lower) >= int(bound)


def solve_with_symk(level: Level, options: PlannerOptions) -> PlannerOutcome:
    from translator.planners.fd_oneshot import helltaker_parts
    from translator.encode.level_facts import level_facts
    from translator.planners.oneshot import run_oneshot
    from translator.decode.key_presses import directions_of
    from translator.encode.up_problem import build_problem

    problem = build_problem(helltaker_parts(), level_facts(level), level.name)
    require_support(ENGINE, problem, "symk")
    label = f"symk {search_configuration(options.budget)}"
    with tempfile.TemporaryDirectory(prefix="helltaker-symk-") as work:
        # up-symk runs SymK's driver in our working directory, where it writes its
        # translation to output.sas: levels solved in parallel would overwrite each
        # other's, so each run gets a file of its own.
        driver_options = ["--sas-file", os.path.join(work, "output.sas")]
        run = run_oneshot(problem, ENGINE, {"plan_cost_bound": options.budget + 1,
                                            "symk_driver_options": driver_options},
                          options.timeout)
    if run.status is Status.SOLVED:
        assert run.actions is not None
        return PlannerOutcome(Status.SOLVED, directions_of(run.actions), run.cost, label, True,
                              run.log_tail())
    status = run.status
    if status is Status.ERROR and bound_exhausted(run.log):
        status = Status.UNSOLVABLE
    tail = run.log_tail() if status is not Status.ERROR else \
        f"unified-planning status {run.up_status}\n{run.log_tail()}"
    return PlannerOutcome(status, None, None, label, status is Status.UNSOLVABLE, tail)


def top_k_configuration(bound: int, limit: int | None, optimal_only: bool) -> str:
    """All plans of cost < `bound` (or the `limit` cheapest); with `optimal_only`, only those
    of minimum cost (top-quality search with quality 1)."""
    plans = "infinity" if limit is None else str(limit)
    selection = f"plan_selection=top_k(num_plans={plans})"
    if optimal_only:
        return f"symq_bd({selection},quality=1.0,bound={bound})"
    return f"symk_bd({selection},bound={bound})"


def driver_path() -> str:
    """The `fast-downward.py` driver of the SymK build shipped inside the up-symk wheel."""
    return str(importlib.resources.files("up_symk").joinpath("symk/fast-downward.py"))


NamedAction = tuple[str, tuple[str, ...]]


@dataclass(frozen=True, slots=True)
class SymkDriverRun:
    status: Status
    """SOLVED when plans were written, UNSOLVABLE when the search exhausted its bound."""
    plans: tuple[tuple[NamedAction, ...], ...]
    exit_code: int | None
    log: str

    def log_tail(self, lines: int = 12) -> str:
        return "\n".join(self.log.rstrip().splitlines()[-lines:])


def run_symk_driver(domain_text: str, problem_text: str, search: str,
                    timeout: float | None = None) -> SymkDriverRun:
    with tempfile.TemporaryDirectory(prefix="helltaker-symk-") as work:
        domain, problem = os.path.join(work, "domain.pddl"), os.path.join(work, "problem.pddl")
        for path, text in ((domain, domain_text), (problem, problem_text)):
            with open(path, "w", encoding="utf-8") as stream:
                stream.write(text)
        command = [sys.executable, driver_path(), "--plan-file", os.path.join(work, "plan"),
                   domain, problem, "--search", search]
        try:
            completed = run_in_own_session(command, work, timeout)
        except subprocess.TimeoutExpired as expired:
            return SymkDriverRun(Status.TIMEOUT, (), None,
                                 f"{expired.output or ''}\nstopped after {timeout} s")
        log = completed.stdout
        plans = tuple(tuple(read_plan_file(path)[0]) for path in _plan_files(work))
    code = completed.returncode
    if code == 0 and plans:
        status = Status.SOLVED
    elif code == 12 and not plans and bound_exhausted(log):
        status = Status.UNSOLVABLE
    else:
        status = Status.ERROR
    return SymkDriverRun(status, plans, code, log)


def _plan_files(directory: str) -> list[str]:
    def number(path: str) -> int:
        suffix = path.rsplit(".", 1)[-1]
        return int(suffix) if suffix.isdigit() else 0

    paths = glob.glob(os.path.join(directory, "plan")) + \
        glob.glob(os.path.join(directory, "plan.*"))
    return sorted(paths, key=number)

