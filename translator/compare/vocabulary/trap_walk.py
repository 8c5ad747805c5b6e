"""A list of the level's traps that a turn's bookkeeping walks, found by what the actions do.

STRIPS has no effect over every trap, so a model may toggle them one at a time after each
move: an action puts a mark on the first trap of a static list, each toggle moves it to the
next, the last ends the walk (D's `premiereHerse(X, Y)`, `herseSuivante(X, Y, X2, Y2)`,
`derniereHerse(X, Y)`, and `aucuneHerse` on a level without a trap). The list's statics are
the level's, so each level's Init must write them (models/report_init.py), in any order that
visits every trap once:

- **trap_next** is a static of two places that an action toggling the trap requires from the
  trap's place;
- **trap_last** a static of one place that an action toggling the trap requires at it;
- **trap_first** a static of one place required by an action that toggles no trap and adds a
  fluent at that place which the toggling actions require at the trap's (the mark);
- **trap_none** a static without arguments required by an action that toggles no trap and
  needs a flag the first's action needs too: the walk's other way to start.
"""

from __future__ import annotations

from strips_model.schema import Literal, Schema
from translator.compare.vocabulary.behaviour import variables
from translator.compare.vocabulary.facts import SchemaFacts
from translator.compare.vocabulary.roles import Evidence, Found, Role, Roles, by_actions
from translator.compare.vocabulary.state_parts import toggled


def _toggled_at(schema: Schema, trap: str) -> tuple[str, ...] | None:
    """The variables of the trap's place when the schema turns one trap's state."""
    turned = toggled(schema, trap)
    return variables(turned[0][0]) if turned else None


def _required(schema: Schema, names: set[str]) -> list[Literal]:
    return [lit for lit in schema.preconditions if lit.positive and lit.predicate in names]


def trap_walk(facts: SchemaFacts, roles: Roles) -> Found:
    """The list's roles (module doc), with the evidence; none when the trap is not walked."""
    trap = roles.get(Role.TRAP)
    if trap is None or any(role in roles for role in (Role.TRAP_FIRST, Role.TRAP_NEXT)):
        return Found()
    free = {name for name in facts.static if name not in set(roles.values())}
    width = facts.width
    toggles = {schema.name: at for schema in facts.read
               if (at := _toggled_at(schema, trap)) is not None and len(at) == width}
    found: dict[Role, str] = {}
    marks: set[str] = set()
    for schema in facts.read:
        at = toggles.get(schema.name)
        if at is None:
            continue
        for lit in _required(schema, free):
            if facts.arity[lit.predicate] == 2 * width and variables(lit)[:width] == at:
                found.setdefault(Role.TRAP_NEXT, lit.predicate)
            elif facts.arity[lit.predicate] == width and variables(lit) == at:
                found.setdefault(Role.TRAP_LAST, lit.predicate)
        marks |= {lit.predicate for lit in schema.preconditions if lit.positive
                  and lit.predicate in facts.fluents and lit.predicate != trap
                  and variables(lit) == at}
    if Role.TRAP_NEXT not in found and Role.TRAP_LAST not in found:
        return Found()
    starts = [schema for schema in facts.read if schema.name not in toggles]
    for schema in starts:
        added = {variables(e) for e in schema.effects if e.positive and e.predicate in marks}
        first = [lit for lit in _required(schema, free - set(found.values()))
                 if facts.arity[lit.predicate] == width and variables(lit) in added]
        if first:
            found[Role.TRAP_FIRST] = first[0].predicate
            flags = {lit.predicate for lit in schema.preconditions
                     if lit.positive and facts.arity[lit.predicate] == 0}
            none = [lit.predicate for other in starts for lit in _required(
                other, free - set(found.values())) if facts.arity[lit.predicate] == 0
                and flags & {p.predicate for p in other.preconditions if p.positive}]
            if none:
                found[Role.TRAP_NONE] = none[0]
            break
    evidence: list[Evidence] = [by_actions(role, name, _WHY[role]) for role, name in found.items()]
    return Found(found, tuple(evidence))


_WHY = {
    Role.TRAP_NEXT: "a static of two places an action toggling the trap requires from its "
                    "place: the next trap of a list the turn walks",
    Role.TRAP_LAST: "a static of one place an action toggling the trap requires there: the "
                    "last trap of the list",
    Role.TRAP_FIRST: "a static of one place where an action toggling no trap sets the mark "
                     "the toggles walk: the first trap of the list",
    Role.TRAP_NONE: "a static without arguments that starts the turn's walk the other way: "
                    "a level without traps",
}
