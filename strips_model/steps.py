"""The simulator's steps remembered: a long plan walks the same few states again and again
(a hostile plan of 16 M letters goes back and forth), so each (state, key press) is simulated
once and then looked up by small integers, in a table of bounded size."""

from __future__ import annotations

from typing import Final

from strips_model.letters import DIRECTIONS
from strips_model.level import Level, State
from strips_model.simulator import Move, NotAnAction, is_goal, step

_REMEMBERED: Final = 1 << 16
"""Steps kept at most; past it the table starts afresh (memory stays bounded, a plan that
never comes back to a state just simulates every step)."""


class Steps:
    """`step` and `is_goal` of one level, each (state, direction code) computed once; states
    are numbered, and a caller goes from number to number without hashing a state."""

    def __init__(self, level: Level) -> None:
        self._level = level
        self._numbers: dict[State, int] = {}
        self._known: dict[int, tuple[Move | NotAnAction, bool, int]] = {}

    def number(self, state: State) -> int:
        """The number of `state`, to give `after` with it."""
        number = self._numbers.get(state)
        if number is None:
            number = self._numbers[state] = len(self._numbers)
        return number

    def after(self, state: State, number: int,
              code: int) -> tuple[Move | NotAnAction, bool, int]:
        """The outcome of the key press coded `code` (DIRECTIONS) in `state` (numbered
        `number`), whether the state it leads to is the goal, and that state's number (-1
        after no move)."""
        known = self._known.get(number * len(DIRECTIONS) + code)
        if known is None:
            if len(self._known) >= _REMEMBERED:
                self._numbers.clear()
                self._known.clear()
                number = self.number(state)
            outcome = step(self._level, state, DIRECTIONS[code])
            goal = isinstance(outcome, Move) and is_goal(self._level, outcome.state)
            following = self.number(outcome.state) if isinstance(outcome, Move) else -1
            known = self._known[number * len(DIRECTIONS) + code] = (outcome, goal, following)
        return known
