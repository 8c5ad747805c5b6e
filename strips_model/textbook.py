"""STRIPS actions in the "textbook" notation of some reports' annexes, read into `Schema`s.

    Action(move_right(X,Y))
    PRECOND :
    at (X, Y)  $\\wedge$   $\\neg$  wall (X, Y + 1)
    EFFECT :
    at (X, Y + 1)  $\\wedge$   $\\neg$  at(X, Y)

The grammar is ``textbook.lark``. A report is cut into one text per `Action(` header, from
the header to the end of its effect (a blank line after it, a heading or the next header),
and each text is parsed alone: an error skips that schema only and is recorded as a
`SkippedPart`, so a comparison goes on with what could be read. Cutting never moves a
character (lines before the schema become empty lines, code fences blank lines), so every
position is one of the text given.

A literal the text cuts off (`\\neg lock(X` and then the next clause) is reported at the
literal, never completed by a guess. A nullary literal is complete as far as syntax can
tell: `\\neg loc` at the end of a line reads as the literal `loc`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from lark import Token, v_args

from strips_model.errors import Position, SchemaError
from strips_model.lark_front import (
    END_OF_INPUT,
    SyntaxProblem,
    Unexpected,
    Wording,
    generic_wording,
    integer_of,
    parse_with,
)
from strips_model.schema import (
    UNTYPED,
    Literal,
    Parameter,
    Schema,
    Term,
    TermBuilder,
    prime_form,
)

# `Action` capitalised: a lowercase `action(` is ASP (`action(up;down)`), not this notation.
_HEADER: Final = re.compile(r"^\s*(?:Action|ACTION)\s*\(\s*([a-z](?:[A-Za-z0-9_]|\\_)*)?")
_HEADING: Final = re.compile(r"^\s{0,3}#{1,6}(\s|$)")
_FENCE: Final = re.compile(r"^\s*(```|~~~)")
_CLAUSE: Final = re.compile(r"^[\s$*]*(?i:(precond(?:ition)?s?)|(effects?))[\s$*]*:")

_WORDS: Final = {
    "MARKDOWN_NAME": "a lowercase name",
    "NOT": "a negation",
    "AND": "a conjunction",
    "PLUS": "'+'",
    "ACTION": "'Action'",
    "PRECOND": "'PRECOND'",
    "EFFECT": "'EFFECT'",
    "DOT": "'.'",
    "SEMICOLON": "';'",
}
"""Names of this grammar's own terminals in messages (lark_front names the shared ones)."""

_KEYWORDS: Final = frozenset({"PRECOND", "EFFECT", "ACTION", END_OF_INPUT})
"""Tokens that open a new part: met where a literal should go on, the literal was cut off."""


@dataclass(frozen=True, slots=True)
class SkippedPart:
    """A part of the text that could not be read, and why, in one line."""

    position: Position
    reason: str

    def __str__(self) -> str:
        return f"{self.position}: {self.reason}"


@dataclass(frozen=True, slots=True)
class TextbookReading:
    """The schemas read, in the order of the text, and the parts skipped."""

    schemas: tuple[Schema, ...]
    skipped: tuple[SkippedPart, ...]


def _unescape(name: str) -> str:
    return name.replace("\\_", "_")


@v_args(inline=True)
class _TextbookBuilder(TermBuilder[Schema]):

    def start(self, schema: Schema) -> Schema:
        return schema

    def header_end(self) -> None:
        return None

    def parameters(self, *names: Token | None) -> tuple[Parameter, ...]:
        return tuple(Parameter(prime_form(str(name)), UNTYPED) for name in names
                     if name is not None)

    def precondition(self, _keyword: Token, literals: tuple[Literal, ...]) -> tuple[Literal, ...]:
        return literals

    effect = precondition

    def conjunction(self, *items: Literal | Token | None) -> tuple[Literal, ...]:
        return tuple(item for item in items if isinstance(item, Literal))

    def conjunct(self, negation: Token | None, name: Token,
                 arguments: tuple[Term, ...] | None) -> Literal:
        return Literal(_unescape(str(name)), arguments or (), negation is None, self._at(name))

    def textbook_arguments(self, *terms: Term | None) -> tuple[Term, ...]:
        return tuple(term for term in terms if term is not None)

    def shifted(self, name: Token, offset: int | None) -> Term:
        return Term(prime_form(str(name)), True, offset or 0)

    def offset(self, sign: Token, digits: Token) -> int:
        if digits.startswith("-"):
            raise SchemaError(f"offset {sign} {digits}: write the sign once", self._at(sign))
        value = integer_of(str(digits), "offset", SchemaError, self._at(digits))
        return -value if sign == "-" else value

    def textbook_constant(self, token: Token) -> Term:
        return Term(_unescape(str(token)), False)

    def schema(self, _action: Token, name: Token, parameters: tuple[Parameter, ...],
               _end: None, preconditions: tuple[Literal, ...],
               effects: tuple[Literal, ...]) -> Schema:
        return Schema(_unescape(str(name)), parameters, preconditions, effects, 1,
                      self._at(name))


def _offset(text: str, line: int, column: int) -> int:
    """The index in `text` of a 1-based line and column."""
    # One regular expression over the lines before, not a Python loop: each schema's text
    # holds every line of the file before it (blank), so a loop would make reading quadratic.
    before = re.compile(f"(?:[^\n]*\n){{{line - 1}}}").match(text)
    return (before.end() if before else 0) + column - 1


def _line_column(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


_LAST_NAME: Final = re.compile(r"(?<![A-Za-z0-9_\\])([a-z](?:[A-Za-z0-9_]|\\_)*)\s*$")
_FIRST_CLAUSE: Final = re.compile(r"(?i:precond)")


def _unclosed_literal(text: str, end: int) -> int | None:
    """Index of the name of the literal whose '(' is still open at `end`, if any; a '(' of
    the header (before the first clause) is a malformed header, not a cut-off literal."""
    clause = _FIRST_CLAUSE.search(text, 0, end)
    if clause is None:
        return None
    depth = 0
    for index in range(end - 1, clause.end() - 1, -1):
        char = text[index]
        if char == ")":
            depth += 1
        elif char == "(":
            if depth == 0:
                name = _LAST_NAME.search(text, 0, index)
                return name.start(1) if name else index
            depth -= 1
    return None


def _cut_off(problem: SyntaxProblem, text: str) -> Wording:
    """Name a literal the text stops in the middle of, at the literal itself.

    The parser only sees that the next clause (or the end) came too early; the place worth
    showing is where the unfinished literal or the dangling connective starts.
    """
    if problem.kind is not Unexpected.TOKEN or problem.position.line is None:
        return _worded(problem)
    column = problem.position.column or 1
    end = _offset(text, problem.position.line, column)
    if problem.found_type == END_OF_INPUT:
        end = len(text.rstrip())
    opened = _unclosed_literal(text, end) if "RPAR" in problem.expected else None
    on_later_line = opened is not None and "\n" in text[opened:end]
    if opened is not None and (problem.found_type in _KEYWORDS or on_later_line):
        fragment = " ".join(text[opened:end].replace("$", " ").split())
        line, col = _line_column(text, opened)
        return (f"literal {fragment!r} is cut off: its ')' is missing",
                Position(problem.position.source, line, col))
    if "MARKDOWN_NAME" in problem.expected and problem.found_type in _KEYWORDS:
        before = text[:end].rstrip().rstrip("$").rstrip()
        start = max(before.rfind(" "), before.rfind("\n"), before.rfind("$")) + 1
        line, col = _line_column(text, start)
        return (f"literal cut off after {before[start:]!r}",
                Position(problem.position.source, line, col))
    return _worded(problem)


def _worded(problem: SyntaxProblem) -> Wording:
    """The generic wording, with this grammar's terminals named in words."""
    expected = frozenset(_WORDS.get(name, name) for name in problem.expected)
    return generic_wording(SyntaxProblem(problem.kind, problem.position, problem.found,
                                         problem.found_type, expected))


def _block_end(lines: list[str], start: int) -> int:
    """Index of the first line after the schema whose header is `lines[start]`."""
    clause: str | None = None
    has_content = False
    for index in range(start + 1, len(lines)):
        line = lines[index]
        if _HEADER.match(line) or _HEADING.match(line):
            return index
        if not line.strip() or _FENCE.match(line):
            if clause == "effect" and has_content:
                return index
            continue
        keyword = _CLAUSE.match(line)
        if keyword:
            clause = "precondition" if keyword.group(1) else "effect"
            has_content = bool(line[keyword.end():].strip(" \t$*"))
            continue
        has_content = True
    return len(lines)


def parse_textbook_schemas(text: str, source: str = "<textbook>") -> TextbookReading:
    """Every `Action(...)` of `text` read into a `Schema` (cost 1, untyped parameters), or
    skipped with its position and reason when it does not follow the notation."""
    lines = text.removeprefix("\ufeff").split("\n")
    schemas: list[Schema] = []
    skipped: list[SkippedPart] = []
    for start, line in enumerate(lines):
        header = _HEADER.match(line)
        if not header:
            continue
        end = _block_end(lines, start)
        # Empty lines in front keep lark's line numbers those of the whole text.
        kept = ("" if _FENCE.match(body) else body for body in lines[start:end])
        block = "\n" * start + "\n".join(kept)
        try:
            schemas.append(parse_with("textbook.lark", block, source,
                                      _TextbookBuilder(source), SchemaError, _cut_off))
        except SchemaError as error:
            name = _unescape(header.group(1) or "?")
            where = error.position or Position(source, start + 1, 1)
            skipped.append(SkippedPart(where, f"schema {name!r} skipped: {error.message}"))
    return TextbookReading(tuple(schemas), tuple(skipped))
