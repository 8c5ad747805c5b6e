"""SymK, the symbolic-search planner of up-symk: one optimal plan (`--planner symk`), or every
plan within a cost bound (`helltaker plans`, its default planner).

To solve, it runs through unified-planning's `OneshotPlanner` (translator/planners/oneshot.py)
with the engine `symk-opt` and the search `sym_bd(bound=BUDGET+1)`: bidirectional symbolic
search, optimal, and, like Fast Downward's, its bound is exclusive. When it raises its lower
bound to the cost bound without finding a plan, SymK reports the search as incomplete; since
the search is complete below the bound, that is a proof that no plan fits the budget
(translator/planners/exit_codes.py).

To enumerate, SymK's own driver runs on our PDDL text (translator/planners/pddl_driver.py).
Its top-k search `symk_bd(..., bound=B)` writes each plan to its own numbered plan file, read
whole when the planner exits (unified-planning's anytime interface streams them from the log
instead). It returns every plan of cost < B, cheapest first, and, depending on where its
bidirectional search stops, some of cost exactly B: we ask for B = max cost + 1, and the
replay keeps those of cost <= max cost (translator/solving/plan_enumeration.py). With
`optimal_only`, the top-quality search `symq_bd(quality=1.0)` returns the plans of minimum
cost. An exhausted bound is a proof that no other plan is under it; a max cost past SymK's
integers is no bound at all (cost_bound.py), and then only the plan limit ends the search.
"""

from __future__ import annotations

import os

from strips_model.level import Level
from translator.planners.cost_bound import exclusive_bound
from translator.planners.exit_codes import FastDownwardExit, symk_status
from translator.planners.outcome import (
    EnumerationOptions,
    EnumerationOutcome,
    PlannerOptions,
    PlannerOutcome,
    Status,
    log_tail,
)
from translator.planners.packages import package_directory
from translator.planners.pddl_driver import (
    PLAN_FILE,
    Driver,
    DriverRun,
    PlansAt,
    level_pddl,
    run_pddl_driver,
)

UP_ENGINE = "symk-opt"
"""unified-planning's name for SymK's optimal search (`--planner symk`)."""


def solve_with_symk(level: Level, options: PlannerOptions) -> PlannerOutcome:
    # unified-planning takes 1.3 s to import: the registry imports it before workers fork.
    from translator.planners.oneshot import (
        level_problem,
        outcome_of_run,
        require_support,
        run_oneshot,
    )

    problem = level_problem(level)
    require_support(UP_ENGINE, problem, "symk")
    bound = exclusive_bound(options.budget)
    # Shown to users; up-symk writes the search itself from the plan cost bound.
    configuration = "sym_bd()" if bound is None else f"sym_bd(bound={bound})"
    parameters = {} if bound is None else {"plan_cost_bound": bound}
    run = run_oneshot(problem, UP_ENGINE, parameters, options.timeout)
    return outcome_of_run(run, f"symk {configuration}")


def top_k_configuration(bound: int | None, limit: int | None, optimal_only: bool) -> str:
    """All plans of cost < `bound` (or the `limit` cheapest; no bound: None); with
    `optimal_only`, only those of minimum cost (top-quality search with quality 1)."""
    plans = "infinity" if limit is None else str(limit)
    selection = f"plan_selection=top_k(num_plans={plans})"
    bounded = "" if bound is None else f",bound={bound}"
    if optimal_only:
        return f"symq_bd({selection},quality=1.0{bounded})"
    return f"symk_bd({selection}{bounded})"


def enumerate_with_symk(level: Level, options: EnumerationOptions) -> EnumerationOutcome:
    configuration = top_k_configuration(exclusive_bound(options.max_cost), options.limit,
                                        options.optimal_only)
    # The `fast-downward.py` driver of the SymK build shipped inside the up-symk wheel.
    script = os.path.join(package_directory("up_symk"), "symk", "fast-downward.py")
    driver = Driver("symk", (script, "--plan-file", PLAN_FILE), PlansAt.PLAN_FILES)
    run = run_pddl_driver(driver, *level_pddl(level), configuration, options.timeout)
    search = f"symk {configuration}"
    status = _status(run)
    if status in (Status.SOLVED, Status.UNSOLVABLE):
        return EnumerationOutcome(status, tuple(plan.steps for plan in run.plans), search)
    code = "" if run.exit_code is None else f"SymK exit code {run.exit_code}\n"
    return EnumerationOutcome(status, (), search, code + log_tail(run.log))


def _status(run: DriverRun) -> Status:
    """SOLVED when plans were written, UNSOLVABLE when the search exhausted its bound."""
    if run.exit_code is None:
        return Status.ERROR if run.overflowed else Status.TIMEOUT
    status = symk_status(run.exit_code, run.log)
    # Plans are a proof of a complete enumeration only when the search ended normally.
    if status is Status.SOLVED and (run.exit_code != FastDownwardExit.SUCCESS or not run.plans) \
            or status is Status.UNSOLVABLE and run.plans:
        return Status.ERROR
    return status
