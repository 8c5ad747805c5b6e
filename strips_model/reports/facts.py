"""The facts blocks of the reports, parsed by ``facts.lark``: `Init(...)` and `But(...)`.

`Init` is a list of ground atoms; `But` is a goal: literals that must all hold, and groups
of literals of which one must hold (the reports' `( a | b )`). Literals reuse the schema
notation's `Literal` and `Term`, so variables and constants read the same in both languages.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources

from lark import Lark, Token, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken, VisitError

from strips_model.errors import HelltakerError, Position, SchemaError
from strips_model.schema import Literal, Term, TermBuilder


@dataclass(frozen=True, slots=True)
class InitBlock:
    atoms: tuple[Literal, ...]
    """Positive literals whose arguments are all constants."""
    position: Position


@dataclass(frozen=True, slots=True)
class GoalBlock:
    conjuncts: tuple[Literal, ...]
    disjunctions: tuple[tuple[Literal, ...], ...]
    """Each group holds when one of its literals holds."""
    position: Position


@v_args(inline=True)
class _FactsBuilder(TermBuilder):

    def atom(self, name: Token, *constants: Term | None) -> Literal:
        return Literal(str(name), tuple(c for c in constants if c is not None), True,
                       self._at(name))

    def literal(self, negation: Token | None, name: Token,
                arguments: tuple[Term, ...] | None) -> Literal:
        return Literal(str(name), arguments or (), negation is None, self._at(name))

    def disjunction(self, *literals: Literal) -> tuple[Literal, ...]:
        return literals

    def init(self, keyword: Token, *atoms: Literal | None) -> InitBlock:
        return InitBlock(tuple(atom for atom in atoms if atom is not None), self._at(keyword))

    def goal(self, keyword: Token, *conditions: Literal | tuple[Literal, ...] | None) -> GoalBlock:
        kept = [condition for condition in conditions if condition is not None]
        return GoalBlock(tuple(c for c in kept if isinstance(c, Literal)),
                         tuple(c for c in kept if isinstance(c, tuple)), self._at(keyword))

    def start(self, *blocks: InitBlock | GoalBlock) -> tuple[InitBlock | GoalBlock, ...]:
        return blocks


@cache
def _parser() -> Lark:
    grammar = resources.files("strips_model.reports").joinpath("facts.lark").read_text("utf-8")
    return Lark(grammar, parser="lalr", maybe_placeholders=True)


_EXPECTED = {
    "NAME": "a lowercase name", "VARIABLE": "a capitalised variable", "INTEGER": "an integer",
    "LPAR": "'('", "RPAR": "')'", "COMMA": "','", "VBAR": "'|'", "NEGATION": "'-'",
    "INIT": "'Init'", "BUT": "'But'", "$END": "end of file",
}


def _expected(names: set[str]) -> str:
    return ", ".join(sorted(_EXPECTED.get(name, name) for name in names))


def parse_facts(text: str, source: str = "<facts>") -> tuple[InitBlock | GoalBlock, ...]:
    """Parse `Init(...)` and `But(...)` blocks; errors carry `source:line:col`."""
    try:
        tree = _parser().parse(text.removeprefix("\ufeff"))
    except UnexpectedToken as error:
        found = "end of file" if error.token.type == "$END" else repr(str(error.token))
        raise SchemaError(f"expected {_expected(error.expected)}, found {found}",
                          Position(source, error.line, error.column)) from None
    except UnexpectedCharacters as error:
        char = text[error.pos_in_stream] if error.pos_in_stream < len(text) else ""
        raise SchemaError(f"unexpected character {char!r}; expected {_expected(error.allowed)}",
                          Position(source, error.line, error.column)) from None
    except UnexpectedEOF as error:
        raise SchemaError(f"unexpected end of file; expected {_expected(set(error.expected))}",
                          Position(source)) from None
    try:
        return _FactsBuilder(source).transform(tree)
    except VisitError as error:
        if isinstance(error.orig_exc, HelltakerError):
            raise error.orig_exc from None
        raise
