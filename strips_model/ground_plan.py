"""Ground plans in the format Fast Downward writes, parsed by ``ground_plan.lark``.

A ground plan lists actions with their objects, `(step_calm c1_4 c1_3 left ...)`, one per
line, and usually ends with `; cost = N (general cost)`. Names are read in lowercase, as
Fast Downward reads PDDL. Which actions exist and what they mean is not this module's
business: it reads the text only.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Final

from lark import Token, Transformer, v_args

from strips_model.errors import PlanError, Position
from strips_model.lark_front import (
    SyntaxProblem,
    Wording,
    generic_wording,
    integer_of,
    parse_with,
)

_EXPECTED_WORDS: Final = {"SYMBOL": "a name"}
_UNMENTIONED: Final = frozenset({"COST_LINE"})
"""A cost line is a comment to whoever writes a plan by hand: never named as expected."""

_LEADING_COMMENTS = re.compile(r"(?:\s|[#;][^\n]*)*")
_COST = re.compile(r"=\s*([0-9]+)")


PlanStep = tuple[str, tuple[str, ...]]
"""One action of a plan: its name and its objects' names, as a PDDL plan file lists them."""


def step_of_name(name: str) -> PlanStep:
    """`step_calm c1_1 c1_2 right` (a ground action as Fast Downward's task names it) as a
    plan step."""
    words = name.split()
    return words[0], tuple(words[1:])



@dataclass(frozen=True, slots=True)
class GroundStep:
    """One ground action of a plan, its names in lowercase."""

    name: str
    arguments: tuple[str, ...]
    position: Position
    """Where its name is written."""

    @property
    def pair(self) -> tuple[str, tuple[str, ...]]:
        """(name, arguments), as planners' plans are handed around."""
        return self.name, self.arguments

    def __str__(self) -> str:
        return f"({' '.join((self.name, *self.arguments))})"


@dataclass(frozen=True, slots=True)
class GroundPlan:
    steps: tuple[GroundStep, ...]
    cost: int | None
    """What the `; cost = N` line says, if the plan has one."""
    source: str


def is_ground_plan(text: str) -> bool:
    """Whether a plan text is a ground plan rather than a word of key presses: after blanks
    and comments comes `(`, or nothing but comments (the empty plan, `; cost = 0`). A word
    of key presses has neither parentheses nor comments."""
    text = text.removeprefix("\ufeff")
    skipped = _LEADING_COMMENTS.match(text)
    end = skipped.end() if skipped is not None else 0
    if end < len(text):
        return text[end] == "("
    return any(char in "#;" for char in text)


@v_args(inline=True)
class _GroundPlanBuilder(Transformer[Token, GroundPlan]):
    def __init__(self, source: str) -> None:
        super().__init__()
        self._source = source

    def step(self, name: Token, *arguments: Token) -> GroundStep:
        return GroundStep(str(name).lower(), tuple(str(a).lower() for a in arguments),
                          Position(self._source, name.line, name.column))

    def cost(self, token: Token) -> tuple[int, Position]:
        found = _COST.search(str(token))
        assert found is not None, "COST_LINE always holds `= N`"
        position = Position(self._source, token.line, token.column)
        return integer_of(found.group(1), "cost", PlanError, position), position

    def start(self, *items: GroundStep | tuple[int, Position]) -> GroundPlan:
        costs = [item for item in items if isinstance(item, tuple)]
        if len(costs) > 1:
            first = costs[0][1]
            raise PlanError(f"a second cost line (the first is at line {first.line})",
                            costs[1][1])
        steps = tuple(item for item in items if isinstance(item, GroundStep))
        return GroundPlan(steps, costs[0][0] if costs else None, self._source)


def _wording(problem: SyntaxProblem, text: str) -> Wording:
    expected = frozenset(_EXPECTED_WORDS.get(name, name)
                         for name in problem.expected - _UNMENTIONED)
    return generic_wording(dataclasses.replace(problem, expected=expected))


def parse_ground_plan(text: str, source: str = "<plan>") -> GroundPlan:
    """Read a ground plan; a syntax error is a `PlanError` at its line and column."""
    return parse_with("ground_plan.lark", text.removeprefix("\ufeff"), source,
                      _GroundPlanBuilder(source), PlanError, _wording)
