"""Any unified-planning `OneshotPlanner` engine run on a problem, reduced to our statuses."""

from __future__ import annotations

import contextlib
import tempfile
from dataclasses import dataclass
from typing import Any

from unified_planning.engines import PlanGenerationResultStatus as UPStatus
from unified_planning.model import Problem
from unified_planning.plans import ActionInstance
from unified_planning.shortcuts import OneshotPlanner, get_environment

from translator.planners.outcome import Status

# Fast Downward and SymK print this when a complete search exhausts the states under the
# cost bound; unified-planning reports it as "unsolvable incompletely" for any engine.
_PROVEN_WITHIN_BOUND = ("provably unsolvable", "Completely explored state space")


@dataclass(frozen=True, slots=True)
class OneshotRun:
    status: Status
    actions: tuple[ActionInstance, ...] | None
    cost: int | None
    """The plan's cost under the problem's `MinimizeActionCosts` metric."""
    log: str
    up_status: str

    def log_tail(self, lines: int = 12) -> str:
        return "\n".join(self.log.rstrip().splitlines()[-lines:])


def run_oneshot(problem: Problem, engine: str, params: dict[str, Any] | None = None,
                timeout: float | None = None, complete_within_bound: bool = True) -> OneshotRun:
    """Solve `problem` with the named engine. With `complete_within_bound`, an exhausted
    search under a cost bound counts as a proof that no plan fits the bound."""
    get_environment().credits_stream = None
    # Engines write intermediate files (Fast Downward's output.sas) into the working
    # directory: give each run its own, so that parallel runs cannot overwrite each other.
    with tempfile.TemporaryDirectory(prefix="helltaker-up-") as work, contextlib.chdir(work), \
            OneshotPlanner(name=engine, params=params or {}) as planner:
        # No output_stream: unified-planning's streaming reader polls with short timeouts and
        # can drop lines under load; without it the log is read whole when the planner exits.
        result = planner.solve(problem, timeout=timeout)
    log = "".join(message.message for message in result.log_messages or ())
    up_status = result.status.name
    if result.status in (UPStatus.SOLVED_SATISFICING, UPStatus.SOLVED_OPTIMALLY):
        assert result.plan is not None
        actions = tuple(result.plan.actions)  # type: ignore[attr-defined]
        return OneshotRun(Status.SOLVED, actions, plan_cost(problem, actions), log, up_status)
    if result.status is UPStatus.UNSOLVABLE_PROVEN or (
        complete_within_bound and result.status is UPStatus.UNSOLVABLE_INCOMPLETELY
        and any(marker in log for marker in _PROVEN_WITHIN_BOUND)
    ):
        return OneshotRun(Status.UNSOLVABLE, None, None, log, up_status)
    if result.status is UPStatus.TIMEOUT:
        return OneshotRun(Status.TIMEOUT, None, None, log, up_status)
    return OneshotRun(Status.ERROR, None, None, log, up_status)


def plan_cost(problem: Problem, actions: tuple[ActionInstance, ...]) -> int | None:
    metrics = problem.quality_metrics
    if not metrics or not hasattr(metrics[0], "costs"):
        return len(actions)
    costs = metrics[0].costs  # type: ignore[attr-defined]
    return sum(int(str(costs[action.action])) for action in actions)
