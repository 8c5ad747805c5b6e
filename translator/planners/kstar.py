"""IBM's K* planner (the kstar-planner wheel, top-k and top-quality planning on Fast Downward)
for every plan within a cost bound (`helltaker plans --planner kstar`); it does not solve.

K*'s top-quality mode returns every plan whose cost is at most `quality` times the optimal
cost; its `bound=` option does not cap plan costs. So Fast Downward finds the optimum first
(translator/planners/fast_downward.py), and K* is asked for quality = (max cost + 0.5) /
optimum: the half keeps float rounding from dropping the plans of cost exactly max cost, and no
integer cost lies between max cost and max cost + 0.5. With `optimal_only`, the quality is 1.
The driver is run as a command of our own (translator/planners/pddl_driver.py), not through the
wheel's helper functions, so that it runs under our process runner: its own folder, our time
limit, our process group.
"""

from __future__ import annotations

import os
import time

from strips_model.level import Level
from translator.planners.exit_codes import status_of_exit
from translator.planners.fast_downward import solve_direct
from translator.planners.outcome import (
    EnumerationOptions,
    EnumerationOutcome,
    PlannerOptions,
    Status,
    log_tail,
)
from translator.planners.packages import package_directory
from translator.planners.pddl_driver import Driver, PlansAt, level_pddl, run_pddl_driver

HEURISTIC = "blind(transform=undo_to_origin())"
"""Blind rather than K*'s default LM-cut: measured on the classic levels (top-quality search,
whole driver process), blind was as fast or faster on 7 of 9 levels and 23% faster on level 9,
the slowest (2.9 s against 3.8 s): the bounded plans are few and close to the optimum, so the
heuristic saves fewer expansions than LM-cut costs per state."""

def top_quality_configuration(quality: float, limit: int | None) -> str:
    """Every plan of cost <= quality x optimum (at most `limit` of them), as JSON."""
    stopping = f"q={quality!r}" + ("" if limit is None else f",k={limit}")
    return (f"kstar({HEURISTIC},{stopping},find_unordered_plans=false,"
            f"dump_plan_files=false,json_file_to_dump={PlansAt.JSON.value})")


def enumerate_with_kstar(level: Level, options: EnumerationOptions) -> EnumerationOutcome:
    """K*'s top-quality search, its quality bound set from the optimum that Fast Downward
    finds first."""
    started = time.perf_counter()
    max_cost, timeout = options.max_cost, options.timeout
    optimum = solve_direct(level.with_budget(max_cost), PlannerOptions(max_cost, timeout))
    if optimum.status is not Status.SOLVED or optimum.cost is None:
        return EnumerationOutcome(optimum.status, (), f"kstar after {optimum.planner}",
                                  optimum.log_tail)
    if optimum.cost == 0:
        # The goal holds from the start: every action needs -won(yes) (R-G2), so the empty
        # plan is the only one, and no quality bound can be set relative to a cost of 0.
        return EnumerationOutcome(Status.SOLVED, (optimum.steps or (),),
                                  "kstar (not run: optimum 0)")
    quality = 1.0 if options.optimal_only else (max_cost + 0.5) / optimum.cost
    configuration = top_quality_configuration(quality, options.limit)
    remaining = None if timeout is None else \
        max(0.01, timeout - (time.perf_counter() - started))
    build = os.path.join(package_directory("kstar_planner"), "builds", "release", "bin")
    driver = Driver("kstar", ("-B", "-m", "kstar_planner.driver.main", "--build", build),
                    PlansAt.JSON)
    run = run_pddl_driver(driver, *level_pddl(level), configuration, remaining)
    search = f"kstar {configuration.replace(f',json_file_to_dump={PlansAt.JSON.value}', '')}"
    status = (Status.ERROR if run.overflowed else Status.TIMEOUT) if run.exit_code is None \
        else status_of_exit(run.exit_code)
    if status is Status.SOLVED and run.plans:
        return EnumerationOutcome(Status.SOLVED, tuple(plan.steps for plan in run.plans), search)
    code = "" if run.exit_code is None else f"K* exit code {run.exit_code}\n"
    failed = Status.ERROR if status is Status.SOLVED else status
    return EnumerationOutcome(failed, (), search, code + log_tail(run.log))
