"""The one way to run a planner on a level: its plan decoded to key presses and validated.

Planner (translator/planners/registry.py) -> its outcome, in its own actions -> key presses
-> the rules simulator's verdict. Nothing a planner returns is shown as a solution before the
simulator has replayed it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace

from strips_model.level import Level
from strips_model.moves import Direction, format_plan
from strips_model.validator import Verdict, validate
from translator.planners.outcome import PlannerOptions, PlannerOutcome, Status
from translator.planners.registry import run_planner


@dataclass(frozen=True, slots=True)
class Solution:
    outcome: PlannerOutcome
    directions: tuple[Direction, ...] | None
    """The plan's key presses, when the planner found a plan and it decoded."""
    verdict: Verdict | None
    """The simulator's replay of `directions` on the level."""
    seconds: float
    """The whole run: planner, decoding and validation."""
    phases: tuple[tuple[str, float], ...] = ()
    """Seconds per phase: the planner's own phases (or `planner` for the whole planner run
    when it does not measure them), then `decode` and `validate`."""

    @property
    def plan(self) -> str | None:
        """The key presses as a word of u, d, l, r (`"ldd..."`); None without a plan."""
        return None if self.directions is None else format_plan(self.directions)

    @property
    def status(self) -> Status:
        """The outcome's status, or INVALID when the rules reject the plan it found."""
        if self.outcome.status is Status.SOLVED and self.verdict is not None \
                and not self.verdict.valid:
            return Status.INVALID
        return self.outcome.status


def solve_level(level: Level, planner_name: str, options: PlannerOptions) -> Solution:
    """Planner `planner_name` on `level`, its plan mapped to key presses and replayed."""
    started = time.perf_counter()
    outcome = run_planner(planner_name, level, options)
    planned = time.perf_counter()
    directions, mapping_error = _decode(outcome)
    if mapping_error is not None:
        tail = f"{outcome.log_tail}\n{mapping_error}" if outcome.log_tail else mapping_error
        outcome = replace(outcome, status=Status.ERROR, optimal=False, log_tail=tail)
    decoded = time.perf_counter()
    verdict = validate(level, directions) if directions is not None else None
    finished = time.perf_counter()
    phases = dict(outcome.timings) if outcome.timings else {"planner": planned - started}
    phases["decode"] = phases.get("decode", 0.0) + decoded - planned
    phases["validate"] = finished - decoded
    return Solution(outcome, directions, verdict, finished - started, tuple(phases.items()))


@dataclass(frozen=True, slots=True)
class SolveRequest:
    """One planner on one level: what a worker (local or Dask) is handed to solve it."""

    level: Level
    planner: str
    """A name of the registry's `PLANNERS`."""
    options: PlannerOptions


def solve_request(request: SolveRequest) -> Solution:
    """`solve_level` on a request; module-level so that worker processes can run it."""
    return solve_level(request.level, request.planner, request.options)


def _decode(outcome: PlannerOutcome) -> tuple[tuple[Direction, ...] | None, str | None]:
    """The outcome's key presses, and why its plan did not decode when it did not."""
    if outcome.key_presses is not None:
        return outcome.key_presses, None
    if outcome.steps is None:
        return None, None
    # Here, not at the top: the schemas, which a planner over key presses never needs.
    from strips_model.schema import helltaker_domain
    from translator.solving.key_presses import PlanMappingError, key_presses

    try:
        return key_presses(helltaker_domain(), outcome.steps), None
    except PlanMappingError as error:
        return None, str(error)
