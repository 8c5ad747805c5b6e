"""What may have kept a compared model's attempt on a level past its bound: schemas with
parameters that no positive precondition binds. A grounder copies each such schema once per
object of the level for each of them (`-wall(X2, Y)` with X2 bound nowhere else: a hundred
copies; two of them, ten thousand), and Fast Downward's relaxed exploration prunes none of
them. Said with the timeout, so that a level that ran away says where it may have; a
parameter no literal names at all is dropped before grounding (schema_readings.py), so it is
never among them.
"""

from __future__ import annotations

from typing import Final

from strips_model.reports.arithmetic import without_arithmetic
from strips_model.reports.schema_readings import read_schemas
from strips_model.schema import Schema

NAMED: Final = 3
"""Schemas named in the hint; the others are counted."""


def unbound_parameters(schemas: tuple[Schema, ...]) -> list[tuple[str, tuple[str, ...]]]:
    """(schema, its parameters no positive precondition binds), for the schemas as read."""
    read, _ = read_schemas(tuple(without_arithmetic(schema) for schema in schemas))
    found = []
    for schema in read:
        bound = {term.name for literal in schema.preconditions if literal.positive
                 for term in literal.args if term.is_variable}
        free = tuple(p.name for p in schema.parameters if p.name not in bound)
        if free:
            found.append((schema.name, free))
    return found


def timeout_hint(schemas: tuple[Schema, ...]) -> str:
    """A clause to add to a timeout's reason (module doc), or an empty string."""
    found = unbound_parameters(schemas)
    if not found:
        return ""
    named = "; ".join(f"{name} ({', '.join(free)})" for name, free in found[:NAMED])
    more = f"; and {len(found) - NAMED} more" if len(found) > NAMED else ""
    return (f"; its grounding may be what took it: {len(found)} schema(s) have parameters no "
            f"positive precondition binds, each copied once per object of the level: "
            f"{named}{more}")
