"""A PDDL text read as its nested lists (pddl.lark), each list and symbol with its place.

PDDL is case-insensitive: symbols are kept lowercased, as planners read them (Fast Downward
lowercases every token), so `(At ?X)` and `(at ?x)` are one predicate and one variable.
"""

from __future__ import annotations

from dataclasses import dataclass

from lark import Token, Transformer

from strips_model.errors import Position, SchemaError
from strips_model.lark_front import SyntaxProblem, Unexpected, Wording, parse_with


@dataclass(frozen=True, slots=True)
class Symbol:
    text: str
    """Lowercased."""
    line: int
    column: int

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Group:
    """A parenthesised list, at its opening parenthesis."""

    items: tuple[Symbol | Group, ...]
    line: int
    column: int

    @property
    def head(self) -> str:
        """The first item's text when it is a symbol (`and`, `:action`), else empty."""
        first = self.items[0] if self.items else None
        return first.text if isinstance(first, Symbol) else ""

    def __str__(self) -> str:
        return "(" + " ".join(map(str, self.items)) + ")"


Item = Symbol | Group


def position(item: Item, source: str) -> Position:
    return Position(source, item.line, item.column)


class _Lists(Transformer[Token, tuple[Item, ...]]):
    def SYMBOL(self, token: Token) -> Symbol:  # noqa: N802 - lark names callbacks by terminal
        return Symbol(str(token).lower(), token.line or 0, token.column or 0)

    def group(self, items: list[Token | Item]) -> Group:
        opening, *inside = items
        assert isinstance(opening, Token)
        return Group(tuple(item for item in inside if not isinstance(item, Token)),
                     opening.line or 0, opening.column or 0)

    def start(self, items: list[Item]) -> tuple[Item, ...]:
        return tuple(items)


def _wording(problem: SyntaxProblem, _: str) -> Wording | None:
    if problem.kind is Unexpected.END or problem.found_type == "$END":
        return "a parenthesis opened is never closed (the file ends first)", problem.position
    if problem.found == ")":
        return "a ')' closes no open parenthesis", problem.position
    return None


def read_lists(text: str, source: str) -> tuple[Item, ...]:
    """The top-level items of `text` (check_nesting first: the transformer recurses once per
    parenthesis)."""
    return parse_with("reports/pddl.lark", text, source, _Lists(), SchemaError, _wording)
