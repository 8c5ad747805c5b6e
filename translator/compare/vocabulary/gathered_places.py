"""A place whose two coordinates are not side by side, `at(x, o, y)` or `trap(x, up, y)`,
read with its coordinates gathered after the other arguments: `at(o, x, y)`, `trap(up, x, y)`.

A vocabulary places a part's two coordinates side by side ([places] says how many arguments
come before them), so such a model is read with each of those predicates' arguments moved,
in every schema, its goal and its Init; the rest of the reading (an object before the place,
object_places.py; a state before it, places.py) then applies as to any model.

The coordinates are found without knowing any role: the variables a static relation of two
arguments holds in a schema (a successor `plusOne(y, y2)`, an offset `y + 1`, a wall
`wall(x, y)`) are coordinates, and a predicate of three arguments or more is gathered when the
two positions that hold such variables most often are apart and no position between them ever
holds one. A predicate whose coordinates are side by side is left as written, so every model
read before reads as it did.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, replace
from typing import cast

from strips_model.reports.arithmetic import without_arithmetic
from strips_model.reports.document import Report
from strips_model.reports.schema_readings import read_schemas, static_predicates
from strips_model.schema import Literal, Schema
from strips_model.schema_memo import per_schema_and


@dataclass(frozen=True, slots=True)
class GatheredPlaces:
    report: Report
    """The model with every place's coordinates side by side."""
    evidence: tuple[str, ...]


def _coordinate_variables(schema: Schema, static: frozenset[str]) -> set[str]:
    return {term.name for lit in (*schema.preconditions, *schema.effects)
            if lit.predicate in static and len(lit.args) == 2
            and all(t.is_variable for t in lit.args) for term in lit.args}


@per_schema_and
def _coordinates_held(schema: Schema, static: Hashable
                      ) -> Mapping[str, tuple[int, Counter[int] | None]]:
    """Each predicate, the arity of its first literal, and how often its literals of three
    arguments or more hold coordinates at each place (None: none has three). Kept per
    schema, as a repair reads hundreds of models that differ in one."""
    coordinates = _coordinate_variables(schema, cast(frozenset[str], static))
    held: dict[str, tuple[int, Counter[int] | None]] = {}
    for lit in (*schema.preconditions, *schema.effects):
        arity, counts = held.setdefault(lit.predicate, (len(lit.args), None))
        if len(lit.args) >= 3:
            counts = counts or Counter()
            counts.update(index for index, term in enumerate(lit.args)
                          if term.is_variable and term.name in coordinates)
            held[lit.predicate] = (arity, counts)
    return held


def place_orders(schemas: tuple[Schema, ...]) -> dict[str, tuple[int, ...]]:
    """Predicate -> the old position of each new argument, for the predicates whose two
    coordinates are apart (module doc)."""
    read, _ = read_schemas(tuple(without_arithmetic(schema) for schema in schemas))
    static = static_predicates(read)
    held: dict[str, Counter[int]] = {}
    arity: dict[str, int] = {}
    for schema in read:
        for name, (arguments, places) in _coordinates_held(schema, static).items():
            arity.setdefault(name, arguments)
            if places:
                held.setdefault(name, Counter()).update(places)
    return apart(held, arity)


def apart(held: dict[str, Counter[int]], arity: dict[str, int]) -> dict[str, tuple[int, ...]]:
    """`place_orders` from how often each place of each predicate holds a coordinate, and
    each predicate's arity."""
    orders: dict[str, tuple[int, ...]] = {}
    for predicate, counts in held.items():
        top = sorted(index for index, _ in counts.most_common(2))
        if len(top) != 2 or top[1] - top[0] < 2 or any(
                counts[index] for index in range(top[0] + 1, top[1])):
            continue
        others = tuple(index for index in range(arity[predicate]) if index not in top)
        orders[predicate] = (*others, *top)
    return orders


def gather_places(report: Report) -> GatheredPlaces:
    """The model with each place's coordinates gathered (module doc); as written when every
    place's are side by side."""
    orders = place_orders(report.schemas)
    if not orders:
        return GatheredPlaces(report, ())

    def moved(lit: Literal) -> Literal:
        order = orders.get(lit.predicate)
        if order is None or len(lit.args) != len(order):
            return lit
        return replace(lit, args=tuple(lit.args[index] for index in order))

    said = "; ".join(f"{predicate} as ({', '.join(f'#{i + 1}' for i in order)})"
                     for predicate, order in sorted(orders.items()))
    evidence = ("places not side by side, read with their coordinates gathered last "
                f"(the arguments by their old positions): {said}",)
    return GatheredPlaces(report.with_literals(moved), evidence)
