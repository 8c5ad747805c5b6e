"""The facts blocks of the reports, parsed by ``facts.lark``: `Init(...)` and `But(...)`.

`Init` is a list of ground atoms; `But` is a goal: literals that must all hold, and groups
of literals of which one must hold (the reports' `( a | b )`). Literals reuse the schema
notation's `Literal` and `Term`, so variables and constants read the same in both languages.
"""

from __future__ import annotations

from dataclasses import dataclass

from lark import Token, v_args

from strips_model.errors import Position, SchemaError
from strips_model.lark_front import parse_with
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
class _FactsBuilder(TermBuilder[tuple[InitBlock | GoalBlock, ...]]):

    def atom(self, name: Token, *constants: Term | None) -> Literal:
        return Literal(str(name), tuple(c for c in constants if c is not None), True,
                       self._at(name))

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


def parse_facts(text: str, source: str = "<facts>") -> tuple[InitBlock | GoalBlock, ...]:
    """Parse `Init(...)` and `But(...)` blocks; errors carry `source:line:col`."""
    return parse_with("reports/facts.lark", text.removeprefix("\ufeff"), source,
                      _FactsBuilder(source), SchemaError)
