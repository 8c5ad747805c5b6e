"""Where a literal of a schema is written in its file: the line, and the columns of its
negation, its name, its end and the end of what negates it, found at the position the reader
gave it.

A negative literal is written with a mark before it (`¬wall`, `-wall`, `not wall`), or, in
the course's notations, held by a delete (`clear(hero(x,y))`, `supprimer(compteur(n))`:
strips_model/reports/course_formula.lark), whose parentheses are then part of the literal as
written. A literal that a delete holds with others (`clear(a ∧ b)`) is not written on its
own: no span, so that no fix writes into the group (its literals are all deleted).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from strips_model.schema import Literal, prime_form

_MARKS = ("¬", "-", "\\neg")
"""Negation marks that may touch the name (`¬wall`), or stand apart from it (`- wall`)."""
_WORDS = ("not", "non")
"""Negation words, apart from the name (`not wall`) and from the word before them."""
_DELETES = ("clear", "delete", "del", "supprimer")
"""The words of a delete, as course_formula.lark's DELETE reads them (any case)."""
_OPENING = re.compile(r"(?i:clear|delete|del|supprimer)\s*\(")
_NAME_CHARACTERS = "_'\"’”′-"


class Span(NamedTuple):
    line: int
    """The line's index (from 0)."""
    start: int
    """Where the literal starts, its negation included."""
    name: int
    """Where its predicate's name starts."""
    atom_end: int
    """Past its closing parenthesis (past its name without arguments)."""
    end: int
    """Past the literal, the delete that holds it included."""
    args: tuple[str, ...] = ()
    """Each argument as written; none when they do not split one to a term (a nested term)."""


def literal_span(lines: Sequence[str], literal: Literal) -> Span | None:
    """Where `literal` is written, on one line; None when the text there is not the literal
    on its own (a LaTeX or PDF reading, a literal a repair made, one of a deleted group)."""
    position = literal.position
    if position.line is None or position.column is None or position.line > len(lines):
        return None
    index, name = position.line - 1, position.column - 1
    text = lines[index]
    if not text.startswith(literal.predicate, name):
        return None
    end = name + len(literal.predicate)
    if literal.args:
        opening = text.find("(", end)
        closing = _closing(text, opening)
        if closing is None:
            return None
        args = _split(text[opening + 1:closing], len(literal.args))
        if any(_squeezed(prime_form(written)) != _squeezed(str(term))
               for written, term in zip(args, literal.args, strict=False)):
            return None  # another literal's text too (`time(t--)`: `time(t)`, `time(t - 1)`)
        end = closing + 1
    else:
        args = ()
    if not any(at <= name for at in _openings(text)):  # most lines: no delete to look into
        return Span(index, name if literal.positive else _negation_start(text[:name]), name,
                    end, end, args)
    if _in_a_group(text, name, end):
        return None
    deleted = _delete_before(text, name)
    after = text[end:]
    if deleted is not None and not literal.positive and after.lstrip().startswith(")"):
        return Span(index, deleted, name, end, end + len(after) - len(after.lstrip()) + 1,
                    args)
    return Span(index, name if literal.positive else _negation_start(text[:name]), name, end,
                end, args)


def _split(inner: str, count: int) -> tuple[str, ...]:
    """The arguments written between a literal's parentheses, when there are `count`."""
    pieces, depth, start = [], 0, 0
    for index, char in enumerate(inner):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == "," and depth == 0:
            pieces.append(inner[start:index].strip())
            start = index + 1
    pieces.append(inner[start:].strip())
    return tuple(pieces) if len(pieces) == count and all(pieces) else ()


def _squeezed(text: str) -> str:
    return "".join(text.split())


def _delete_before(text: str, at: int) -> int | None:
    """Where the delete whose parenthesis opens just before `at` starts, if one does."""
    head = text[:at].rstrip()
    if not head.endswith("("):
        return None
    word = head[:-1].rstrip()
    start = len(word)
    while start > 0 and (word[start - 1].isalnum() or word[start - 1] in _NAME_CHARACTERS):
        start -= 1
    return start if word[start:].lower() in _DELETES else None


@lru_cache(maxsize=4096)
def _openings(text: str) -> tuple[int, ...]:
    """Where a delete opens on a line (a line is looked at once per literal on it)."""
    return tuple(found.end() for found in _OPENING.finditer(text))


def _closing(text: str, opening: int) -> int | None:
    """The parenthesis closing the one at `opening`, on the same line."""
    depth, cursor = 0, opening
    while 0 <= cursor < len(text):
        depth += {"(": 1, ")": -1}.get(text[cursor], 0)
        if depth == 0:
            return cursor
        cursor += 1
    return None


def _in_a_group(text: str, name: int, end: int) -> bool:
    """Whether a delete holds the literal with others (`clear(a ∧ b)`), on this line."""
    depth = 0
    for cursor in range(name - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(text[cursor], 0)
        if depth < 0:
            if _delete_before(text, cursor + 1) is None:
                return False
            closing = _closing(text, cursor)
            inside = text[cursor + 1:closing] if closing is not None else text[cursor + 1:]
            return inside.strip() != text[name:end].strip()
    return False


def _negation_start(before: str) -> int:
    """Where the negation written just before a name starts (the name's start: none)."""
    stripped = before.rstrip()
    for mark in _MARKS:
        if stripped.endswith(mark):
            return len(stripped) - len(mark)
    spaced = len(stripped) < len(before)
    for word in _WORDS:
        start = len(stripped) - len(word)
        if spaced and stripped.endswith(word) and \
                (start == 0 or not (stripped[start - 1].isalnum() or stripped[start - 1] == "_")):
            return start
    return len(before)
