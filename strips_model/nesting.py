"""How deeply a text nests its brackets, checked before a recursive reader sees it.

tomllib and unified-planning's PDDL reader recurse once per level of nesting, so a file of a
few hundred bytes (`x = [[[...]]]`, 500 deep) ends them in RecursionError. A scan with no
recursion refuses such a text first, as bad input at the bracket that goes too deep; string
literals and comments are skipped, so brackets inside them do not count.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import accumulate, compress, count
from typing import Final

from strips_model.errors import InputError, Position


@dataclass(frozen=True, slots=True)
class Brackets:
    """A language's nesting brackets, string quotes and line comment."""

    name: str
    """How a message calls a bracket of this language."""
    opening: str
    closing: str
    quotes: str
    """Characters that open a string closed by the same character; `\\` escapes in `"`."""
    comment: str
    limit: int
    skipped: re.Pattern[str]
    """Its strings and comments, whose brackets do not count."""


TOML_NESTING: Final = Brackets(
    "arrays and inline tables", "[{", "]}", "\"'", "#", 32,
    re.compile(r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*'))
PDDL_NESTING: Final = Brackets("parentheses", "(", ")", "", ";", 100, re.compile(r";[^\n]*"))


def check_nesting(text: str, source: str, brackets: Brackets) -> None:
    """Bad input at the first bracket past `brackets.limit` levels; nothing otherwise."""
    if sum(text.count(char) for char in brackets.opening) <= brackets.limit:
        return  # cannot nest deeper than it has brackets: most files stop here
    # The depth after each bracket, computed by C iterators (a 32 MiB file in about a
    # second); the place of the one too deep is then found by the scan below.
    kept = re.sub(f"[^{re.escape(brackets.opening + brackets.closing)}]", "",
                  brackets.skipped.sub("", text))
    steps = {char: 1 for char in brackets.opening} | {char: -1 for char in brackets.closing}
    too_deep = map((brackets.limit + 1).__eq__, accumulate(map(steps.__getitem__, kept)))
    if next(compress(count(), too_deep), None) is None:
        return
    _find_too_deep(text, source, brackets)
    raise InputError(f"{brackets.name} nested more than {brackets.limit} deep",
                     Position(source))


def _find_too_deep(text: str, source: str, brackets: Brackets) -> None:
    """Bad input at the place of the first bracket too deep, scanning mark by mark."""
    marks = re.compile("[" + re.escape(brackets.opening + brackets.closing + brackets.quotes
                                       + brackets.comment) + "]")
    depth = 0
    index = 0
    while (found := marks.search(text, index)) is not None:
        index = found.start()
        char = text[index]
        if char in brackets.opening:
            depth += 1
            if depth > brackets.limit:
                line = text.count("\n", 0, index) + 1
                column = index - text.rfind("\n", 0, index)
                raise InputError(f"{brackets.name} nested more than {brackets.limit} deep",
                                 Position(source, line, column))
        elif char in brackets.closing:
            depth = max(depth - 1, 0)
        elif char == brackets.comment:
            end = text.find("\n", index)
            index = len(text) if end < 0 else end
            continue
        else:
            index = _string_end(text, index)
            continue
        index += 1


def _string_end(text: str, start: int) -> int:
    """Where the string opened at `start` ends (past its quote(s)); a triple quote runs to
    the next triple quote, a single one to its quote or the line's end."""
    quote = text[start]
    if text.startswith(quote * 3, start):
        end = text.find(quote * 3, start + 3)
        return len(text) if end < 0 else end + 3
    index = start + 1
    while index < len(text) and text[index] not in (quote, "\n"):
        index += 2 if quote == '"' and text[index] == "\\" else 1
    return index + 1
