"""A structural comparison of two sets of STRIPS schemas, whatever notation they were read from.

Schemas are paired by name; those left over are paired by content, up to a renaming of their
variables. Two schemas are compared as STRIPS reads them: preconditions and effects are sets
(order and repetition do not matter) and variable names do not matter either. Variables are
renamed to their order of first appearance, parameters first, so `p(X, Y)` in one file and
`p(A, B)` in the other, both with parameters in that order, are the same literal. Two schemas
paired by name are also compared with their variables as written, and the reading that finds
fewer differences is kept.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from strips_model.errors import Position
from strips_model.schema import Literal, Schema

BY_NAME: Final = "name"
BY_CONTENT: Final = "content"
PRECONDITION: Final = "precondition"
EFFECT: Final = "effect"
COST: Final = "cost"
PARAMETERS: Final = "parameters"

_LiteralKey = tuple[bool, str, tuple[tuple[str, bool, int], ...]]


def _renaming(schema: Schema) -> dict[str, str]:
    names: dict[str, str] = {}
    for parameter in schema.parameters:
        names.setdefault(parameter.name, f"?{len(names)}")
    for literal in (*schema.preconditions, *schema.effects):
        for term in literal.args:
            if term.is_variable:
                names.setdefault(term.name, f"?{len(names)}")
    return names


def _key(literal: Literal, names: dict[str, str]) -> _LiteralKey:
    return (literal.positive, literal.predicate,
            tuple((names.get(term.name, term.name) if term.is_variable else term.name,
                   term.is_variable, term.offset) for term in literal.args))


@dataclass(frozen=True, slots=True)
class _Canonical:
    """A schema with its variables renamed: what two schemas must share to be the same."""

    preconditions: frozenset[_LiteralKey]
    effects: frozenset[_LiteralKey]
    parameter_types: tuple[str, ...]
    cost: int


def _canonical(schema: Schema) -> _Canonical:
    names = _renaming(schema)
    return _Canonical(frozenset(_key(lit, names) for lit in schema.preconditions),
                      frozenset(_key(lit, names) for lit in schema.effects),
                      tuple(parameter.type for parameter in schema.parameters), schema.cost)


@dataclass(frozen=True, slots=True)
class Difference:
    """One difference in one part of a pair of schemas: a literal changed (both sides), or a
    literal on one side only (the other `None`); for cost and parameters, the whole part."""

    part: str
    """`precondition`, `effect`, `cost` or `parameters`."""
    a: str | None
    b: str | None

    def __str__(self) -> str:
        if self.a is not None and self.b is not None:
            return f"{self.part}: A {self.a}  |  B {self.b}"
        if self.a is not None:
            return f"{self.part} only in A: {self.a}"
        return f"{self.part} only in B: {self.b}"


@dataclass(frozen=True, slots=True)
class SchemaPair:
    name_a: str
    name_b: str
    position_a: Position
    position_b: Position
    paired_by: str
    """`name`, or `content` when the names differ and the schemas are the same up to renaming."""
    differences: tuple[Difference, ...]

    @property
    def identical(self) -> bool:
        return not self.differences and self.name_a == self.name_b

    @property
    def label(self) -> str:
        return self.name_a if self.name_a == self.name_b else f"{self.name_a}={self.name_b}"


@dataclass(frozen=True, slots=True)
class SchemaDiff:
    pairs: tuple[SchemaPair, ...]
    only_a: tuple[Schema, ...]
    only_b: tuple[Schema, ...]

    @property
    def identical(self) -> bool:
        return not self.only_a and not self.only_b and all(p.identical for p in self.pairs)


def _part_differences(part: str, a: tuple[Literal, ...], names_a: dict[str, str],
                      b: tuple[Literal, ...], names_b: dict[str, str]) -> list[Difference]:
    keys_b = {_key(literal, names_b) for literal in b}
    keys_a = {_key(literal, names_a) for literal in a}
    only_a = _unique(literal for literal in a if _key(literal, names_a) not in keys_b)
    only_b = _unique(literal for literal in b if _key(literal, names_b) not in keys_a)
    differences: list[Difference] = []
    # A literal of the same predicate on each side reads as one literal changed: its sign
    # (`rock(X, Y'')` became `-rock(X, Y'')`) or else its arguments (`-wall(X, Y')` became
    # `-wall(X, Y'')`). Shown together, a reader sees the edit.
    for literal in only_a:
        partner = _partner(literal, names_a, only_b, names_b)
        if partner is not None:
            only_b.remove(partner)
        differences.append(Difference(part, str(literal),
                                      None if partner is None else str(partner)))
    differences.extend(Difference(part, None, str(literal)) for literal in only_b)
    return differences


def _partner(literal: Literal, names: dict[str, str], candidates: list[Literal],
             candidate_names: dict[str, str]) -> Literal | None:
    flipped = _key(literal, names)[1:]
    for other in candidates:
        if _key(other, candidate_names)[1:] == flipped:
            return other
    return next((other for other in candidates if other.predicate == literal.predicate
                 and other.positive == literal.positive), None)


def _unique(literals: Iterable[Literal]) -> list[Literal]:
    """One of each literal as written: a repeated literal is the same condition."""
    seen: dict[str, Literal] = {}
    for literal in literals:
        seen.setdefault(str(literal), literal)
    return list(seen.values())


def _compare(a: Schema, b: Schema, paired_by: str) -> SchemaPair:
    differences: list[Difference] = []
    types_a = [parameter.type for parameter in a.parameters]
    types_b = [parameter.type for parameter in b.parameters]
    if types_a != types_b:
        differences.append(Difference(PARAMETERS, _signature(a), _signature(b)))
    # Renamed by position, one parameter added in the middle of the list would make every
    # later literal differ; the names as written then say more. Take whichever of the two
    # readings finds fewer differences.
    renamed = _body_differences(a, _renaming(a), b, _renaming(b))
    as_written = _body_differences(a, {}, b, {})
    differences += renamed if len(renamed) <= len(as_written) else as_written
    if a.cost != b.cost:
        differences.append(Difference(COST, str(a.cost), str(b.cost)))
    return SchemaPair(a.name, b.name, a.position, b.position, paired_by, tuple(differences))


def _body_differences(a: Schema, names_a: dict[str, str],
                      b: Schema, names_b: dict[str, str]) -> list[Difference]:
    return [*_part_differences(PRECONDITION, a.preconditions, names_a, b.preconditions, names_b),
            *_part_differences(EFFECT, a.effects, names_a, b.effects, names_b)]


def _signature(schema: Schema) -> str:
    return f"({', '.join(parameter.name for parameter in schema.parameters)})"


def diff_schemas(a: tuple[Schema, ...], b: tuple[Schema, ...]) -> SchemaDiff:
    """Pair `a`'s schemas with `b`'s by name, then the rest by content; compare each pair."""
    by_name_b: dict[str, Schema] = {}
    for schema in b:
        by_name_b.setdefault(schema.name, schema)
    pairs: list[SchemaPair] = []
    unpaired_a: list[Schema] = []
    paired_b: set[int] = set()
    for schema in a:
        partner = by_name_b.get(schema.name)
        if partner is not None and id(partner) not in paired_b:
            paired_b.add(id(partner))
            pairs.append(_compare(schema, partner, BY_NAME))
        else:
            unpaired_a.append(schema)
    unpaired_b = [schema for schema in b if id(schema) not in paired_b]
    by_content_b: dict[_Canonical, list[Schema]] = {}
    for schema in unpaired_b:
        by_content_b.setdefault(_canonical(schema), []).append(schema)
    only_a: list[Schema] = []
    for schema in unpaired_a:
        candidates = by_content_b.get(_canonical(schema))
        if candidates:
            partner = candidates.pop(0)
            paired_b.add(id(partner))
            pairs.append(_compare(schema, partner, BY_CONTENT))
        else:
            only_a.append(schema)
    only_b = tuple(schema for schema in b if id(schema) not in paired_b)
    return SchemaDiff(tuple(pairs), tuple(only_a), only_b)
