"""A plan replayed letter by letter: the frames that the terminal, pictures and page all show.

Frames come from the validator's explained trace, so every picture shows exactly what the rules
simulator computed. Frame 0 is the start; frame k is the state after letter k. An invalid plan
stops at its failing letter: its frames are the letters that were applied (a letter the game
ignores, R-A0, or a trailing letter, R-G2, adds no frame), and `Replay.failure` says why.

`Replay.frames` is a view over the trace that builds each frame when it is asked for, so a long
plan streamed to the terminal never holds more than one frame at a time.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import overload

from strips_model.level import Level, State
from strips_model.moves import Direction, format_plan
from strips_model.validator import TraceStep, Verdict, validate


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


class Frames(Sequence[Frame]):
    """The start and one frame per applied letter, each built from the trace on demand."""

    __slots__ = ("_level", "_trace")

    def __init__(self, level: Level, trace: tuple[TraceStep, ...]) -> None:
        self._level = level
        self._trace = trace

    def __len__(self) -> int:
        return len(self._trace) + 1

    @overload
    def __getitem__(self, index: int) -> Frame: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Frame, ...]: ...

    def __getitem__(self, index: int | slice) -> Frame | tuple[Frame, ...]:
        if isinstance(index, slice):
            return tuple(self._frame(number) for number in range(*index.indices(len(self))))
        number = index + len(self) if index < 0 else index
        if not 0 <= number < len(self):
            raise IndexError(f"frame {index} of {len(self)}")
        return self._frame(number)

    def __iter__(self) -> Iterator[Frame]:
        for number in range(len(self)):
            yield self._frame(number)

    def _frame(self, number: int) -> Frame:
        level = self._level
        if number == 0:
            return Frame(0, None, level.start, 0, 0, level.budget, (), ())
        step = self._trace[number - 1]
        return Frame(step.index, step.letter, step.state, step.cost, step.spent,
                     level.budget - step.spent, step.rules, step.events)


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
    verdict: Verdict | None
    """None when there is no plan to judge (the level alone is shown)."""

    @property
    def frames(self) -> Frames:
        return Frames(self.level, self.verdict.trace if self.verdict is not None else ())

    @property
    def last_index(self) -> int:
        """The index of the last frame: how many letters were applied."""
        return len(self.verdict.trace) if self.verdict is not None else 0

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
    if directions is None:
        return Replay(level, "", alphabet, None)
    verdict = validate(level, directions, alphabet, explain=True)
    return Replay(level, format_plan(directions, alphabet), alphabet, verdict)


def phase_text(parity: int) -> str:
    """The trap phase in words: which kind of trap is raised now (R-T1)."""
    if parity == 0:
        return "phase even (T lowered, U raised)"
    return "phase odd (T raised, U lowered)"
