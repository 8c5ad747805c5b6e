"""Fast Downward through unified-planning's `OneshotPlanner` (`--planner fd-up`).

Configuration (see PLANNER-NOTES.md and the README): budgets are tight, so finding any plan
within the budget is an optimal-planning problem. This path runs A* with the blind heuristic
and a cost bound of budget + 1 (FD's bound is exclusive): A* never prunes a state that could
still lead to a plan within the bound, so it finds a plan whenever one fits and otherwise
proves there is none (FD exit 13, "provably unsolvable within the given bound"). LAMA with a
bound does not reopen closed nodes and misses plans on levels 6, 7 and 9. The default `fd`
runs the same A* with a pattern database over the hero's cell (translator/planners/
fast_downward.py).
"""

from __future__ import annotations

from strips_model.level import Level
from translator.model.level_facts import level_facts
from translator.model.model_cache import helltaker_parts
from translator.model.up_problem import build_problem
from translator.planners.cost_bound import exclusive_bound
from translator.planners.oneshot import plan_steps, run_oneshot
from translator.planners.outcome import PlannerOptions, PlannerOutcome, Status

ENGINE = "fast-downward"


def search_configuration(budget: int) -> str:
    # No spaces: up-fast-downward splits the string on whitespace.
    bound = exclusive_bound(budget)
    return "astar(blind())" if bound is None else f"astar(blind(),bound={bound})"


def solve_with_fast_downward_through_up(level: Level, options: PlannerOptions) -> PlannerOutcome:
    problem = build_problem(helltaker_parts(), level_facts(level), level.name)
    configuration = search_configuration(options.budget)
    label = f"fd {configuration}"
    run = run_oneshot(problem, ENGINE, {"fast_downward_search_config": configuration},
                      options.timeout)
    steps = plan_steps(run.actions) if run.actions is not None else None
    return PlannerOutcome(run.status, label, run.status in (Status.SOLVED, Status.UNSOLVABLE),
                          steps=steps, cost=run.cost, log_tail=run.log_tail())
