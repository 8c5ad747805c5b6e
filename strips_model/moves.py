"""Key presses and plans as words over a key alphabet (RULES.md F2)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import StrEnum
from typing import Final

from strips_model.errors import PlanError, Position


class Direction(StrEnum):
    """A key press. Each member equals its English letter, so `Direction.UP == "u"` and a
    plan joins into its English text with `"".join(plan)`."""

    UP = "u"
    DOWN = "d"
    LEFT = "l"
    RIGHT = "r"

    @property
    def delta(self) -> tuple[int, int]:
        """(row change, column change) of one step this way; row 0 is the top row (F2)."""
        return _DELTAS[self]

    @property
    def pddl_name(self) -> str:
        """The object that names this direction in the PDDL model: `up`, `down`, ..."""
        return self.name.lower()

    @classmethod
    def of_pddl_name(cls, name: str) -> Direction | None:
        """The direction a PDDL object names, in any case; None for any other object."""
        return _BY_PDDL_NAME.get(name.lower())


_DELTAS: Final[Mapping[Direction, tuple[int, int]]] = {
    Direction.UP: (-1, 0),
    Direction.DOWN: (1, 0),
    Direction.LEFT: (0, -1),
    Direction.RIGHT: (0, 1),
}
_BY_PDDL_NAME: Final[Mapping[str, Direction]] = {d.pddl_name: d for d in Direction}

ALPHABETS: Final[Mapping[str, Mapping[Direction, str]]] = {
    "en": {Direction.UP: "u", Direction.DOWN: "d", Direction.LEFT: "l", Direction.RIGHT: "r"},
    "fr": {Direction.UP: "h", Direction.DOWN: "b", Direction.LEFT: "g", Direction.RIGHT: "d"},
}
"""Alphabet name -> the letter of each direction: English `udlr` or the course's French
`hbgd` (haut, bas, gauche, droite)."""


def parse_plan(text: str, alphabet: str = "en", source: str = "<plan>") -> tuple[Direction, ...]:
    """Read a plan written in `alphabet`; whitespace and commas are ignored, case is not."""
    letters = ALPHABETS[alphabet]
    direction_of = {letter: direction for direction, letter in letters.items()}
    directions: list[Direction] = []
    line, column = 1, 0
    for char in text.removeprefix("\ufeff"):
        column += 1
        if char == "\n":
            line, column = line + 1, 0
            continue
        if char.isspace() or char == ",":
            continue
        direction = direction_of.get(char.lower())
        if direction is None:
            raise PlanError(
                f"letter {char!r} is not in the {alphabet!r} alphabet "
                f"{''.join(letters.values())!r} (F2)",
                Position(source, line, column),
            )
        directions.append(direction)
    return tuple(directions)


def format_plan(directions: Iterable[Direction], alphabet: str = "en") -> str:
    """The plan's text in `alphabet`, one letter per key press."""
    letters = ALPHABETS[alphabet]
    return "".join(letters[direction] for direction in directions)
