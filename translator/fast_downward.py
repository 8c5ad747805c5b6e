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

from unified_planning.engines import PlanGenerationResultStatus as UPStatus
from unified_planning.shortcuts import OneshotPlanner, get_environment

from strips_model.level import Level
from strips_model.schema import helltaker_domain
from translator.level_facts import level_facts
from translator.outcome import PlannerOutcome, Status
from translator.plan_mapping import directions_of
from translator.planner_registry import PlannerOptions
from translator.up_problem import ModelParts, build_model_parts, build_problem

ENGINE = "fast-downward"
_PROVEN_WITHIN_BOUND = ("provably unsolvable", "Completely explored state space")


def search_configuration(budget: int) -> str:
    # No spaces: up-fast-downward splits the string on whitespace.
    return f"astar(blind(),bound={budget + 1})"


@cache
def helltaker_parts() -> ModelParts:
    """The model's types, fluents and actions, built once per process."""
    get_environment().credits_stream = None
    return build_model_parts(helltaker_domain())


def _tail(log: str, lines: int = 12) -> str:
    return "\n".join(log.rstrip().splitlines()[-lines:])


def solve_with_fast_downward(level: Level, options: PlannerOptions) -> PlannerOutcome:
    problem = build_problem(helltaker_parts(), level_facts(level), level.name)
    configuration = search_configuration(options.budget)
    label = f"fd {configuration}"
    with OneshotPlanner(name=ENGINE,
                        params={"fast_downward_search_config": configuration}) as planner:
        # No output_stream: unified-planning's streaming reader polls with short timeouts and
        # can drop lines under load; without it the log is read whole when FD exits.
        result = planner.solve(problem, timeout=options.timeout)
    text = "".join(message.message for message in result.log_messages or ())
    if result.status in (UPStatus.SOLVED_SATISFICING, UPStatus.SOLVED_OPTIMALLY):
        assert result.plan is not None
        actions = result.plan.actions  # type: ignore[attr-defined]
        directions = directions_of(actions)
        cost = sum(int(str(problem.quality_metrics[0].costs[a.action])) for a in actions)
        return PlannerOutcome(Status.SOLVED, directions, cost, label, True, _tail(text))
    if result.status is UPStatus.UNSOLVABLE_PROVEN or (
        result.status is UPStatus.UNSOLVABLE_INCOMPLETELY
        and any(marker in text for marker in _PROVEN_WITHIN_BOUND)
    ):
        return PlannerOutcome(Status.UNSOLVABLE, None, None, label, True, _tail(text))
    if result.status is UPStatus.TIMEOUT:
        return PlannerOutcome(Status.TIMEOUT, None, None, label, False, _tail(text))
    return PlannerOutcome(Status.ERROR, None, None, label, False,
                          f"unified-planning status {result.status.name}\n{_tail(text)}")
