"""Whole-model readings gathered from what each schema says, kept per schema object
(strips_model/schema_memo.py): a repair rebuilds hundreds of models that differ in one schema,
and these readings were half of each rebuild. Each must read every model exactly as the
reading it replaced, which is written out here as the oracle (a scan of every literal of every
schema, as each was before): the arity a predicate keeps and its tie, the places gathered, the
predicates split per object, the flags. Drawn models share schema objects from draw to draw, as
a repair's candidates do, so a result kept for one schema that leaked into another model's
reading would show."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from strips_model.errors import Position
from strips_model.reports.arithmetic import without_arithmetic
from strips_model.reports.schema_readings import read_schemas, static_predicates
from strips_model.schema import Literal, Schema, Term
from translator.compare.models.left_out import kept_arities
from translator.compare.vocabulary import object_places
from translator.compare.vocabulary.flags import changes, complements, flags_of
from translator.compare.vocabulary.gathered_places import (
    _coordinate_variables,
    apart,
    place_orders,
)

_AT = Position("drawn", 1, 1)
_terms = st.one_of(
    st.builds(Term, st.sampled_from(["x", "y", "x2", "y2", "b", "q"]), st.just(True)),
    st.builds(Term, st.sampled_from(["hero", "rock", "skel", "on", "1", "2"]), st.just(False)))
_literals = st.builds(Literal, st.sampled_from(["at", "pos", "wall", "next", "odd", "even",
                                                "kind", "trap"]),
                      st.lists(_terms, max_size=4).map(tuple), st.booleans(), st.just(_AT))
_schemas = st.builds(Schema, st.sampled_from(["move", "push", "kick", "wait"]), st.just(()),
                     st.lists(_literals, max_size=6).map(tuple),
                     st.lists(_literals, max_size=5).map(tuple), st.just(1), st.just(_AT))


@st.composite
def _models(draw: st.DrawFn) -> list[tuple[Schema, ...]]:
    """Models made of one pool of schema objects, as a repair's candidates share theirs."""
    pool = draw(st.lists(_schemas, min_size=1, max_size=8))
    return draw(st.lists(st.lists(st.sampled_from(pool), min_size=1, max_size=8).map(tuple),
                         min_size=1, max_size=4))


def _former_kept_arities(schemas: tuple[Schema, ...]) -> dict[str, int]:
    uses: dict[str, Counter[int]] = {}
    for schema in schemas:
        for literal in (*schema.preconditions, *schema.effects):
            uses.setdefault(literal.predicate, Counter())[len(literal.args)] += 1
    return {name: counts.most_common(1)[0][0] for name, counts in uses.items()}


def _former_place_orders(schemas: tuple[Schema, ...]) -> dict[str, tuple[int, ...]]:
    read, _ = read_schemas(tuple(without_arithmetic(schema) for schema in schemas))
    static = static_predicates(read)
    held: dict[str, Counter[int]] = {}
    arity: dict[str, int] = {}
    for schema in read:
        coordinates = _coordinate_variables(schema, static)
        for lit in (*schema.preconditions, *schema.effects):
            arity.setdefault(lit.predicate, len(lit.args))
            if len(lit.args) >= 3:
                held.setdefault(lit.predicate, Counter()).update(
                    index for index, term in enumerate(lit.args)
                    if term.is_variable and term.name in coordinates)
    return apart(held, arity)


def _former_by_structure(schemas: tuple[Schema, ...], static: frozenset[str], at: int
                         ) -> set[str]:
    fluents = {lit.predicate for schema in schemas for lit in schema.effects}
    every: dict[str, bool] = {}
    objects: dict[str, set[str | None]] = {}
    turned: set[str] = set()
    contents: set[str] = set()
    moving: dict[str, set[str | None]] = {}
    for schema in schemas:
        types = object_places._types(schema, static)
        for lit in (*schema.preconditions, *schema.effects):
            if not every.get(lit.predicate, True):
                continue
            found = object_places._object(lit, types, at) if len(lit.args) >= 2 else None
            every[lit.predicate] = found is not None
            objects.setdefault(lit.predicate, set()).add(found)
        required = [lit.predicate for lit in schema.preconditions if lit.positive]
        contents |= {name for name in set(required) if required.count(name) > 1}
        balance: dict[str, dict[str | None, int]] = {}
        places: dict[tuple[str, str | None], set[bool]] = {}
        for lit in schema.effects:
            if len(lit.args) >= 2 and every.get(lit.predicate):
                counts = balance.setdefault(lit.predicate, {})
                key = object_places._object(lit, types, at)
                counts[key] = counts.get(key, 0) + (1 if lit.positive else -1)
                places.setdefault((lit.predicate, key), set()).add(lit.positive)
        turned |= {name for name, counts in balance.items()
                   if min(counts.values()) < 0 < max(counts.values())}
        for (name, key), signs in places.items():
            if len(signs) == 2:
                moving.setdefault(name, set()).add(key)
    return {name for name, ok in every.items()
            if ok and name in fluents and len(objects[name]) > 1 and (
                name not in turned or name in contents and len(moving.get(name, ())) > 1)}


def _former_named(schemas: tuple[Schema, ...], static: frozenset[str]) -> dict[str, bool]:
    named: dict[str, bool] = {}
    for schema in schemas:
        types = object_places._types(schema, static)
        for lit in (*schema.preconditions, *schema.effects):
            said = len(lit.args) >= 3 and object_places._names_a_part(
                object_places._object(lit, types))
            named[lit.predicate] = named.get(lit.predicate, True) and said
    return named


def _former_changes(schemas: tuple[Schema, ...], flag: str) -> tuple[set[str], set[str]]:
    return ({s.name for s in schemas if any(e.predicate == flag and e.positive and not e.args
                                            for e in s.effects)},
            {s.name for s in schemas if any(e.predicate == flag and not e.positive
                                            and not e.args for e in s.effects)})


@settings(max_examples=150, deadline=None)
@given(_models())
def test_each_reading_gathered_per_schema_reads_every_model_as_the_scan_it_replaced(
        models: list[tuple[Schema, ...]]) -> None:
    for schemas in models:
        _reads_as_before(schemas)


def _reads_as_before(schemas: tuple[Schema, ...]) -> None:
    assert kept_arities(schemas) == _former_kept_arities(schemas)
    assert list(kept_arities(schemas)) == list(_former_kept_arities(schemas))
    assert place_orders(schemas) == _former_place_orders(schemas)
    static = static_predicates(schemas)
    for at in (0, -1):
        assert object_places._objects_by_structure(schemas, static, at) == \
            _former_by_structure(schemas, static, at)
    named = _former_named(schemas, static)
    expected = {**{name: at for at in (-1, 0)
                   for name in _former_by_structure(schemas, static, at)},
                **{name: 0 for name, ok in named.items()
                   if ok and name not in object_places._swapped_in_place(schemas)}}
    assert object_places._splittable(schemas, static) == expected
    every_flag = {lit.predicate for s in schemas for lit in (*s.preconditions, *s.effects)
                  if not lit.args}
    assert flags_of(schemas) == every_flag
    for flag in sorted(every_flag):
        assert changes(schemas, flag) == _former_changes(schemas, flag)
        assert all(other in every_flag for other in complements(schemas, flag))


def test_a_predicate_keeps_the_arity_used_first_among_equally_many_uses() -> None:
    def schema(*arities: int) -> Schema:
        return Schema("s", (), tuple(Literal("p", tuple(Term(f"v{i}", True) for i in range(n)),
                                             True, _AT) for n in arities), (), 1, _AT)

    assert kept_arities((schema(2, 3), schema(3, 2))) == {"p": 2}
    assert kept_arities((schema(3), schema(2, 2, 3))) == {"p": 3}
    assert kept_arities((schema(3), schema(2, 2))) == {"p": 2}
