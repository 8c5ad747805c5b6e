"""Places stepped along a relation of their own per coordinate (`nextcol(X, X2)` for the
columns, `nextrow(Y, Y2)` for the rows, as a typed model with columns and rows apart writes
them), the counter along a third (`dec(N, M)`): the successor is then the counter's chain
alone, and each coordinate's relation a step of one along that coordinate, as `X + 1` is.

Found before the successor (inference.py), so that neither is taken for it: a relation whose
every literal links two variables of one coordinate of the hero's place (or of a place one
step of it away along the same relation) reads as that coordinate's, when each coordinate has
exactly one. A relation that steps both coordinates, or the counter too, stays the successor.

Which way a coordinate's relation runs does not matter: the Init writes it as b = a + 1 over
the level's numbers (models/report_init.py), and a model that means the other way moves
mirrored along that coordinate, which its key presses, read from what its actions do
(keys.py), follow.
"""

from __future__ import annotations

from strips_model.schema import Schema
from translator.compare.vocabulary.facts import SchemaFacts
from translator.compare.vocabulary.roles import Evidence, Found, Role, Roles, Topic

AXES = (Role.SUCCESSOR_FIRST, Role.SUCCESSOR_SECOND)
"""The roles of the relations stepping the first coordinate of a place and the second."""
_NEITHER = -1


def _axis_of(schema: Schema, hero: str, start: int, relations: set[str]) -> dict[str, int]:
    """The schema's variables that hold a coordinate of a place: the hero's, and those its
    coordinates reach along `relations`, by the coordinate (0 first, 1 second)."""
    axis = {lit.args[start + k].name: k for lit in (*schema.preconditions, *schema.effects)
            if lit.predicate == hero and len(lit.args) >= start + 2 for k in (0, 1)
            if lit.args[start + k].is_variable}
    grown = True
    while grown:
        grown = False
        for lit in schema.preconditions:
            if lit.predicate in relations and all(t.is_variable for t in lit.args):
                a, b = (t.name for t in lit.args)
                for known, other in ((a, b), (b, a)):
                    if known in axis and other not in axis:
                        axis[other], grown = axis[known], True
    return axis


def axis_successors(facts: SchemaFacts, roles: Roles) -> Found:
    """A relation per coordinate of a place (module doc), when each has one of its own."""
    if facts.width != 2 or facts.hero is None:
        return Found()
    taken = set(roles.values())
    relations = {name for name in facts.static if facts.arity[name] == 2
                 and name not in taken and name not in facts.offsets}
    linked: dict[str, set[int]] = {}
    for schema in facts.read:
        axis = _axis_of(schema, facts.hero, facts.hero_start, relations)
        for lit in schema.preconditions:
            if lit.predicate in relations:
                ends = {axis.get(t.name, _NEITHER) if t.is_variable else _NEITHER
                        for t in lit.args}
                linked.setdefault(lit.predicate, set()).update(
                    ends if len(ends) == 1 else {_NEITHER})
    per_axis = [sorted(name for name, axes in linked.items() if axes == {k}) for k in (0, 1)]
    if any(len(names) != 1 for names in per_axis):
        return Found()
    first, second = (names[0] for names in per_axis)
    return Found({Role.SUCCESSOR_FIRST: first, Role.SUCCESSOR_SECOND: second}, (Evidence(
        Topic.COORDINATES, (
            f"successor_first: {first}, successor_second: {second}, each the step of one "
            "coordinate of a place and nothing else: written b = a + 1 over the level's "
            "numbers (by what the actions do)")),))
