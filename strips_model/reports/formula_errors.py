"""Why a clause body in the course's notations (formula.py) cannot be read, in the course's
words: where, and the smallest edit that makes it read."""

from __future__ import annotations

import re

from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from strips_model.errors import Position
from strips_model.lark_front import END_OF_INPUT


class FormulaError(Exception):
    """A clause body that cannot be read; `offset` is where, in the body."""

    def __init__(self, message: str, offset: int) -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset
        self.position: Position | None = None
        """Where, in the file, once the reader of the schema knows it."""


def syntax_error(error: UnexpectedInput, body: str) -> FormulaError:
    """The syntax error in the course's words: a literal cut off (its `)` missing) at the
    literal, a conditional effect where it cannot stand, else what was unexpected where."""
    if isinstance(error, UnexpectedCharacters):
        return FormulaError(f"unexpected character {error.char!r}: delete it, or write the "
                            "clause with literals, `∧`, `∨`, `¬` and parentheses",
                            error.pos_in_stream or 0)
    if isinstance(error, UnexpectedToken) and error.token.type != END_OF_INPUT:
        if error.token.type in ("IMPLIES", "WHEN", "THEN"):
            return FormulaError(f"{str(error.token)!r} where no conditional may stand: write "
                                "`(CONDITION => EFFECT)` in an effect",
                                error.token.start_pos or 0)
        at, found = error.token.start_pos or 0, repr(str(error.token))
        # A word after the operator may lex as a connective (`V`, `ET`): a term all the same.
        word = "NAME" if re.fullmatch(r"[\w'\"]+", str(error.token)) else error.token.type
        arithmetic = _arithmetic(body, at, word)
        if arithmetic is not None:
            return arithmetic
    else:
        at, found = len(body), ""
    literal = open_literal(body, at)
    if literal is not None:
        text = body[literal:at].rstrip(" \t\n,-∧^&").replace("\n", " ")
        return FormulaError(f"literal {text!r} is cut off: its ')' is missing", literal)
    if not found:
        return FormulaError("a literal is missing at the end of the clause: delete the "
                            "connective before it", len(body))
    return FormulaError(f"unexpected {found}: delete it, or write a connective before it",
                        at)


_OPERATOR_BEFORE = re.compile(r"[\w'\"]+\s*[+-]\s*$")
_NUMBER_BEFORE = re.compile(r"(?<![\w'])[0-9]+\s*$")


def _arithmetic(body: str, at: int, token: str) -> FormulaError | None:
    """Arithmetic between two terms inside a literal (`lock(R + DR, C)`, `turn(1 - P)`),
    which the notation does not read: a term adds or takes away a number only. Said as such,
    not as a literal cut off."""
    before = body[:at]
    operator = _OPERATOR_BEFORE.search(before) if token == "NAME" else \
        _NUMBER_BEFORE.search(before) if token in ("PLUS", "NEGATION") else None
    # `C' -trap(X` is a literal cut off before a negated one, not arithmetic.
    if operator is None or open_literal(body, at) is None or re.match(
            r"[\w'\"]*\s*\(", body[at:]):
        return None
    end = at
    while end < len(body) and body[end] not in ",)∧&":
        end += 1
    expression = body[operator.start():end].strip()
    return FormulaError(f"arithmetic {expression!r} is not read: a term may only add or take "
                        "away a number (`X + 1`, `T - 2`); step with a relation instead "
                        "(`next(X, X2)`), or write one schema per direction",
                        operator.start())


def open_literal(body: str, end: int) -> int | None:
    """Where the outermost literal still open at `end` starts (`lock(X` ...), if any."""
    opens: list[int] = []
    for index in range(end):
        char = body[index]
        if char in "([{":
            opens.append(index)
        elif char in ")]}" and opens:
            opens.pop()
    for index in opens:
        name_end = len(body[:index].rstrip())
        start = name_end
        while start > 0 and (body[start - 1].isalnum() or body[start - 1] in "_-"):
            start -= 1
        while start < name_end and not body[start].isalpha():
            start += 1  # a sign before the name is a negation, not part of the literal
        if start < name_end:
            return start
    return None
