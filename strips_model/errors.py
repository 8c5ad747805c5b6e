"""One error hierarchy for every kind of bad input, so the CLI catches one type."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Position:
    """A place in an input text; line and column are 1-based, as editors show them."""

    source: str
    line: int | None = None
    column: int | None = None

    def __str__(self) -> str:
        if self.line is None:
            return self.source
        if self.column is None:
            return f"{self.source}:{self.line}"
        return f"{self.source}:{self.line}:{self.column}"


class HelltakerError(Exception):
    """Bad input: the message is one line, prefixed with the place it refers to."""

    def __init__(self, message: str, position: Position | None = None) -> None:
        self.message = message
        self.position = position
        super().__init__(f"{position}: {message}" if position else message)


class LevelError(HelltakerError):
    """A level file that does not follow RULES.md section 1."""


class PlanError(HelltakerError):
    """A plan text that is not a word over the chosen alphabet."""


class SchemaError(HelltakerError):
    """A STRIPS schema file that does not follow the notation or is inconsistent."""


def read_text(path: str) -> str:
    """Read a UTF-8 file, turning OS and decoding failures into one-line input errors."""
    import os

    if os.path.isdir(path):
        raise HelltakerError("is a directory, expected a file", Position(path))
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except FileNotFoundError:
        raise HelltakerError("no such file", Position(path)) from None
    except OSError as error:
        raise HelltakerError(f"cannot read: {error.strerror}", Position(path)) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        before = data[: error.start]
        line = before.count(b"\n") + 1
        column = error.start - (before.rfind(b"\n") + 1) + 1
        raise HelltakerError(
            f"not UTF-8: byte 0x{data[error.start]:02x} cannot be decoded",
            Position(path, line, column),
        ) from None
