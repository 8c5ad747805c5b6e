"""What every planner returns, so the CLI treats them alike."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Status(Enum):
    SOLVED = "solved"
    UNSOLVABLE = "unsolvable"
    """Proven: no plan within the budget."""
    TIMEOUT = "timeout"
    ERROR = "error"


@dataclass(frozen=True, slots=True)
class PlannerOutcome:
    status: Status
    directions: tuple[str, ...] | None
    cost: int | None
    """The cost the planner claims; the simulator's replay is what the CLI reports."""
    planner: str
    """The planner and its configuration, as shown to users."""
    optimal: bool
    """True when the planner guarantees that `cost` is minimal."""
    log_tail: str = ""
    timings: tuple[tuple[str, float], ...] = ()
    """Seconds per pipeline phase (model, pddl, translate, search, decode), when measured."""
    counts: tuple[tuple[str, int], ...] = ()
    """Sizes the planner reported, e.g. ground operators and states expanded."""
