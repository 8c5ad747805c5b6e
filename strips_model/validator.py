"""Plan validation (RULES.md R-G1 to R-G3) by replay in the simulator."""

from __future__ import annotations

from dataclasses import dataclass

from strips_model.level import Level, State
from strips_model.moves import ALPHABETS
from strips_model.simulator import Move, NotAnAction, cell_text, is_goal, step


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
    level: Level, directions: tuple[str, ...], alphabet: str = "en", explain: bool = False
) -> Verdict:
    """Replay `directions` from the level's start and judge the plan."""
    to_letter = dict(zip("udlr", ALPHABETS[alphabet], strict=True))
    state = level.start
    spent = 0
    trace: list[TraceStep] = []

    def verdict(valid: bool, goal_at: int | None, reason: str | None = None,
                rule: str | None = None, failed_at: int | None = None) -> Verdict:
        return Verdict(level.name, valid, spent, level.budget, len(directions), goal_at,
                       reason, rule, failed_at, tuple(trace))

    if is_goal(level, state):
        if directions:
            extra = len(directions)
            return verdict(False, 0, f"goal reached at letter 0 (the start), {extra} trailing "
                           f"letter{'s' if extra > 1 else ''} (R-G2)", "R-G2", 1)
        return verdict(True, 0)
    for index, direction in enumerate(directions, start=1):
        letter = to_letter[direction]
        outcome = step(level, state, direction, explain=explain)
        if isinstance(outcome, NotAnAction):
            hero = cell_text(state.hero)
            return verdict(False, None, f"letter {index} {letter!r}: hero at {hero} "
                           f"walks into {outcome.obstacle} at {cell_text(outcome.cell)} (R-A0)",
                           "R-A0", index)
        assert isinstance(outcome, Move)
        spent += outcome.cost
        state = outcome.state
        trace.append(TraceStep(index, letter, state, outcome.cost, spent, outcome.rules,
                               outcome.events))
        if spent > level.budget:
            return verdict(False, None, f"letter {index} {letter!r}: budget exceeded, "
                           f"{spent} > {level.budget} (R-G3)", "R-G3", index)
        if is_goal(level, state):
            extra = len(directions) - index
            if extra:
                return verdict(False, index, f"goal reached at letter {index}, {extra} trailing "
                               f"letter{'s' if extra > 1 else ''} (R-G2)", "R-G2", index + 1)
            return verdict(True, index)
    return verdict(False, None, f"plan ends with the hero at {cell_text(state.hero)}, "
                   "not next to a demon (R-G1)", "R-G1", None)
