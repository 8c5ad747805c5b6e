"""One error hierarchy for everything that can go wrong, so the CLI catches one type.

`HelltakerError` is the base of every exception this project raises. Its two branches decide
the exit status: `InputError` is bad input (a file, a plan, an argument: exit 2), `RunError`
is a run that failed on good input (a planner missing or crashing, a worker process dying:
exit 3). Messages are one line, prefixed with the place they refer to when there is one.
"""

from __future__ import annotations

import re
import sys
import unicodedata
from dataclasses import dataclass

_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def shown_name(name: str) -> str:
    """A file name or a title as every line of output shows it: a newline, a carriage return
    or a tab in it is written as `\\n`, `\\r`, `\\t`, so that one level stays one line (and
    one `LEVEL<TAB>PLAN` field) whatever it is called; any other control character (an
    escape that would drive the terminal) as `\\xNN`."""
    if name.isprintable():
        return name
    return "".join(_ESCAPES.get(char) or (f"\\x{ord(char):02x}" if ord(char) < 0x100 and
                                          unicodedata.category(char) == "Cc" else char)
                   for char in name)


@dataclass(frozen=True, slots=True)
class Position:
    """A place in an input text; line and column are 1-based, as editors show them."""

    source: str
    line: int | None = None
    column: int | None = None

    def __str__(self) -> str:
        source = shown_name(self.source)
        if self.line is None:
            return source
        if self.column is None:
            return f"{source}:{self.line}"
        return f"{source}:{self.line}:{self.column}"


class HelltakerError(Exception):
    """The base of every error of this project; raise one of its two branches."""

    def __init__(self, message: str, position: Position | None = None) -> None:
        self.message = message
        self.position = position
        super().__init__(f"{position}: {message}" if position else message)


def first_line(error: BaseException) -> str:
    """The first line of a library's exception message, or its type's name when it has none:
    the reason a one-line error quotes."""
    lines = str(error).strip().splitlines()
    return lines[0] if lines else type(error).__name__


class InputError(HelltakerError):
    """Bad input: a file, a plan or an argument that cannot be used as given."""


class RunError(HelltakerError):
    """A run that failed on good input: a planner missing or failing, a worker dying."""


class LevelError(InputError):
    """A level file that does not follow RULES.md section 1."""


class PlanError(InputError):
    """A plan text that is not a word over the chosen alphabet."""


class SchemaError(InputError):
    """A STRIPS schema file that does not follow the notation or is inconsistent."""


def decode_text(data: bytes, path: str) -> str:
    """Bytes read from `path` as UTF-8, without a byte-order mark, every line ended by `\n`
    (a file saved with `\r\n` or old Mac `\r` endings reads as any other); an undecodable
    byte is an input error at its place."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        before = data[: error.start]
        line = before.count(b"\n") + 1
        column = error.start - (before.rfind(b"\n") + 1) + 1
        raise InputError(
            f"not UTF-8: byte 0x{data[error.start]:02x} cannot be decoded",
            Position(path, line, column),
        ) from None
    text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    refuse_long_numbers(text, path)
    return text


def refuse_long_numbers(text: str, path: str) -> None:
    """A run of more ASCII digits than Python converts to an integer
    (sys.get_int_max_str_digits) is an input error at its place: every reader after this one
    may then call int() on any number it finds, and no file can make that a traceback."""
    limit = sys.get_int_max_str_digits()
    # Anchored at the start of a run, the search tries each run once: linear in the text.
    found = re.search(rf"(?<![0-9])[0-9]{{{limit + 1}}}", text) if limit else None
    if found is None:
        return
    start = found.start()
    digits = len(text) - start - len(text[start:].lstrip("0123456789"))
    line = text.count("\n", 0, start) + 1
    column = start - (text.rfind("\n", 0, start) + 1) + 1
    raise InputError(f"a number of {digits} digits: at most {limit} are read",
                     Position(path, line, column))
