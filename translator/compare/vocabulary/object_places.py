"""One location predicate for several parts of the game, told apart by an object argument
before the place: `at(hero, X, Y)` and `at(rock, X, Y)`, or `pos(B, X, Y)` with `boulder(B)`.

A vocabulary gives each part its own predicate, so such a model is read with one predicate
per object: `at(hero, X, Y)` as `at_hero(X, Y)`, and `pos(B, X, Y)` in a schema that requires
`boulder(B)` as `pos_boulder(X, Y)`, the type literal dropped once B is used nowhere else (the
game's boulders have no identity; a level's Init lists their cells). The model's own Init is
read alike (`pos(b1, 2, 3)` with `boulder(b1)` is `pos_boulder(2, 3)`). A predicate is read so
when it has a place after the object (three arguments or more) and every use names its
object by a constant, or by a variable a one-argument static predicate types, whose name says
a part of the game placed on a cell (`hero`, `rock1`, `boulder`, `cle`); or, whatever the
names, when it is a fluent whose every use names its object so, before the place or after it
(a number aside), and no action turns one object into another, unless the relation holds the
contents of many cells (`_objects_by_structure`). Otherwise it is left as written (a number or
a word an action changes there is a state: `trap(1, X, Y)`, `hero(haskey, X, Y)`, places.py).
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, replace
from typing import cast

from strips_model.reports.document import Report
from strips_model.reports.facts import GoalBlock, InitBlock
from strips_model.reports.schema_readings import static_predicates
from strips_model.reports.vocabulary import PLACED_ROLES
from strips_model.schema import Literal, Schema
from strips_model.schema_memo import per_schema_and
from translator.compare.vocabulary.words import role_scores

_NUMBER = re.compile(r"-?[0-9]+")


@dataclass(frozen=True, slots=True)
class ObjectSplit:
    report: Report
    """The model with one predicate per object."""
    evidence: tuple[str, ...]


def _types(schema: Schema, static: frozenset[str]) -> dict[str, str]:
    """Variable -> the one-argument static predicate the schema requires of it."""
    return {lit.args[0].name: lit.predicate for lit in schema.preconditions
            if lit.positive and lit.predicate in static and len(lit.args) == 1
            and lit.args[0].is_variable}


def _object(literal: Literal, types: dict[str, str], at: int = 0) -> str | None:
    """The object a literal names at `at` (first, or -1: last): a constant, or the type of a
    variable."""
    term = literal.args[at]
    if term.is_variable:
        return types.get(term.name)
    # In an Init, a constant's type is listed too (`boulder(b1)`).
    return None if _NUMBER.fullmatch(term.name) else types.get(term.name, term.name)


def _names_a_part(name: str | None) -> bool:
    """The object's name, or its type's, says a part of the game placed on a cell."""
    return name is not None and any(role in PLACED_ROLES for role in role_scores(name))


def _splittable(schemas: tuple[Schema, ...], static: frozenset[str]) -> dict[str, int]:
    """The predicates read as one per object, each with where its object stands (0: first,
    -1: last): by the objects' names before the place (module doc), or by structure alone
    (`_objects_by_structure`)."""
    named: dict[str, bool] = {}
    for schema in schemas:
        for name, said in _named_objects(schema, static).items():
            named[name] = named.get(name, True) and said
    found = {name: at for at in (-1, 0) for name in _objects_by_structure(schemas, static, at)}
    states = _swapped_in_place(schemas)
    return {**found, **{name: 0 for name, ok in named.items() if ok and name not in states}}


# A repair reads hundreds of models that differ from one another in one schema: what one
# schema says is kept per schema (strips_model/schema_memo.py), and only gathered per model.

@per_schema_and
def _named_objects(schema: Schema, static: Hashable) -> Mapping[str, bool]:
    """Each predicate, and whether its every literal names a part of the game before a
    place."""
    types = _types(schema, cast(frozenset[str], static))
    named: dict[str, bool] = {}
    for lit in (*schema.preconditions, *schema.effects):
        said = len(lit.args) >= 3 and _names_a_part(_object(lit, types))
        named[lit.predicate] = named.get(lit.predicate, True) and said
    return named


def _swapped_in_place(schemas: tuple[Schema, ...]) -> set[str]:
    """The predicates some action rewrites in one atom, its first argument a constant swapped
    for another and the rest unchanged: a state written first, whatever its words say
    (`lock(LOCKED, X, Y)` made `lock(UNLOCKED, X, Y)` names no lock beside another part)."""
    swapped: set[str] = set()
    for schema in schemas:
        written: dict[tuple[str, tuple[str, ...], bool], set[str]] = {}
        for lit in schema.effects:
            if len(lit.args) >= 3 and not lit.args[0].is_variable:
                rest = tuple(term.name for term in lit.args[1:])
                written.setdefault((lit.predicate, rest, lit.positive), set()).add(
                    lit.args[0].name)
        swapped |= {name for (name, rest, positive), added in written.items() if positive
                    and written.get((name, rest, False), set()) - added}
    return swapped


_Token = tuple[str, str, str | None]
"""One thing a schema does with the objects beside places, read at one end: ("fluent", p),
("names", p, object) (None: a literal of p names none), ("contents", p) (it requires two atoms
of p), ("turned", p) (it turns one object of p into another: one fewer, another more), and
("moves", p, object) (deleted at one place, added at another)."""


@per_schema_and
def _object_uses(schema: Schema, read_as: Hashable) -> frozenset[_Token]:
    """What the schema does with its objects, as tokens: a model's is their union, taken at
    C speed over hundreds of schemas (each model a repair builds gathers it again)."""
    static, at = cast(tuple[frozenset[str], int], read_as)
    types = _types(schema, static)
    tokens: set[_Token] = {("fluent", lit.predicate, None) for lit in schema.effects}
    tokens.update(("names", lit.predicate, _object(lit, types, at) if len(lit.args) >= 2
                   else None) for lit in (*schema.preconditions, *schema.effects))
    required = [lit.predicate for lit in schema.preconditions if lit.positive]
    tokens.update(("contents", name, None) for name in required if required.count(name) > 1)
    # Per predicate and object, how many atoms the action adds less how many it deletes
    # (one object fewer and another more is one turned into the other), and the objects
    # it moves (deleted at one place, added at another).
    balance: dict[str, dict[str | None, int]] = {}
    places: dict[tuple[str, str | None], set[bool]] = {}
    for lit in schema.effects:
        if len(lit.args) >= 2:
            counts = balance.setdefault(lit.predicate, {})
            key = _object(lit, types, at)
            counts[key] = counts.get(key, 0) + (1 if lit.positive else -1)
            places.setdefault((lit.predicate, key), set()).add(lit.positive)
    tokens.update(("turned", name, None) for name, counts in balance.items()
                  if min(counts.values()) < 0 < max(counts.values()))
    tokens.update(("moves", name, key) for (name, key), signs in places.items()
                  if len(signs) == 2)
    return frozenset(tokens)


def _objects_by_structure(schemas: tuple[Schema, ...], static: frozenset[str], at: int
                          ) -> set[str]:
    """The fluents whose every use names an object at `at` beside a place, by a constant
    other than a number or by a typed variable, two objects at least: `on(boulder, P)` and
    `on(skeleton, P)`, or `on(P, boulder)`, under any names. A constant an action swaps for
    another in one atom is a state (`hero(nokey, X, Y)` made `hero(haskey, X2, Y2)`,
    `key(P, lying)` made `key(P, taken)`): left to places.py; unless the relation is the
    contents of many cells (`on(P, skeleton)` made `on(P, empty)` as the skeleton dies): some
    action requires two of its atoms at once, and two of its objects move from cell to cell."""
    tokens: set[_Token] = set().union(*(_object_uses(schema, (static, at)) for schema in schemas))
    objects: dict[str, set[str | None]] = {}
    moving: dict[str, set[str | None]] = {}
    for kind, name, value in tokens:
        if kind == "names":
            objects.setdefault(name, set()).add(value)
        elif kind == "moves":
            moving.setdefault(name, set()).add(value)
    fluents, turned, contents = ({name for kind, name, _ in tokens if kind == wanted}
                                 for wanted in ("fluent", "turned", "contents"))
    # One object alone is no sign of several parts: `key(P, here)`, only ever deleted, is
    # the key with a state, as written.
    return {name for name, found in objects.items()
            if None not in found and name in fluents and len(found) > 1 and (
                name not in turned or name in contents and len(moving.get(name, ())) > 1)}


def _types_dropped(required: list[Literal], others: tuple[Literal, ...],
                   types: dict[str, str], static: frozenset[str]) -> tuple[Literal, ...]:
    """`required` without the type literals whose variable the split left unused: they would
    range over objects no generated Init lists."""
    used = {t.name for lit in (*required, *others)
            if lit.predicate not in static or len(lit.args) != 1 for t in lit.args}
    return tuple(lit for lit in required if not (
        lit.predicate in types.values() and len(lit.args) == 1
        and lit.args[0].is_variable and lit.args[0].name not in used))


def split_objects(report: Report) -> ObjectSplit:
    """The model read with one predicate per object (module doc); as written when no
    predicate is read so."""
    static = static_predicates(report.schemas)
    splittable = _splittable(report.schemas, static)
    if not splittable:
        return ObjectSplit(report, ())
    said: dict[str, str] = {}

    def split(lit: Literal, types: dict[str, str]) -> Literal:
        at = splittable.get(lit.predicate)
        named = None if at is None or not lit.args else _object(lit, types, at)
        if at is None or named is None:
            return lit
        name = f"{lit.predicate}_{named}"
        written = f"{lit.args[0]}, ..." if at == 0 else f"..., {lit.args[-1]}"
        said.setdefault(name, f"{lit.predicate}({written}) as {name}(...)")
        return replace(lit, predicate=name, args=lit.args[1:] if at == 0 else lit.args[:-1])

    def schema(s: Schema) -> Schema:
        types = _types(s, static)
        effects = tuple(split(lit, types) for lit in s.effects)
        kept = _types_dropped([split(lit, types) for lit in s.preconditions], effects, types,
                              static)
        names = {t.name for lit in (*kept, *effects) for t in lit.args}
        return replace(s, preconditions=kept, effects=effects,
                       parameters=tuple(p for p in s.parameters if p.name in names))

    schemas = tuple(map(schema, report.schemas))
    init = report.init
    if init is not None:
        kinds = {a.args[0].name: a.predicate for a in init.atoms
                 if len(a.args) == 1 and a.predicate in static}
        init = InitBlock(tuple(split(atom, kinds) for atom in init.atoms), init.position)

    def split_goal(goal: GoalBlock) -> GoalBlock:
        kinds = {lit.args[0].name: lit.predicate for lit in goal.conjuncts
                 if len(lit.args) == 1 and lit.predicate in static}
        groups = tuple(tuple(split(lit, kinds) for lit in group)
                       for group in goal.disjunctions)
        return GoalBlock(_types_dropped([split(lit, kinds) for lit in goal.conjuncts],
                                        tuple(lit for group in groups for lit in group),
                                        kinds, static), groups, goal.position)

    goals = tuple(map(split_goal, report.goals))
    evidence = ("objects: one location predicate for several parts, read as one predicate per "
                "object: " + "; ".join(said.values()),)
    return ObjectSplit(replace(report, schemas=schemas, init=init, goals=goals), evidence)
