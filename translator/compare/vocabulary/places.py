"""Where a predicate's place sits among its arguments, for the vocabulary inference
(translator/compare/vocabulary/inference.py): `hero(X, Y)` has it first, `hero(K, X, Y)`,
`trap(S, X, Y)` or `at(O, X, Y)` after a flag or an object.

The hero's place is the two arguments side by side that the actions change most between the
hero they require and the hero they add: the coordinates move with every move, a key flag
only when the key is taken. Another part's place is the two arguments side by side that most
often hold a coordinate of an action: a variable of the hero's place, or one a static
relation links to such a variable (a successor `plusOne(Y, Y2)`, an offset `y + 1`, an
adjacency relation on cells). Place first wins every tie, so a model written place first
reads as it always did.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping

from strips_model.schema import Literal, Schema
from translator.compare.vocabulary.facts import SchemaFacts
from translator.compare.vocabulary.roles import PLACED, Evidence, Role, Roles, Topic


def _best_start(counts: Counter[int], arity: int, width: int) -> int:
    """The start of the `width` neighbouring positions with the highest count, the first on a
    tie."""
    scores = [(sum(counts[start + k] for k in range(width)), -start)
              for start in range(arity - width + 1)]
    return -max(scores)[1] if scores else 0


def hero_place_start(schemas: tuple[Schema, ...], hero: str, arity: int, width: int = 2
                     ) -> int:
    """Where the hero's place starts: the positions its moves change (module doc)."""
    changed: Counter[int] = Counter()
    for schema in schemas:
        before = [lit for lit in schema.preconditions if lit.positive and lit.predicate == hero]
        after = [lit for lit in schema.effects if lit.positive and lit.predicate == hero]
        if len(before) != 1 or len(after) != 1 or len(before[0].args) != len(after[0].args):
            continue
        changed.update(index for index, (a, b) in enumerate(
            zip(before[0].args, after[0].args, strict=True)) if a.name != b.name)
    return _best_start(changed, arity, width)


def _coordinates(schema: Schema, hero: str, start: int, width: int, static: frozenset[str]
                 ) -> set[str]:
    """The variables of `schema` that hold a coordinate, or a cell (module doc)."""
    literals = (*schema.preconditions, *schema.effects)
    found = {term.name for lit in literals if lit.predicate == hero
             for term in lit.args[start:start + width] if term.is_variable}
    links = [lit for lit in schema.preconditions if lit.predicate in static
             and len(lit.args) in ((2, 4, 5) if width == 2 else (2, 3))]
    for _ in range(3):  # a coordinate two or three steps away: y + 1, then its successor
        grown = found | {term.name for lit in links
                         if any(term.name in found for term in lit.args)
                         for term in lit.args if term.is_variable}
        if grown == found:
            break
        found = grown
    return found


def place_starts(facts: SchemaFacts, roles: Roles) -> dict[Role, int]:
    """Role -> arguments before its place (of `width` arguments), for the placed roles whose
    place is not first."""
    hero, arity, width = facts.hero, facts.arity, facts.width
    if hero is None:
        return {}
    starts = {Role.HERO: facts.hero_start}
    coordinates = [_coordinates(schema, hero, facts.hero_start, width, facts.static)
                   for schema in facts.read]
    for role in PLACED:
        predicate = roles.get(role)
        if role == Role.HERO or predicate is None or arity[predicate] <= width:
            continue
        held: Counter[int] = Counter()
        for schema, variables in zip(facts.read, coordinates, strict=True):
            literals: tuple[Literal, ...] = (*schema.preconditions, *schema.effects)
            held.update(index for lit in literals if lit.predicate == predicate
                        for index, term in enumerate(lit.args)
                        if term.is_variable and term.name in variables)
        starts[role] = _best_start(held, arity[predicate], width)
    return {role: start for role, start in starts.items() if start}


def starts_evidence(starts: Mapping[Role, int], roles: Roles) -> tuple[Evidence, ...]:
    """The sentence that says which places are not first, if any."""
    if not starts:
        return ()
    said = ", ".join(f"{roles[role]} after {start}" for role, start in starts.items())
    return (Evidence(Topic.PLACES, f"places not first: {said} argument(s) (the arguments that "
                     "move with the hero, or hold its coordinates)"),)


DEFAULT_CELL = "c_{x}_{y}"
"""How the cells of a model that writes a place as one term are named when its Init shows no
name to follow: any name works on a level file, since its Init is generated in it."""
_CELL_NAME = re.compile(r"([^0-9-]*)(-?[0-9]+)([^0-9-]+)(-?[0-9]+)([^0-9]*)")
"""A cell named by two numbers with a separator (`c_1_2`, `cell_3_4`, `x1y2`); `p12` has no
separator, so no pattern reads its two numbers apart."""


def cell_pattern(constants: tuple[str, ...]) -> tuple[str, str]:
    """The pattern of the cell names the model's Init uses (the most common), with the
    sentence that says so; DEFAULT_CELL when none reads as two numbers."""
    found = Counter((m.group(1), m.group(3), m.group(5)) for name in constants
                    if (m := _CELL_NAME.fullmatch(name)))
    if not found:
        return DEFAULT_CELL, (f"cells: a place is one term; its Init names no cell by two "
                              f"numbers apart, so cells are named {DEFAULT_CELL} (x the first "
                              "number; say another in [coordinates] cell)")
    (prefix, separator, suffix), count = found.most_common(1)[0]
    pattern = f"{prefix}{{x}}{separator}{{y}}{suffix}"
    return pattern, (f"cells: a place is one term, named {pattern} as {count} constants of its "
                     "Init are (x the first number, as [coordinates] first says)")


def cell_fluents(schemas: tuple[Schema, ...], hero: str, static: frozenset[str]) -> set[str]:
    """Where a place is one term, the predicates some action gives a cell of the hero's moves
    (a boulder pushed, a wall tested): places, never the counter."""
    found: set[str] = set()
    for schema in schemas:
        cells = _coordinates(schema, hero, 0, 1, static)
        found |= {lit.predicate for lit in (*schema.preconditions, *schema.effects)
                  if any(term.name in cells for term in lit.args)}
    return found
