"""SymK, the symbolic-search planner of up-symk, for one optimal plan (`--planner symk`).

It runs through unified-planning's `OneshotPlanner` with the engine `symk-opt` and the search
`sym_bd(bound=BUDGET+1)`: bidirectional symbolic search, optimal, and, like Fast Downward's,
its bound is exclusive. When it raises its lower bound to the cost bound without finding a
plan, SymK reports the search as incomplete; since the search is complete below the bound,
that is a proof that no plan fits the budget (translator/planners/exit_codes.py).
"""

from __future__ import annotations

from strips_model.level import Level
from translator.model.level_facts import level_facts
from translator.model.model_cache import helltaker_parts
from translator.model.up_problem import build_problem
from translator.planners.cost_bound import exclusive_bound
from translator.planners.oneshot import plan_steps, require_support, run_oneshot
from translator.planners.outcome import PlannerOptions, PlannerOutcome, Status

ENGINE = "symk-opt"


def search_configuration(budget: int) -> str:
    # No spaces: up-symk splits the configuration on whitespace.
    bound = exclusive_bound(budget)
    return "sym_bd()" if bound is None else f"sym_bd(bound={bound})"


def solve_with_symk(level: Level, options: PlannerOptions) -> PlannerOutcome:
    problem = build_problem(helltaker_parts(), level_facts(level), level.name)
    require_support(ENGINE, problem, "symk")
    label = f"symk {search_configuration(options.budget)}"
    bound = exclusive_bound(options.budget)
    parameters = {} if bound is None else {"plan_cost_bound": bound}
    run = run_oneshot(problem, ENGINE, parameters, options.timeout)
    steps = plan_steps(run.actions) if run.actions is not None else None
    return PlannerOutcome(run.status, label, run.status in (Status.SOLVED, Status.UNSOLVABLE),
                          steps=steps, cost=run.cost, log_tail=run.log_tail())
