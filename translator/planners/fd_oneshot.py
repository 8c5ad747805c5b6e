"""Fast Downward through unified-planning's `OneshotPlanner`.

Configuration (see PLANNER-NOTES.md and the README): budgets are tight, so finding any plan
within the budget is an optimal-planning problem. The default is A* with the blind
heuristic and a cost bound of budget + 1 (FD's bound is exclusive): A* never prunes a state
that could still lead to a plan within the bound, so it finds a plan whenever one fits and
otherwise proves there is none (FD exit 13, "provably unsolvable within the given bound").
LAMA with a bound does not reopen closed nodes and misses plans on levels 6, 7 and 9.
"""

from __future__ import annotations

from functools import cache

from strips_model.level import Level
from strips_model.schema import helltaker_domain
from translator.encode.level_facts import level_facts
from translator.planners.oneshot import run_oneshot
from translator.planners.outcome import PlannerOutcome, Status
from translator.decode.key_presses import directions_of
from translator.planners.registry import PlannerOptions
from translator.encode.up_problem import ModelParts, build_model_parts, build_problem

ENGINE = "fast-downward"


def search_configuration(budget: int) -> str:
    # No spaces: up-fast-downward splits the string on whitespace.
    return f"astar(blind(),bound={budget + 1})"


@cache
def helltaker_parts() -> ModelParts:
    """The model's types, fluents and actions, built once per process."""
    return build_model_parts(helltaker_domain())


def solve_with_fast_downward(level: Level, options: PlannerOptions) -> PlannerOutcome:
    problem = build_problem(helltaker_parts(), level_facts(level), level.name)
    configuration = search_configuration(options.budget)
    label = f"fd {configuration}"
    run = run_oneshot(problem, ENGINE, {"fast_downward_search_config": configuration},
                      options.timeout)
    if run.status is Status.SOLVED:
        assert run.actions is not None
        return PlannerOutcome(Status.SOLVED, directions_of(run.actions), run.cost, label, True,
                              run.log_tail())
    tail = run.log_tail() if run.status is not Status.ERROR else \
        f"unified-planning status {run.up_status}\n{run.log_tail()}"
    return PlannerOutcome(run.status, None, None, label, run.status is Status.UNSOLVABLE, tail)
