"""Why a clause body in the course's notations (formula.py) cannot be read, in the course's
words: where, and the smallest edit that makes it read."""

from __future__ import annotations

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
