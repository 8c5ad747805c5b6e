"""Results of a reading of one schema, kept by the schema object itself.

A repair builds hundreds of models that differ from one another in one schema (and a model of
848 schemas takes a second to read); the schemas it leaves alone are the same objects from
model to model. A reading of one schema is kept by that object's identity and its other
arguments: the object is kept with the result, so its identity is never reused by another,
and a schema is immutable, so what was computed from it stays true. An edited schema is a new
object, read afresh: a kept result can never stand for it. Keyed by identity, not by content,
because hashing a schema of twenty literals costs as much as most readings.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import wraps
from typing import TypeVar

_Result = TypeVar("_Result")
Schema = TypeVar("Schema")
"""A schema, or any other immutable object read the same way: this module imports no schema
module, so that schema.py's own domain builder reads through it too."""

KEPT = 50_000
"""Results kept per reading; past it the reading forgets them all and starts again."""


DOMAINS_KEPT = 256
"""Results kept per reading of a whole domain: each keeps its domain, and so its tuple of
schemas, alive."""


def per_schema(reading: Callable[[Schema], _Result], kept: int = KEPT
               ) -> Callable[[Schema], _Result]:
    """`reading`, its results kept by the schema's identity (the module doc), `kept` at most."""
    known: dict[int, tuple[Schema, _Result]] = {}

    @wraps(reading)
    def remembered(schema: Schema) -> _Result:
        found = known.get(id(schema))
        if found is None:
            if len(known) >= kept:
                known.clear()
            found = known[id(schema)] = (schema, reading(schema))
        return found[1]

    return remembered


def per_schema_and(reading: Callable[[Schema, Hashable], _Result], kept: int = KEPT
                   ) -> Callable[[Schema, Hashable], _Result]:
    """`reading` of a schema and one value, its results kept by the schema's identity and
    the value itself (compared by equality: a frozenset's hash is computed once), `kept` at
    most."""
    known: dict[tuple[int, Hashable], tuple[Schema, _Result]] = {}

    @wraps(reading)
    def remembered(schema: Schema, value: Hashable) -> _Result:
        key = (id(schema), value)
        found = known.get(key)
        if found is None:
            if len(known) >= kept:
                known.clear()
            found = known[key] = (schema, reading(schema, value))
        return found[1]

    return remembered
