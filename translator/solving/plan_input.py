"""A plan as users give it, to key presses: a word over a key alphabet, or a ground plan as
Fast Downward writes it (strips_model/ground_plan.py), told apart by its text.

A ground plan's actions must be actions of our model (strips_model/helltaker.strips); each
names its key press. Whether the objects it names are the ones the model's action takes on
a given level is asked separately (`first_disagreement`), by replaying the model.

A word of key presses, what most commands are given, is read without the ground plans'
grammar or the schemas: those are imported for a ground plan only (docs/performance.md).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from strips_model.errors import PlanError
from strips_model.letters import parse_letters
from strips_model.level import Level
from strips_model.moves import Direction

if TYPE_CHECKING:
    from strips_model.ground_plan import GroundPlan, GroundStep, PlanStep

_LETTERS_ONLY = re.compile(r"\ufeff?[^\W\d_]*\s*", re.UNICODE)
"""A text of letters alone (and trailing blanks): a word of key presses, never a ground plan,
which starts with `(` or a comment."""


@dataclass(frozen=True, slots=True)
class PlanInput:
    directions: Sequence[Direction]
    """One byte a letter for a word of key presses (strips_model/letters.py)."""
    ground: GroundPlan | None
    """The ground plan the key presses were read from; None for a word of key presses."""


@dataclass(frozen=True, slots=True)
class Disagreement:
    """A ground plan's action that is not what its key press does in the model."""

    index: int
    """1-based, as letters are counted."""
    given: GroundStep
    expected: PlanStep

    def __str__(self) -> str:
        expected = f"({' '.join((self.expected[0], *self.expected[1]))})"
        return (f"action {self.index} {self.given} (line {self.given.position.line}) is not "
                f"what its key press does in the model here: {expected}")


def read_plan(text: str, alphabet: str = "en", source: str = "<plan>") -> PlanInput:
    """The key presses of a plan text, and its ground plan when it is one; an action that is
    not one of the model's is a `PlanError` at the action's name."""
    if _LETTERS_ONLY.fullmatch(text):
        return PlanInput(parse_letters(text, alphabet, source), None)
    from strips_model.ground_plan import is_ground_plan, parse_ground_plan

    if not is_ground_plan(text):
        return PlanInput(parse_letters(text, alphabet, source), None)
    plan = parse_ground_plan(text, source)
    return PlanInput(tuple(_key_press(step) for step in plan.steps), plan)


def _key_press(step: GroundStep) -> Direction:
    from strips_model.schema import helltaker_domain
    from translator.solving.key_presses import PlanMappingError, key_press

    try:
        return key_press(helltaker_domain(), step.pair)
    except PlanMappingError as error:
        # The planner's fault when decoding a planner's plan; the user's here.
        raise PlanError(error.message, step.position) from None


def first_disagreement(level: Level, plan: PlanInput, applied: int) -> Disagreement | None:
    """The first of the ground plan's first `applied` actions whose objects differ from the
    action the model takes for its key press on `level`; None when they all agree or the
    plan was no ground plan. Give the number of key presses the rules accepted: the model
    has no action for the others."""
    if plan.ground is None:
        return None
    from translator.solving.ground_plans import replay_ground_actions

    pairs = zip(plan.ground.steps[:applied],
                replay_ground_actions(level, plan.directions[:applied]), strict=True)
    for index, (given, expected) in enumerate(pairs, start=1):
        if given.pair != expected:
            return Disagreement(index, given, expected)
    return None
