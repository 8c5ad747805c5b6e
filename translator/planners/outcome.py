"""What every planner is asked and what it returns, so that callers treat them alike: to solve
(`PlannerOptions` -> `PlannerOutcome`) and to enumerate (`EnumerationOptions` ->
`EnumerationOutcome`).

A planner stops at its own actions: `PlannerOutcome.steps` is the plan as the planner wrote
it, and turning it into key presses and validating it is the decoding stage's job
(translator/solving/solve.py, translator/solving/plan_enumeration.py).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING

from strips_model.moves import Direction
from translator.runtime.processes import Limits, WorkerFailed, WorkerOutOfMemory, WorkerTimeout

if TYPE_CHECKING:
    from strips_model.ground_plan import PlanStep  # the plan grammar: not for key presses


class Status(Enum):
    SOLVED = "solved"
    UNSOLVABLE = "unsolvable"
    """Proven: no plan within the budget."""
    TIMEOUT = "timeout"
    OUT_OF_MEMORY = "out of memory"
    ERROR = "error"
    INVALID = "invalid"
    """A plan came back that the rules reject: set when decoding replays it, never by a
    planner."""


FAILURES = frozenset({Status.TIMEOUT, Status.OUT_OF_MEMORY, Status.ERROR, Status.INVALID})
"""Statuses that say nothing about the level: the run failed (exit 3)."""


def status_of_failure(failure: WorkerFailed) -> Status:
    """What an attempt that gave no result says: it passed a limit, or it crashed."""
    if isinstance(failure, WorkerTimeout):
        return Status.TIMEOUT
    return Status.OUT_OF_MEMORY if isinstance(failure, WorkerOutOfMemory) else Status.ERROR


@dataclass(frozen=True, slots=True)
class PlannerOptions:
    budget: int
    """Any non-negative integer; planners whose integers cannot hold it search unbounded."""
    timeout: float | None = None
    """Wall-clock seconds for the whole attempt, translation included; None for no limit."""
    memory_limit: int | None = None
    """Bytes of address space for each process of the attempt; None for no limit."""

    @property
    def limits(self) -> Limits:
        return Limits(self.timeout, self.memory_limit)


@dataclass(frozen=True, slots=True)
class PlannerOutcome:
    status: Status
    planner: str
    """The planner and its configuration, as shown to users."""
    optimal: bool
    """True when the planner guarantees that `cost` is minimal (or, unsolved, that no plan
    fits the budget)."""
    steps: tuple[PlanStep, ...] | None = None
    """The plan in the planner's own actions, when it found one."""
    key_presses: tuple[Direction, ...] | None = None
    """The plan, for a planner that searches over key presses itself (no actions to decode)."""
    cost: int | None = None
    """The cost the planner claims; the simulator's replay is what users are shown."""
    log_tail: str = ""
    timings: tuple[tuple[str, float], ...] = ()
    """Seconds per phase the planner measured itself (model, pddl, translate, search)."""
    counts: tuple[tuple[str, int], ...] = ()
    """Sizes the planner reported, e.g. ground operators and states expanded."""


@dataclass(frozen=True, slots=True)
class EnumerationOptions:
    max_cost: int
    """List the plans of cost <= max_cost; past the planners' integers it bounds nothing
    (translator/planners/cost_bound.py) and only `limit` ends the list."""
    optimal_only: bool = False
    """Only the plans of minimum cost."""
    limit: int | None = None
    """At most this many plans, the cheapest first."""
    timeout: float | None = None
    """Wall-clock seconds for the whole enumeration; None for no limit."""


@dataclass(frozen=True, slots=True)
class EnumerationOutcome:
    """What an enumerating planner returned, before the simulator judges its plans."""

    status: Status
    """SOLVED with at least one plan, UNSOLVABLE when the planner proved there is none."""
    plans: tuple[tuple[PlanStep, ...], ...]
    """In the planner's own actions, cheapest first."""
    search: str
    """The planner and its configuration, as shown to users."""
    message: str = ""
    """Why it failed (with the planner's last log lines), empty otherwise."""


@dataclass(slots=True)
class Stopwatch:
    """Seconds per phase, for `PlannerOutcome.timings`: each `lap` ends a phase and starts the
    next."""

    timings: list[tuple[str, float]] = field(default_factory=list)
    mark: float = field(default_factory=time.perf_counter)

    def lap(self, phase: str) -> None:
        now = time.perf_counter()
        self.timings.append((phase, now - self.mark))
        self.mark = now

    def restart(self) -> None:
        """Leave the time since the last lap out of every phase."""
        self.mark = time.perf_counter()


def log_tail(log: str, lines: int = 12) -> str:
    """The last lines of a planner's log: what users see when it fails."""
    return "\n".join(log.rstrip().splitlines()[-lines:])
