"""The values each argument of a static complement (`not_wall(X, Y)`, report_planning.py) can
be asked for, so that the complement lists only those rather than every tuple of objects.

A report's values have one type, so the complement of `trap(P, T)` (a trap raised while the
phase is T) was listed over every object twice: 12,000 tuples on a level of 110 objects,
where the moves only ever ask for a cell and one of the phase's two values; clingo's
grounder then took 2 s and 500 MB a level to join them (10 times the model written with a
flag). Argument places are grouped as a planner infers types: two places are alike when one
schema's variable fills both. A group's values are those the level's atoms and the schemas'
constants put there; a variable in the group that no positive precondition binds (besides a
complement) may take any object, and so does the group then. A place the level never fills
keeps every object: nothing is assumed of it.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet

from strips_model.schema import Domain, Schema
from translator.ground.groups import Groups
from translator.model.level_facts import Atom

COMPLEMENT: str = "not_"
"""The prefix report_planning.py names a static's complement with."""

Place = tuple[str, int]
"""A predicate (a complement by the static it complements) and an argument's index."""


def _base(predicate: str) -> str:
    return predicate[len(COMPLEMENT):] if predicate.startswith(COMPLEMENT) else predicate


def _places(schema: Schema) -> dict[str, list[Place]]:
    """Each variable of the schema, with the places it fills."""
    filled: dict[str, list[Place]] = {}
    for literal in (*schema.preconditions, *schema.effects):
        for index, term in enumerate(literal.args):
            if term.is_variable:
                filled.setdefault(term.name, []).append((_base(literal.predicate), index))
    return filled


def _bound(schema: Schema) -> set[str]:
    """The variables a positive precondition on no complement binds."""
    return {term.name for literal in schema.preconditions
            if literal.positive and not literal.predicate.startswith(COMPLEMENT)
            for term in literal.args if term.is_variable}


def complement_domains(planning: Domain, atoms: AbstractSet[Atom]
                       ) -> Mapping[Place, frozenset[str] | None]:
    """(static, argument index) -> the values its complement may be asked for there; None:
    any object (module doc)."""
    groups: Groups[Place] = Groups()
    free: list[Place] = []
    constants: list[tuple[Place, str]] = []
    for schema in planning.schemas:
        bound = _bound(schema)
        for variable, places in _places(schema).items():
            groups.join(places)
            if variable not in bound:
                free.append(places[0])
        constants += [((_base(literal.predicate), index), term.name)
                      for literal in (*schema.preconditions, *schema.effects)
                      for index, term in enumerate(literal.args) if not term.is_variable]
    values: dict[Place, set[str]] = {}
    for atom in atoms:
        for index, value in enumerate(atom[1:]):
            values.setdefault(groups.find((_base(atom[0]), index)), set()).add(value)
    for place, value in constants:
        values.setdefault(groups.find(place), set()).add(value)
    anything = {groups.find(place) for place in free}
    domains: dict[Place, frozenset[str] | None] = {}
    for predicate in planning.predicates:
        if predicate.name.startswith(COMPLEMENT):
            for index in range(len(predicate.types)):
                root = groups.find((_base(predicate.name), index))
                domains[(_base(predicate.name), index)] = None \
                    if root in anything or root not in values else frozenset(values[root])
    return domains
