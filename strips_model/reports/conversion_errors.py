"""Errors in schemas a conversion (PDF, Word, LaTeX) damaged, said as a reader sees them.

The schema grammar reports where parsing stopped, which after a conversion is often not
where the damage is: a literal cut off (`lock(X` and then the next clause) is noticed at the
next clause, a comma lost between two literals reads as a second schema header. The text is
never repaired: only the message and its position change.
"""

from __future__ import annotations

import re
from typing import Final

from strips_model.errors import Position, SchemaError


def reworded(error: SchemaError, text: str, schema: str) -> SchemaError:
    """`error`, raised parsing `text` (one schema's block, named `schema`), said at the damage
    when it is one a conversion does; with a hint when a character reads as a typo."""
    better = _as_cut_off(error, text) or _as_missing_comma(error, schema) or error
    return SchemaError(better.message + _hint(better.message), better.position)


_FOUND: Final = re.compile(r"found (?:'([^']*)'|(end of file))$")
_KEYWORD_OR_NAME: Final = re.compile(r"Precondition|Effect|Cost|[a-z][A-Za-z0-9_]*")


def _as_cut_off(error: SchemaError, text: str) -> SchemaError | None:
    """The error said at the literal a conversion cut off (`lock(X` then the next clause, or
    then the next literal), rather than where the parser noticed it."""
    found = _FOUND.search(error.message)
    position = error.position
    if ("expected ')'" not in error.message or found is None or position is None
            or position.line is None or position.column is None):
        return None
    if found.group(1) is not None and not _KEYWORD_OR_NAME.fullmatch(found.group(1)):
        return None  # `p(X Y)`: a comma missing, not a literal cut off
    lines = text.split("\n")
    end = sum(len(line) + 1 for line in lines[:position.line - 1]) + position.column - 1
    if found.group(2) is not None:
        end = len(text.rstrip())
    opened = _unclosed_literal(text, end)
    if opened is None:
        return None
    fragment = " ".join(text[opened:end].split())
    line = text.count("\n", 0, opened) + 1
    column = opened - (text.rfind("\n", 0, opened) + 1) + 1
    return SchemaError(f"literal {fragment!r} is cut off: its ')' is missing",
                       Position(position.source, line, column))


_NOT_A_HEADER: Final = re.compile(r"^schema '([^']*)' must be followed by")


def _as_missing_comma(error: SchemaError, name: str) -> SchemaError | None:
    """Inside one schema's block, the only header is its own: another name the grammar took
    for a header is a literal written after the previous one without a comma."""
    other = _NOT_A_HEADER.match(error.message)
    if other is None or other.group(1) == name:
        return None
    return SchemaError(f"a ',' is missing before literal {other.group(1)!r}", error.position)


def _unclosed_literal(text: str, end: int) -> int | None:
    """Index of the name of the literal whose '(' is still open at `end`, searched back to
    the last `Precondition` (the header's parentheses are not a literal's)."""
    start = text.rfind("Precondition", 0, end)
    if start < 0:
        return None
    depth = 0
    for index in range(end - 1, start, -1):
        if text[index] == ")":
            depth += 1
        elif text[index] == "(":
            if depth == 0:
                name = re.search(r"[A-Za-z][A-Za-z0-9_]*\s*$", text[start:index])
                return start + name.start() if name else index
            depth -= 1
    return None


def _hint(message: str) -> str:
    # Word processors and PDF text turn two primes into one double quote; it is read as
    # written (a guess could pair the wrong variables), but the reader is told what it is.
    if message.startswith("unexpected character '\"'"):
        return " (`\"` where `''` was meant?)"
    return ""
