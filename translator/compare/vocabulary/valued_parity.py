"""A trap's phase written as a value (R-T1): `phase(T)` that every action replaces by the T2
of a static `flip(T, T2)`, the traps a static relation of a place and that value,
`trap(X, Y, T)`: the trap at (X, Y) is raised while the phase is T. One schema then serves
both parities, where a flag (trap_parity.py) needs one per parity.

The Init then writes the phase's start value and both directions of the flip (two values:
`trap_raised` is the start, under which a trap raised at the start is listed, `trap_lowered`
the other); the observer reads a trap raised where the trap relation holds with the phase's
value now (models/report_observation.py). Found before the parts with a place, so that
neither relation is taken for one (a flip required by every action reads like spikes), and
the phase is not taken for the counter (inference.py reads it first): a count never says
where traps are raised.
"""

from __future__ import annotations

from collections import Counter

from strips_model.schema import Literal, Schema
from translator.compare.vocabulary.facts import NEARLY, SchemaFacts
from translator.compare.vocabulary.roles import Evidence, Found, Role, Roles, Topic

PHASE_VALUES = ("even", "odd")
"""The phase's two values in a model that names none: the start (`trap_raised`), the other."""


def _variables(schema: Schema, predicate: str, positive: bool, effects: bool) -> set[str]:
    written = schema.effects if effects else schema.preconditions
    return {t.name for lit in written if lit.predicate == predicate and lit.positive == positive
            for t in lit.args if t.is_variable}


def _named(schema: Schema, predicate: str) -> set[str]:
    """The variables the schema's literals of `predicate` name, preconditions and effects."""
    return {t.name for lit in (*schema.preconditions, *schema.effects)
            if lit.predicate == predicate for t in lit.args if t.is_variable}


def _link(schema: Schema, name: str, static: frozenset[str]) -> str | None:
    """The static two-place relation from the value of `name` the schema requires and
    deletes to the one it adds, when it replaces `name`'s value so."""
    old = _variables(schema, name, False, True) & _variables(schema, name, True, False)
    new = _variables(schema, name, True, True)
    if len(old) != 1 or len(new) != 1 or old == new:
        return None
    pair = (next(iter(old)), next(iter(new)))
    return next((lit.predicate for lit in schema.preconditions if lit.positive
                 and lit.predicate in static and len(lit.args) == 2
                 and tuple(t.name for t in lit.args) == pair), None)


def _feeds_places(schemas: tuple[Schema, ...], name: str, hero: str | None) -> bool:
    """Some literal joins a value of `name` to a place of the `hero` (`trap(X2, Y2, T2)`
    where the hero arrives at (X2, Y2)): the value says something of cells, as a count never
    does."""
    for schema in schemas:
        values = _named(schema, name)
        places = _named(schema, hero) if hero is not None else set()
        if values and places and any(
                lit.predicate not in (name, hero) and {t.name for t in lit.args} & values
                and {t.name for t in lit.args} & places
                for lit in (*schema.preconditions, *schema.effects)):
            return True
    return False


def _trap_relation(facts: SchemaFacts, name: str, taken: set[str]) -> str | None:
    """The static of a place and one more argument that takes the phase's values, the one
    most literals name."""
    votes: Counter[str] = Counter()
    for schema in facts.read:
        values = _named(schema, name)
        votes.update(lit.predicate for lit in schema.preconditions
                     if lit.predicate in facts.static and lit.predicate not in taken
                     and len(lit.args) == facts.width + 1
                     and any(t.name in values for t in lit.args))
    return votes.most_common(1)[0][0] if votes else None


def valued_parity(facts: SchemaFacts, roles: Roles) -> Found:
    """The phase, its flip and the trap relation read by it (module doc), when (nearly)
    every action taking a turn replaces one value of no place by its flip, and that value
    says where traps are raised."""
    taken = set(roles.values())
    turns = [schema for schema in facts.read if any(e.args for e in schema.effects)]
    for name in sorted(n for n, count in facts.arity.items()
                       if count == 1 and n in facts.fluents and n not in taken):
        links = Counter(link for schema in turns
                        if (link := _link(schema, name, facts.static)) is not None)
        if not links:
            continue
        flip, count = links.most_common(1)[0]
        if count < NEARLY * len(turns) or not _feeds_places(facts.read, name, facts.hero):
            continue
        trap = _trap_relation(facts, name, taken | {flip})
        if trap is None:
            continue
        return Found({Role.TRAP_PARITY: name, Role.TRAP_FLIP: flip, Role.TRAP: trap}, (
            Evidence(Role.TRAP_PARITY, (
                f"trap_parity: {name}, a value {count} of {len(turns)} actions replace by the "
                f"next along {flip} (trap_flip), which says where {trap} (trap) is raised: "
                "the traps' phase written as a value (by what the actions do)")),))
    return Found()


def parity_values(roles: Roles, init: tuple[Literal, ...] = ()
                  ) -> tuple[list[tuple[str, int | str]], list[Evidence]]:
    """The phase's two values, as the trap's (module doc), for a phase written as a value:
    those of the model's own `init` where it starts the phase and flips it, else two of the
    Init's own."""
    if Role.TRAP_FLIP not in roles:
        return [], []
    phase, flip = roles[Role.TRAP_PARITY], roles[Role.TRAP_FLIP]
    starts = [atom.args[0].name for atom in init if atom.predicate == phase]
    flips = {atom.args[0].name: atom.args[1].name for atom in init
             if atom.predicate == flip and len(atom.args) == 2}
    if len(starts) == 1 and starts[0] in flips:
        start, other, whose = starts[0], flips[starts[0]], "of its Init"
    else:
        (start, other), whose = PHASE_VALUES, "of the Init's own"
    return [("trap_lowered", other), ("trap_raised", start)], [Evidence(Topic.STATE_VALUES, (
        f"{phase} takes two values {whose}, {start} at the start and {other}: "
        f"{roles[Role.TRAP]}(..., {start}) lists a trap raised at the start"))]
