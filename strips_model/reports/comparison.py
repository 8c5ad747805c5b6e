"""Comparisons with constants in a clause (`t>0`, `N > 0`, `C >= 1`), kept in the reading as
static literals of reserved predicates (`greater(t, 0)`) with a type that says which they
are, for the comparison to evaluate over the number objects of a level.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from strips_model.schema import Literal, Term

COMPARISONS: Final = {">": "greater", "<": "less", ">=": "at_least", "<=": "at_most",
                      "!=": "different", "≠": "different", "=": "equal", "≥": "at_least",
                      "≤": "at_most"}
"""Each operator as written, and the predicate it is read as."""
OPERATORS: Final = {"greater": ">", "less": "<", "at_least": ">=", "at_most": "<=",
                    "different": "!=", "equal": "="}
"""Each comparison predicate, and its operator in ASCII."""


@dataclass(frozen=True, slots=True)
class Comparison:
    """`left OPERATOR right` as written: `t > 0` (a negated literal: its negation holds)."""

    operator: str
    left: Term
    right: Term
    holds: bool

    def __str__(self) -> str:
        return f"{'' if self.holds else 'not '}{self.left} {self.operator} {self.right}"


def comparison_of(literal: Literal) -> Comparison | None:
    """The comparison `literal` is, or None when it is no comparison."""
    operator = OPERATORS.get(literal.predicate)
    if operator is None or len(literal.args) != 2:
        return None
    return Comparison(operator, literal.args[0], literal.args[1], literal.positive)
