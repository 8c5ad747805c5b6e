"""Plan validation (RULES.md R-G1 to R-G3) by replay in the simulator, and the words for
what the simulator reports: the sentences of `validate --trace` and of the replay pictures."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from strips_model.letters import DIRECTIONS, codes_of
from strips_model.level import Cell, Level, State
from strips_model.moves import ALPHABETS, Direction
from strips_model.simulator import Event, Happening, Move, Obstacle, is_goal
from strips_model.steps import Steps


def cell_text(cell: Cell) -> str:
    """`(row,column)`, as every message writes a cell."""
    return f"({cell[0]},{cell[1]})"


_OBSTACLE_TEXT: Final[dict[Obstacle, str]] = {
    Obstacle.WALL: "a wall",
    Obstacle.OUTSIDE: "the outside of the grid",
    Obstacle.DEMON: "a demon",
}


def obstacle_text(obstacle: Obstacle) -> str:
    """What the hero walks into, as the R-A0 message names it."""
    return _OBSTACLE_TEXT[obstacle]


def event_text(event: Event) -> str:
    """One event as the sentence a trace shows for it."""
    at = cell_text(event.cell)
    to = cell_text(event.to) if event.to is not None else ""
    match event.happening:
        case Happening.LOCK_BUMPED:
            return f"bumps the closed lock at {at} without the key"
        case Happening.LOCK_OPENED:
            return f"opens the lock at {at} with the key and steps in"
        case Happening.BOULDER_MOVED:
            return f"kicks the boulder from {at} to {to}"
        case Happening.BOULDER_STUCK:
            return f"kicks the boulder at {at}, which cannot move"
        case Happening.SKELETON_MOVED:
            return f"kicks the skeleton from {at} to {to}"
        case Happening.SKELETON_SMASHED:
            return f"kicks the skeleton at {at} into an obstacle: destroyed"
        case Happening.HERO_STEPPED:
            return f"steps to {at}"
        case Happening.KEY_TAKEN:
            return "takes the key"
        case Happening.SKELETON_IMPALED:
            return f"skeleton at {at} destroyed by spikes or a raised trap"
        case Happening.HERO_HURT:
            return f"damage: the hero's cell {at} is spiked after the toggle"


@dataclass(frozen=True, slots=True)
class TraceStep:
    """What one letter did, for `--trace` and pictures."""

    index: int
    letter: str
    state: State
    cost: int
    spent: int
    rules: tuple[str, ...]
    events: tuple[str, ...]
    """The simulator's events in words (`event_text`); empty unless the replay explains."""


@dataclass(frozen=True, slots=True)
class Verdict:
    level: str
    valid: bool
    cost: int
    """Moves spent by the letters that were applied (all of them when valid)."""
    budget: int
    letters: int
    goal_at: int | None
    """1-based index of the letter that first reached the goal; 0 for the empty plan."""
    reason: str | None
    rule: str | None
    failed_at: int | None
    """1-based index of the letter that made the plan invalid, if one did."""
    trace: tuple[TraceStep, ...]
    """Every letter applied, when the replay kept them (validate's `keep_trace`)."""
    applied: int = 0
    """How many letters the rules accepted (R-A0), the one that broke the budget included."""

    def summary(self) -> str:
        """The verdict in one line, as every command prints it."""
        if self.valid:
            return (f"valid: {self.level}, cost {self.cost} <= budget {self.budget}, "
                    f"goal at letter {self.goal_at}")
        return f"invalid: {self.reason}"

    def as_json(self) -> dict[str, object]:
        return {
            "level": self.level,
            "valid": self.valid,
            "cost": self.cost,
            "budget": self.budget,
            "letters": self.letters,
            "goal_at": self.goal_at,
            "reason": self.reason,
        }


def validate(
    level: Level, directions: Sequence[Direction], alphabet: str = "en", explain: bool = False,
    keep_trace: bool = True,
) -> Verdict:
    """Replay `directions` from the level's start and judge the plan; with `explain`, each
    trace step carries its events in words. Without `keep_trace` (and `explain`) the verdict's
    trace is empty and the replay takes the same memory whatever the plan's length."""
    to_letter = ALPHABETS[alphabet]
    keep_trace = keep_trace or explain
    state = level.start
    spent = 0
    applied = 0
    trace: list[TraceStep] = []

    def verdict(valid: bool, goal_at: int | None, reason: str | None = None,
                rule: str | None = None, failed_at: int | None = None) -> Verdict:
        return Verdict(level.name, valid, spent, level.budget, len(directions), goal_at,
                       reason, rule, failed_at, tuple(trace), applied)

    if is_goal(level, state):
        if directions:
            extra = len(directions)
            return verdict(False, 0, f"goal reached at letter 0 (the start), {extra} trailing "
                           f"letter{'s' if extra > 1 else ''} (R-G2)", "R-G2", 1)
        return verdict(True, 0)
    steps = Steps(level)
    number = steps.number(state)
    for index, code in enumerate(codes_of(directions), start=1):
        outcome, goal, number = steps.after(state, number, code)
        if not isinstance(outcome, Move):
            hero = cell_text(state.hero)
            letter = to_letter[DIRECTIONS[code]]
            return verdict(False, None, f"letter {index} {letter!r}: hero at {hero} walks into "
                           f"{obstacle_text(outcome.obstacle)} at {cell_text(outcome.cell)} (R-A0)",
                           "R-A0", index)
        applied = index
        spent += outcome.cost
        state = outcome.state
        if keep_trace:
            events = tuple(map(event_text, outcome.events)) if explain else ()
            trace.append(TraceStep(index, to_letter[DIRECTIONS[code]], state, outcome.cost,
                                   spent, outcome.rules, events))
        if spent > level.budget:
            letter = to_letter[DIRECTIONS[code]]
            return verdict(False, None, f"letter {index} {letter!r}: budget exceeded, "
                           f"{spent} > {level.budget} (R-G3)", "R-G3", index)
        if goal:
            extra = len(directions) - index
            if extra:
                return verdict(False, index, f"goal reached at letter {index}, {extra} trailing "
                               f"letter{'s' if extra > 1 else ''} (R-G2)", "R-G2", index + 1)
            return verdict(True, index)
    return verdict(False, None, f"plan ends with the hero at {cell_text(state.hero)}, "
                   "not next to a demon (R-G1)", "R-G1", None)
