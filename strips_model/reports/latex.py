"""Schemas written inside LaTeX math, as reports converted from PDF or Word carry them:

    $\\begin{aligned} & \\textbf{Precondition:} \\text{helltaker}(X,Y), \\text{-demon}(X,Y'), -\\\\
    & \\text{wall}(X,Y') \\end{aligned}$

`unwrap_latex` removes the markup and keeps the text inside it, so that the course reader
(`course.read_course`) reads it. Every character of the plain text remembers the index of
the character of the original it comes from (a character-level map, never a guess from line
lengths), so
`Unwrapped.original_position` takes a plain (line, column) back to the original file.

Positions are mapped after the parse, not inside it: the parsers stay unaware of LaTeX, and
`relocate_schema` and `relocate_reading` rewrite the positions of what they produce
(strips_model/reports/notation.py does both steps).

What is removed: `$`, `\\begin{...}`, `\\end{...}` (with the column specification of
`array` and `tabular`), the commands that only style their argument (`\\text`, `\\textbf`,
`\\operatorname`, `\\mathbf`, `\\mathrm`, ...: the argument stays), braces, spacing commands
(`\\ `, `\\,`, `\\quad`, ...: a space; `\\!`: nothing), cross-reference commands with
their key (`\\label{eq:precondition}`: nothing). Alignment `&` and line breaks
`\\\\` become spaces.
`\\wedge`/`\\land` become `∧` and `\\neg`/`\\lnot` `¬`, which the textbook notation reads;
`\\_` becomes `_`. Any other command is kept as written, for the parser to report.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Final

from strips_model.errors import Position
from strips_model.reports.reading import SkippedPart
from strips_model.schema import Literal, Schema

_Emit = Callable[[str, int], None]
"""Append a piece of plain text that comes from one index of the original."""

_STYLES: Final = frozenset({
    "text", "textbf", "textit", "textrm", "texttt", "textsf", "operatorname", "mathbf",
    "mathrm", "mathit", "mathtt", "mathsf", "boldsymbol", "mbox", "emph",
})
"""Commands whose argument is the text itself: the command goes, the argument stays."""

_LABELS: Final = frozenset({"label", "tag", "ref", "eqref"})
"""Commands whose argument is a cross-reference key, never text: both go."""

_SPACES: Final = frozenset({"quad", "qquad", "left", "right", "displaystyle"})
_SYMBOLS: Final = {"wedge": "∧", "land": "∧", "neg": "¬", "lnot": "¬"}
_TABLES: Final = frozenset({"array", "tabular"})

_COMMAND: Final = re.compile(r"\\([A-Za-z]+)")
_ENVIRONMENT: Final = re.compile(r"\\(begin|end)\s*\{([A-Za-z*]+)\}")
_GROUP: Final = re.compile(r"\s*\{[^{}]*\}")


@dataclass(frozen=True, slots=True)
class Unwrapped:
    """Plain text and, for each of its characters, the index of its origin in the original."""

    text: str
    origins: tuple[int, ...]
    """`origins[i]` is the index in the original of `text[i]`; one more entry maps the end
    of the plain text to the end of the original."""
    original_lines: tuple[int, ...]
    """Index in the original of the first character of each line."""
    plain_lines: tuple[int, ...]
    """Index in the plain text of the first character of each line."""

    def original_position(self, line: int, column: int) -> tuple[int, int]:
        """The 1-based (line, column) of the original for one of the plain text; a column
        past the end of its line (where a parser reports the end of the input) is clamped."""
        line = min(max(line, 1), len(self.plain_lines))
        end = (self.plain_lines[line] - 1 if line < len(self.plain_lines)
               else len(self.text))  # the newline ending the line, or the end of the text
        index = min(self.plain_lines[line - 1] + max(column, 1) - 1, end)
        origin = self.origins[index]
        original_line = bisect_right(self.original_lines, origin)
        return original_line, origin - self.original_lines[original_line - 1] + 1

    def relocate(self, position: Position) -> Position:
        """A position in the plain text moved to the original; one without a line as is."""
        if position.line is None:
            return position
        line, column = self.original_position(position.line, position.column or 1)
        return Position(position.source, line, column if position.column is not None else None)


def _line_starts(text: str) -> tuple[int, ...]:
    return (0, *(match.end() for match in re.finditer("\n", text)))


def unwrap_latex(text: str) -> Unwrapped:
    """Remove LaTeX markup from `text`, remembering where each kept character came from."""
    chars: list[str] = []
    origins: list[int] = []

    def emit(piece: str, origin: int) -> None:
        chars.extend(piece)
        origins.extend([origin] * len(piece))

    index = 0
    while index < len(text):
        char = text[index]
        if char in "${}":
            index += 1
        elif char == "&":
            emit(" ", index)
            index += 1
        elif text.startswith("\\\\", index):
            emit(" ", index)
            index += 2
        elif char == "\\":
            index = _command(text, index, emit)
        else:
            emit(char, index)
            index += 1
    origins.append(len(text))
    plain = "".join(chars)
    return Unwrapped(plain, tuple(origins), _line_starts(text), _line_starts(plain))


def _command(text: str, index: int, emit: _Emit) -> int:
    """Read the command at `text[index]` (a backslash); return the index after it."""
    environment = _ENVIRONMENT.match(text, index)
    if environment:
        end = environment.end()
        if environment.group(1) == "begin" and environment.group(2) in _TABLES:
            # The column specification (`{l}`, `{ll}`) is layout, not text.
            columns = _GROUP.match(text, end)
            end = columns.end() if columns else end
        emit(" ", index)
        return end
    command = _COMMAND.match(text, index)
    if command is None:
        following = text[index + 1:index + 2]
        if following == "_":
            emit("_", index + 1)
        elif following in (" ", ",", ";", ":", ">"):
            emit(" ", index)
        elif following == "!":
            pass  # a negative thin space: `(X,\!Y)` is `(X,Y)`
        elif following:
            emit(following, index + 1)  # an escaped character: `\{`, `\%`, `\&`
        return index + 2
    name = command.group(1)
    if name in _LABELS:
        key = _GROUP.match(text, command.end())
        return key.end() if key else command.end()
    if name in _STYLES:
        return command.end()  # the braces of the argument are dropped one by one
    if name in _SYMBOLS:
        emit(f" {_SYMBOLS[name]} ", index)
        return command.end()
    if name in _SPACES:
        emit(" ", index)
        return command.end()
    emit(command.group(0), index)
    return command.end()


def _literal(literal: Literal, unwrapped: Unwrapped) -> Literal:
    return replace(literal, position=unwrapped.relocate(literal.position))


def relocate_schema(schema: Schema, unwrapped: Unwrapped) -> Schema:
    """The schema with its own and its literals' positions moved to the original."""
    return replace(
        schema,
        position=unwrapped.relocate(schema.position),
        preconditions=tuple(_literal(literal, unwrapped) for literal in schema.preconditions),
        effects=tuple(_literal(literal, unwrapped) for literal in schema.effects),
    )


def relocate_reading(schemas: tuple[Schema, ...], skipped: tuple[SkippedPart, ...],
                     unwrapped: Unwrapped) -> tuple[tuple[Schema, ...], tuple[SkippedPart, ...]]:
    """What a parser read from the plain text, every position moved to the original."""
    return (tuple(relocate_schema(schema, unwrapped) for schema in schemas),
            tuple(SkippedPart(unwrapped.relocate(part.position), part.reason)
                  for part in skipped))
