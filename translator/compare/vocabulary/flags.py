"""Flags (predicates of no argument) by what the actions do with them: which actions add or
delete one, and which two are complements, swapped by (nearly) every action that changes
either (`even` and `odd`, `nokey` and `haskey`). The parity's reading (state_parts.py), the
readings the game tests (hypotheses.py) and the flags each Init sets true
(models/start_flags.py) share this one definition."""

from __future__ import annotations

from strips_model.schema import Schema
from strips_model.schema_memo import per_schema
from translator.compare.vocabulary.facts import NEARLY


def changes(schemas: tuple[Schema, ...], flag: str) -> tuple[set[str], set[str]]:
    """(the schemas that add `flag`, those that delete it), by name."""
    written = [(s.name, _flags_changed(s)) for s in schemas]
    return ({name for name, (added, _) in written if flag in added},
            {name for name, (_, deleted) in written if flag in deleted})


@per_schema
def _flags_changed(schema: Schema) -> tuple[frozenset[str], frozenset[str]]:
    """The flags the schema adds, and those it deletes: kept per schema, as a repair reads
    hundreds of models that differ in one schema, each flag by each reading."""
    return (frozenset(e.predicate for e in schema.effects if e.positive and not e.args),
            frozenset(e.predicate for e in schema.effects if not e.positive and not e.args))


@per_schema
def _flags_named(schema: Schema) -> frozenset[str]:
    return frozenset(lit.predicate for lit in (*schema.preconditions, *schema.effects)
                     if not lit.args)


def flags_of(schemas: tuple[Schema, ...]) -> set[str]:
    """The predicates of no argument the schemas name."""
    return set().union(*map(_flags_named, schemas))


def complements(schemas: tuple[Schema, ...], flag: str) -> tuple[str, ...]:
    """The flags (nearly) every action that adds `flag` deletes, and the other way round
    (`even` for `odd`), none added or deleted with it, in name order."""
    added, deleted = changes(schemas, flag)

    def swapped(other: str) -> bool:
        other_added, other_deleted = changes(schemas, other)
        changing = added | deleted | other_added | other_deleted
        together = (added & other_added) | (deleted & other_deleted)
        crossed = (added & other_deleted) | (deleted & other_added)
        return bool(added) and not together and len(crossed) >= NEARLY * len(changing)

    return tuple(filter(swapped, sorted(flags_of(schemas) - {flag})))


def pending(schemas: tuple[Schema, ...], moving: tuple[Schema, ...]) -> set[str]:
    """The flags some action adds that (nearly) every action of `moving` requires absent: a
    turn owed before the hero moves again (`hurt`, cleared by a `Damage` that costs one
    more), which what adds it gives to no part of the game."""
    if not moving:
        return set()
    added = {e.predicate for s in schemas for e in s.effects if e.positive and not e.args}
    return {flag for flag in added
            if sum(any(p.predicate == flag and not p.positive and not p.args
                       for p in s.preconditions) for s in moving) >= NEARLY * len(moving)}


def every_move_needs(schemas: tuple[Schema, ...], hero: str | None) -> set[str]:
    """The predicates (nearly) every action moving `hero` requires: a turn flag (`aJouer`)
    or an exactly-one slot (`doomed(P)`), needed by any move, so never the key nor the key
    held, and true when a level starts (models/start_flags.py)."""
    moves = [s for s in schemas if any(e.positive and e.predicate == hero for e in s.effects)]
    needed: dict[str, int] = {}
    for schema in moves:
        for name in {p.predicate for p in schema.preconditions if p.positive}:
            needed[name] = needed.get(name, 0) + 1
    return {name for name, count in needed.items() if count >= NEARLY * len(moves)}
