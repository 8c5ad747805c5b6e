"""Comparisons a model writes (`t > 0`, `N >= 1`), held over the numbers of each level.

The reader compiles a comparison to a static relation (`greater(t, 0)`,
strips_model/reports/formula.py COMPARISONS) that no level lists, so it would never hold.
Each level's Init lists it, evaluated, over the level's numbers: every pair of numbers from
-2 to a few past the level's largest (its budget, width or height), so that a guard on the
counter or on a coordinate holds exactly where the game's numbers make it true.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Final

from strips_model.level import Level
from strips_model.schema import Schema
from strips_model.schema_memo import per_schema
from translator.model.level_facts import Atom

RELATIONS: Final[dict[str, Callable[[int, int], bool]]] = {
    "greater": operator.gt, "less": operator.lt, "at_least": operator.ge,
    "at_most": operator.le, "different": operator.ne, "equal": operator.eq}


def comparisons_used(schemas: tuple[Schema, ...]) -> frozenset[str]:
    """The comparison relations the schemas use, with two arguments."""
    return frozenset(name for name, arity in set().union(*map(_written, schemas))
                     if name in RELATIONS and arity == 2)


@per_schema
def _written(schema: Schema) -> frozenset[tuple[str, int]]:
    """The predicates the schema writes, each with its arities: kept per schema, as a repair
    builds hundreds of models that differ in one schema."""
    return frozenset((lit.predicate, len(lit.args))
                     for lit in (*schema.preconditions, *schema.effects))


def comparison_atoms(level: Level, used: frozenset[str]) -> tuple[Atom, ...]:
    """Each relation of `used` listed where it holds, over the level's numbers."""
    top = max(level.budget, level.width, level.height) + 2
    numbers = range(-2, top + 1)
    return tuple((name, str(a), str(b)) for name in sorted(used) for a in numbers
                 for b in numbers if RELATIONS[name](a, b))
