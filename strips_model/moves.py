"""Plans as words over a key alphabet (RULES.md F2)."""

from __future__ import annotations

from typing import Final

from strips_model.errors import PlanError, Position

ALPHABETS: Final[dict[str, str]] = {"en": "udlr", "fr": "hbgd"}
"""Letters for up, down, left, right: English `udlr` or the course's French `hbgd`."""


def parse_plan(text: str, alphabet: str = "en", source: str = "<plan>") -> tuple[str, ...]:
    """Turn a plan text into directions `u d l r`; whitespace and commas are ignored."""
    letters = ALPHABETS[alphabet]
    to_direction = dict(zip(letters, "udlr", strict=True))
    directions: list[str] = []
    line, column = 1, 0
    for char in text.removeprefix("\ufeff"):
        column += 1
        if char == "\n":
            line, column = line + 1, 0
            continue
        if char.isspace() or char == ",":
            continue
        direction = to_direction.get(char.lower())
        if direction is None:
            raise PlanError(
                f"letter {char!r} is not in the {alphabet!r} alphabet {letters!r} (F2)",
                Position(source, line, column),
            )
        directions.append(direction)
    return tuple(directions)


def format_plan(directions: tuple[str, ...] | list[str], alphabet: str = "en") -> str:
    table = dict(zip("udlr", ALPHABETS[alphabet], strict=True))
    return "".join(table[direction] for direction in directions)
