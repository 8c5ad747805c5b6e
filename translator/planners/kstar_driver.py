"""IBM's K* planner (the kstar-planner wheel, top-k and top-quality planning on Fast Downward)
run on PDDL text for many plans (`helltaker plans --planner kstar`), like `symk_driver`.

K*'s top-quality mode returns every plan whose cost is at most `quality` times the optimal
cost; its `bound=` option does not cap plan costs. So the caller computes the optimum first and
asks for quality = (max cost + 0.5) / optimum: the half keeps float rounding from dropping the
plans of cost exactly max cost, and no integer cost lies between max cost and max cost + 0.5.
The driver is run as a command of our own (not through the wheel's helper functions), so that
it runs under our process runner: its own folder, our time limit, our process group.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from dataclasses import dataclass

from strips_model.ground_plan import PlanStep
from translator.planners.exit_codes import status_of_exit
from translator.planners.outcome import Status
from translator.planners.packages import package_directory
from translator.runtime.processes import run_command

HEURISTIC = "blind(transform=undo_to_origin())"
"""Blind rather than K*'s default LM-cut: measured on the classic levels (top-quality search,
whole driver process), blind was as fast or faster on 7 of 9 levels and 23% faster on level 9,
the slowest (2.9 s against 3.8 s): the bounded plans are few and close to the optimum, so the
heuristic saves fewer expansions than LM-cut costs per state."""


def top_quality_configuration(quality: float, limit: int | None) -> str:
    """Every plan of cost <= quality x optimum (at most `limit` of them), as JSON."""
    stopping = f"q={quality!r}" + ("" if limit is None else f",k={limit}")
    return (f"kstar({HEURISTIC},{stopping},find_unordered_plans=false,"
            "dump_plan_files=false,json_file_to_dump=plans.json)")


@dataclass(frozen=True, slots=True)
class KstarRun:
    status: Status
    """SOLVED when it ended normally (plans may still be none), else why it failed."""
    plans: tuple[tuple[PlanStep, ...], ...]
    """Cheapest first, as K* found them."""
    exit_code: int | None
    """None after a timeout."""
    log: str


def run_kstar(domain_text: str, problem_text: str, search: str,
              timeout: float | None = None) -> KstarRun:
    build = os.path.join(package_directory("kstar_planner"), "builds", "release", "bin")
    with tempfile.TemporaryDirectory(prefix="helltaker-kstar-") as work:
        domain, problem = os.path.join(work, "domain.pddl"), os.path.join(work, "problem.pddl")
        for path, text in ((domain, domain_text), (problem, problem_text)):
            with open(path, "w", encoding="utf-8") as stream:
                stream.write(text)
        command = [sys.executable, "-B", "-m", "kstar_planner.driver.main", "--build", build,
                   domain, problem, "--search", search]
        run = run_command(command, work, timeout)
        if run.exit_code is None:
            return KstarRun(Status.TIMEOUT, (), None, f"{run.output}\nstopped after {timeout} s")
        found = os.path.join(work, "plans.json")
        plans = _read_plans(found) if os.path.exists(found) else ()
    status = status_of_exit(run.exit_code)
    return KstarRun(status, plans, run.exit_code, run.output)


def _read_plans(path: str) -> tuple[tuple[PlanStep, ...], ...]:
    with open(path, encoding="utf-8") as stream:
        document = json.load(stream)
    plans = []
    for plan in document.get("plans", ()):
        steps = []
        for action in plan["actions"]:
            name, *arguments = action.strip("()").split()
            steps.append((name, tuple(arguments)))
        plans.append(tuple(steps))
    return tuple(plans)
