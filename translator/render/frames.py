"""A plan replayed letter by letter: the frames that the terminal, pictures and page all show.

Frames come from the validator's explained trace, so every picture shows exactly what the rules
simulator computed. Frame 0 is the start; frame k is the state after letter k. An invalid plan
stops at its failing letter: its frames are the letters that were applied (a letter the game
ignores, R-A0, or a trailing letter, R-G2, adds no frame), and `Replay.failure` says why.
"""

from __future__ import annotations

from dataclasses import dataclass

from strips_model.level import Level, State
from strips_model.moves import Direction, format_plan
from strips_model.validator import Verdict, validate


@dataclass(frozen=True, slots=True)
class Frame:
    index: int
    """0 for the start, k for the state after letter k."""
    letter: str | None
    """The letter in the plan's alphabet; None for the start."""
    state: State
    cost: int
    """What this letter cost (0 for the start)."""
    spent: int
    counter: int
    """The game's move counter: budget minus moves spent (negative once over budget, R-G3)."""
    rules: tuple[str, ...]
    events: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Failure:
    """Why the plan is invalid, from the validator."""

    letter: int | None
    """1-based index of the failing letter in the plan; None when the plan ends too early."""
    reason: str


@dataclass(frozen=True, slots=True)
class Replay:
    level: Level
    plan: str
    """The plan's letters in `alphabet`."""
    alphabet: str
    frames: tuple[Frame, ...]
    verdict: Verdict | None
    """None when there is no plan to judge (the level alone is shown)."""

    @property
    def has_plan(self) -> bool:
        return self.verdict is not None

    @property
    def failure(self) -> Failure | None:
        if self.verdict is None or self.verdict.valid:
            return None
        return Failure(self.verdict.failed_at, self.verdict.reason or "")


def replay(level: Level, directions: tuple[Direction, ...] | None,
           alphabet: str = "en") -> Replay:
    """Replay `directions` (u d l r) on `level`; None shows the level alone (one frame)."""
    start = Frame(0, None, level.start, 0, 0, level.budget, (), ())
    if directions is None:
        return Replay(level, "", alphabet, (start,), None)
    verdict = validate(level, directions, alphabet, explain=True)
    frames = [start] + [
        Frame(step.index, step.letter, step.state, step.cost, step.spent,
              level.budget - step.spent, step.rules, step.events)
        for step in verdict.trace
    ]
    return Replay(level, format_plan(directions, alphabet), alphabet, tuple(frames), verdict)


def phase_text(parity: int) -> str:
    """The trap phase in words: which kind of trap is raised now (R-T1)."""
    if parity == 0:
        return "phase even (T lowered, U raised)"
    return "phase odd (T raised, U lowered)"
