"""Readings kept per schema object (schema_memo.py): an edited schema is a new object, read
afresh; an equal schema that is another object reads the same."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from strips_model.reports.arithmetic import without_arithmetic
from strips_model.reports.schema_readings import read_schemas, static_predicates
from strips_model.schema import Schema
from strips_model.schema_memo import per_schema
from translator.compare.check import our_model


def test_a_reading_is_kept_by_the_object_and_never_serves_an_edit() -> None:
    calls: list[str] = []

    @per_schema
    def effects(schema: Schema) -> int:
        calls.append(schema.name)
        return len(schema.effects)

    schema = our_model()[0].schemas[0]
    assert effects(schema) == effects(schema) == len(schema.effects)
    assert calls == [schema.name]
    edited = replace(schema, effects=schema.effects[:-1])
    assert effects(edited) == len(schema.effects) - 1
    assert calls == [schema.name, schema.name]


@settings(max_examples=25, deadline=None)
@given(at=st.integers(0, 16), drop=st.integers(0, 8), effect=st.booleans())
def test_readings_after_an_edit_are_the_readings_of_fresh_schemas(
        at: int, drop: int, effect: bool) -> None:
    schemas = our_model()[0].schemas
    read_schemas(schemas)  # every schema's readings kept
    schema = schemas[at % len(schemas)]
    clause = schema.effects if effect else schema.preconditions
    cut = tuple(lit for index, lit in enumerate(clause) if index != drop % max(1, len(clause)))
    edited_schema = replace(schema, **{"effects" if effect else "preconditions": cut})
    edited = tuple(edited_schema if s is schema else s for s in schemas)
    fresh = tuple(replace(s) for s in edited)
    assert static_predicates(edited) == static_predicates(fresh)
    assert read_schemas(edited) == read_schemas(fresh)
    assert tuple(map(without_arithmetic, edited)) == tuple(map(without_arithmetic, fresh))


def test_a_reading_kept_per_domain_forgets_all_it_kept_past_its_bound() -> None:
    """A whole domain's reading keeps its domain alive: it keeps `kept` at most, never more."""
    calls: list[int] = []

    def first_cost(schemas: tuple[Schema, ...]) -> int:
        calls.append(len(calls))
        return schemas[0].cost

    remembered = per_schema(first_cost, kept=2)
    models = [tuple(replace(s) for s in our_model()[0].schemas) for _ in range(3)]
    for model in (*models[:2], *models[:2]):
        remembered(model)
    assert len(calls) == 2  # the first two, kept
    remembered(models[2])  # past the bound: all forgotten, this one kept
    remembered(models[0])
    assert len(calls) == 4
