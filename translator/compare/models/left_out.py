"""The schemas a model is run without: one part that cannot be built never refuses the rest.

A literal whose arity differs from the other uses of its predicate (seed 000's `lock` with two
arguments where every other use has three; seed 002's `move(H)` beside `move(X, Y)`) makes
no planning domain. So does a schema a compilation cannot take (a counter deleted and never
added back). Each such schema is left out, with its reason, and the model runs on the others:
a level that needs a schema left out then diverges at the key press where it was needed,
which the game shows. The Init and goal atoms of a minority arity are dropped likewise.

The arity a predicate keeps is the one most of its literals in the schemas use (the earliest
used on a tie); the lint says the same (`arity` findings), and its `left-out` findings
(comparison.py) name the schemas left out.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace

from strips_model.errors import Position, SchemaError
from strips_model.reports.document import Report
from strips_model.reports.schema_readings import static_predicates
from strips_model.schema import Literal, Schema
from strips_model.schema_memo import per_schema


@dataclass(frozen=True, slots=True)
class LeftOut:
    """A schema the model runs without, and why."""

    schema: str
    position: Position
    reason: str
    written_wrong: bool = False
    """Its reason is a literal written wrong (an arity slip), which a mend rewrites; else it
    lacks what its reason names (a counter never added back), which a mend adds."""


def kept_arities(schemas: tuple[Schema, ...]) -> dict[str, int]:
    """Each predicate's arity: the one most of its literals use, the earliest on a tie."""
    uses: Counter[tuple[str, int]] = Counter()
    for schema in schemas:
        uses.update(_arities(schema))
    # A Counter keeps its keys in the order of first use, and `max` the first of equal counts.
    ranked: dict[str, tuple[int, int]] = {}
    for (name, arity), count in uses.items():
        if count > ranked.get(name, (0, 0))[0]:
            ranked[name] = (count, arity)
    return {name: arity for name, (_, arity) in ranked.items()}


@per_schema
def _arities(schema: Schema) -> tuple[tuple[str, int], ...]:
    """Each literal's predicate and arity, in the order written: kept per schema, as a repair
    reads hundreds of models that differ in one schema."""
    return tuple((lit.predicate, len(lit.args)) for lit in (*schema.preconditions,
                                                            *schema.effects))


@per_schema
def _arity_set(schema: Schema) -> frozenset[tuple[str, int]]:
    """`_arities` as a set: a schema with no slip is one whose every pair is kept."""
    return frozenset(_arities(schema))


def _slip(literal: Literal, arity: dict[str, int]) -> bool:
    return arity.get(literal.predicate, len(literal.args)) != len(literal.args)


def without_arity_slips(report: Report) -> tuple[Report, tuple[LeftOut, ...]]:
    """The report without the schemas that use a predicate with another arity than its
    other uses, nor the Init and goal atoms that do."""
    arity = kept_arities(report.schemas)
    kept_pairs = set(arity.items())
    kept: list[Schema] = []
    left: list[LeftOut] = []
    for schema in report.schemas:
        if _arity_set(schema) <= kept_pairs:
            kept.append(schema)
            continue
        first = next(lit for lit in (*schema.preconditions, *schema.effects)
                     if _slip(lit, arity))
        left.append(LeftOut(schema.name, first.position or schema.position,
                            f"{first} has {len(first.args)} argument(s) where the other uses "
                            f"of {first.predicate} have {arity[first.predicate]}: write it "
                            f"with {arity[first.predicate]}, or rename it", True))
    if not left and not _facts_slip(report, arity):
        return report, ()
    init = report.init
    if init is not None:
        init = replace(init, atoms=tuple(a for a in init.atoms if not _slip(a, arity)))
    goals = tuple(replace(goal, conjuncts=tuple(lit for lit in goal.conjuncts
                                                if not _slip(lit, arity)),
                          disjunctions=tuple(tuple(lit for lit in group if not _slip(lit, arity))
                                             for group in goal.disjunctions))
                  for goal in report.goals)
    return replace(report, schemas=tuple(kept), init=init,
                   goals=goals), tuple(left)


def _facts_slip(report: Report, arity: dict[str, int]) -> bool:
    atoms = report.init.atoms if report.init is not None else ()
    goal = (*report.goal.conjuncts, *(lit for group in report.goal.disjunctions
                                      for lit in group)) if report.goal is not None else ()
    return any(_slip(literal, arity) for literal in (*atoms, *goal))


def culprits(schemas: tuple[Schema, ...], errors: tuple[SchemaError, ...]
             ) -> list[Schema | None]:
    """The schema each error of building the model points into, if it points into one, the
    schemas' places gathered once for all. The cases of a split disjunction share the
    written schema's places: of those, the one the error is about (its message names the
    schema) is the culprit, not the first case, which would leave out a case that builds and
    keep the one that does not."""
    wanted = {error.position for error in errors if error.position is not None}
    places: dict[Position, list[Schema]] = {}
    for schema in schemas:
        for where in {schema.position, *(lit.position for lit in
                                         (*schema.preconditions, *schema.effects))} & wanted:
            places.setdefault(where, []).append(schema)
    found: list[Schema | None] = []
    for error in errors:
        there = places.get(error.position, []) if error.position is not None else []
        named = [schema for schema in there if re.search(
            rf"(?<![\w']){re.escape(schema.name)}(?![\w'])", error.message)]
        found.append(next(iter(named or there), None))
    return found


class SchemasUnbuilt(SchemaError):
    """Each schema whose own views cannot be built (report_views.py), with its error; told
    as the first."""

    def __init__(self, errors: tuple[SchemaError, ...]) -> None:
        super().__init__(errors[0].message, errors[0].position)
        self.errors = errors


def leave_out(report: Report, error: SchemaError) -> tuple[Report, list[LeftOut]] | None:
    """The report without the schema `error` points into, or each one a `SchemasUnbuilt`
    names, each with its reason; None when the first points into none, or into the last
    schema. A schema's views depend on it, the vocabulary and which predicates are static:
    the schemas are left out together only when that leaves every predicate's being static
    as it was (a predicate only they change would make the others' views change), else the
    first alone, as one at a time would."""
    errors = error.errors if isinstance(error, SchemasUnbuilt) else (error,)
    pointed = culprits(report.schemas, errors)
    first = pointed[0]
    if first is None or len(report.schemas) == 1:
        return None
    named: dict[int, tuple[Schema, SchemaError]] = {}
    for schema, found in zip(pointed, errors, strict=True):
        if schema is not None:
            named.setdefault(id(schema), (schema, found))  # its first error, as one at a time
    rest = tuple(s for s in report.schemas if id(s) not in named)
    if not rest or static_predicates(rest) != static_predicates(report.schemas):
        named = {id(first): (first, errors[0])}
        rest = tuple(s for s in report.schemas if s is not first)
    return replace(report, schemas=rest), [LeftOut(schema.name, schema.position, why.message)
                                           for schema, why in named.values()]
