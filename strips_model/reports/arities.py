"""Literals whose number of arguments differs from the other uses of their predicate.

A model that writes `at(x)` in one schema and `at(x, y)` in another is no STRIPS domain as
written, but it is read whole (issue 33): the reading records each such literal, so that the
lint names it and the comparison leaves its schema out instead of refusing the model. The
predicate's arity is the one most of its literals have (on a tie, the one written first).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from strips_model.errors import Position
from strips_model.schema import Schema


@dataclass(frozen=True, slots=True)
class ArityClash:
    """One literal with a number of arguments its predicate's other uses do not have."""

    schema: str
    """The schema that holds it: the one to leave out."""
    predicate: str
    found: int
    expected: int
    position: Position
    """The literal's."""
    expected_at: Position
    """The first literal with the expected number."""

    def __str__(self) -> str:
        return (f"{self.position}: {self.predicate} has {self.found} argument"
                f"{'' if self.found == 1 else 's'} here but {self.expected} elsewhere (first "
                f"at line {self.expected_at.line}): write it with {self.expected}, or give it "
                f"another name (schema {self.schema!r} is read, but not a STRIPS schema as "
                "written)")


def arity_clashes(schemas: tuple[Schema, ...]) -> tuple[ArityClash, ...]:
    """Every literal whose arity is not its predicate's, in the order written."""
    uses: dict[str, Counter[int]] = {}
    first: dict[tuple[str, int], Position] = {}
    for schema in schemas:
        for literal in (*schema.preconditions, *schema.effects):
            uses.setdefault(literal.predicate, Counter())[len(literal.args)] += 1
            first.setdefault((literal.predicate, len(literal.args)), literal.position)
    if all(len(counts) == 1 for counts in uses.values()):
        return ()
    # Counter.most_common keeps the first counted first among equal counts.
    arity = {predicate: counts.most_common(1)[0][0] for predicate, counts in uses.items()}
    return tuple(
        ArityClash(schema.name, literal.predicate, len(literal.args),
                   arity[literal.predicate], literal.position,
                   first[literal.predicate, arity[literal.predicate]])
        for schema in schemas for literal in (*schema.preconditions, *schema.effects)
        if len(literal.args) != arity[literal.predicate])
