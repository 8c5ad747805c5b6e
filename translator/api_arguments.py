"""The Python face's arguments checked at its boundary, as the command line checks its own:
a value of the wrong type is a `TypeError`, a wrong value the project's `InputError` (a
`HelltakerError` and a `ValueError`), raised before any work starts and named by the
argument, never a `KeyError` or an `AttributeError` from deep inside."""

from __future__ import annotations

import math
import os
from collections.abc import Iterable, Sequence

from strips_model.errors import InputError
from strips_model.level import Level
from strips_model.moves import ALPHABETS, Direction


def _refuse_type(name: str, expected: str, value: object) -> TypeError:
    return TypeError(f"{name} must be {expected}, not {type(value).__name__}")


def path_argument(name: str, value: object) -> str:
    if not isinstance(value, str | os.PathLike):
        raise _refuse_type(name, "a path (str or os.PathLike)", value)
    return os.fspath(value)


def level_argument(value: object) -> Level:
    if not isinstance(value, Level):
        raise _refuse_type("level", "a Level (from load_level)", value)
    return value


def levels_argument(value: object) -> tuple[Level, ...]:
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise _refuse_type("levels", "a sequence of Level", value)
    return tuple(level_argument(level) for level in value)


def seconds_argument(name: str, value: object) -> float | None:
    """None (no limit) or a finite number of seconds greater than 0."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise _refuse_type(name, "a number of seconds or None", value)
    if not math.isfinite(value) or value <= 0:
        raise InputError(f"{name} must be a finite number of seconds greater than 0, "
                         f"found {value!r}")
    return float(value)


def count_argument(name: str, value: object, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _refuse_type(name, "an int", value)
    if value < minimum:
        raise InputError(f"{name} must be at least {minimum}, found {value}")
    return value


def text_argument(name: str, value: object) -> str:
    if not isinstance(value, str):
        raise _refuse_type(name, "a str", value)
    return value


def alphabet_argument(value: object) -> str:
    alphabet = text_argument("alphabet", value)
    if alphabet not in ALPHABETS:
        raise InputError(f"unknown alphabet {alphabet!r}; the alphabets are "
                         + ", ".join(sorted(ALPHABETS)))
    return alphabet


def plan_argument(value: object) -> str | tuple[Direction, ...]:
    """A word of key presses, or key presses (Direction values)."""
    if isinstance(value, str):
        return value
    if not isinstance(value, Iterable) or isinstance(value, bytes):
        raise _refuse_type("plan", "a str or an iterable of Direction", value)
    moves = tuple(value)
    if not all(isinstance(move, Direction) for move in moves):
        raise _refuse_type("plan", "a str or an iterable of Direction",
                           next(move for move in moves if not isinstance(move, Direction)))
    return moves
