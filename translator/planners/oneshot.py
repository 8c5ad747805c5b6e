"""Any unified-planning `OneshotPlanner` engine run on a problem, reduced to our statuses and
outcomes (`--planner fd-up`, `symk` and `pyperplan`); and whether an engine takes a problem at
all (`require_support`).

unified-planning reduces each engine's exit code to its own result status; where that status
is "unsolvable incompletely", the engine's log tells whether its search was in fact complete
under the cost bound (`_proven_unsolvable`, the one place that reads those logs).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from unified_planning.engines import PlanGenerationResultStatus as UPStatus
from unified_planning.model import Problem
from unified_planning.plans import ActionInstance
from unified_planning.shortcuts import OneshotPlanner, get_environment

from strips_model.ground_plan import PlanStep
from strips_model.level import Level
from translator.model.level_facts import level_facts
from translator.model.model_cache import helltaker_parts
from translator.model.up_problem import build_problem
from translator.planners.exit_codes import symk_bound_exhausted
from translator.planners.outcome import PlannerOutcome, Status, log_tail
from translator.planners.packages import PlannerUnavailable
from translator.runtime.commands import own_working_directory

_FAST_DOWNWARD_PROOFS = ("provably unsolvable", "Completely explored state space")
"""What Fast Downward prints when a complete search exhausts the states under the bound."""

_EXHAUSTIVE_ENGINES = frozenset({"pyperplan"})
"""Engines whose every failed search is exhaustive: up-pyperplan 1.1 calls each failure
incomplete (it compares the search function with search names), but our breadth-first search
fails only once it has expanded every reachable state."""


@dataclass(frozen=True, slots=True)
class OneshotRun:
    status: Status
    actions: tuple[ActionInstance, ...] | None
    cost: int | None
    """The plan's cost under the problem's `MinimizeActionCosts` metric."""
    log: str
    up_status: str

    def log_tail(self) -> str:
        """The log's last lines, after unified-planning's own status when the run failed."""
        if self.status is Status.ERROR:
            return f"unified-planning status {self.up_status}\n{log_tail(self.log)}"
        return log_tail(self.log)


def level_problem(level: Level) -> Problem:
    """Our model of `level` as a unified-planning problem."""
    return build_problem(helltaker_parts(), level_facts(level), level.name)


def run_oneshot(problem: Problem, engine: str, params: dict[str, Any] | None = None,
                timeout: float | None = None) -> OneshotRun:
    """Solve `problem` with the named engine; an exhausted search under a cost bound counts as
    a proof that no plan fits the bound."""
    get_environment().credits_stream = None
    with own_working_directory("up"), \
            OneshotPlanner(name=engine, params=params or {}) as planner:
        # No output_stream: unified-planning's streaming reader polls with short timeouts and
        # can drop lines under load; without it the log is read whole when the planner exits.
        result = planner.solve(problem, timeout=timeout)
    log = "".join(message.message for message in result.log_messages or ())
    up_status = result.status.name
    if result.status in (UPStatus.SOLVED_SATISFICING, UPStatus.SOLVED_OPTIMALLY):
        assert result.plan is not None
        actions = tuple(result.plan.actions)
        return OneshotRun(Status.SOLVED, actions, _plan_cost(problem, actions), log, up_status)
    if result.status is UPStatus.UNSOLVABLE_PROVEN or (
        result.status is UPStatus.UNSOLVABLE_INCOMPLETELY and _proven_unsolvable(engine, log)
    ):
        return OneshotRun(Status.UNSOLVABLE, None, None, log, up_status)
    if result.status is UPStatus.TIMEOUT:
        return OneshotRun(Status.TIMEOUT, None, None, log, up_status)
    return OneshotRun(Status.ERROR, None, None, log, up_status)


def _proven_unsolvable(engine: str, log: str) -> bool:
    """Whether a search that unified-planning calls incomplete did exhaust its bound."""
    return (engine in _EXHAUSTIVE_ENGINES
            or any(proof in log for proof in _FAST_DOWNWARD_PROOFS)
            or symk_bound_exhausted(log))


def outcome_of_run(run: OneshotRun, label: str) -> PlannerOutcome:
    """A run of an optimal engine under the budget, as the outcome of planner `label`."""
    steps = plan_steps(run.actions) if run.actions is not None else None
    return PlannerOutcome(run.status, label, run.status in (Status.SOLVED, Status.UNSOLVABLE),
                          steps=steps, cost=run.cost, log_tail=run.log_tail())


def _plan_cost(problem: Problem, actions: tuple[ActionInstance, ...]) -> int | None:
    metrics = problem.quality_metrics
    if not metrics or not hasattr(metrics[0], "costs"):
        return len(actions)
    costs = metrics[0].costs
    return sum(int(str(costs[action.action])) for action in actions)


def plan_steps(actions: tuple[ActionInstance, ...]) -> tuple[PlanStep, ...]:
    """unified-planning action instances as PDDL plan steps: names, then objects' names."""
    return tuple((instance.action.name, tuple(str(p) for p in instance.actual_parameters))
                 for instance in actions)


def require_support(engine: str, problem: Problem, planner: str) -> None:
    """Raise `PlannerUnavailable` when `engine` does not declare every feature of `problem`."""
    engine_class = get_environment().factory.engine(engine)
    supported = engine_class.supported_kind().features
    missing = sorted(problem.kind.features - supported)
    if missing:
        raise PlannerUnavailable(
            f"planner {planner} (unified-planning engine {engine}) cannot take this problem: "
            f"it does not support {', '.join(missing)}"
        )
