"""A floor fluent, or its complement, found by the cells it trades with what moves
(behaviour.py's parts, state_parts.py, near_readings.py ask it of every candidate).

What one schema shows of any candidate is worked out once per schema object (`_Trades`): the
inference asks it of each candidate predicate in turn, and near readings ask it again for
each reading tried (5,000 schema passes per model read in the compare tests, 8% of their time).
"""

from __future__ import annotations

from dataclasses import dataclass

from strips_model.schema import Schema, Term
from strips_model.schema_memo import per_schema

_Placed = tuple[str, tuple[Term, ...]]
"""A literal without its sign: its predicate and arguments."""


@dataclass(frozen=True, slots=True)
class _Trades:
    required: frozenset[_Placed]
    required_absent: frozenset[_Placed]
    deleted: frozenset[_Placed]
    added: frozenset[_Placed]
    moves: tuple[tuple[str, tuple[Term, ...], tuple[Term, ...]], ...]
    """(mover, from, to): a predicate required and deleted at one place, added at another."""
    placed_effects: frozenset[str]
    """The predicates of the effects with more than one argument."""
    effect_predicates: frozenset[str]


@per_schema
def _trades(schema: Schema) -> _Trades:
    required = frozenset((p.predicate, p.args) for p in schema.preconditions if p.positive)
    deleted = frozenset((e.predicate, e.args) for e in schema.effects if not e.positive)
    added = frozenset((e.predicate, e.args) for e in schema.effects if e.positive)
    moves = tuple({(mover, old, new) for (mover, old) in required & deleted
                   for (other, new) in added if other == mover and new != old})
    return _Trades(required, frozenset((p.predicate, p.args) for p in schema.preconditions
                                       if not p.positive),
                   deleted, added, moves,
                   frozenset(e.predicate for e in schema.effects if len(e.args) > 1),
                   frozenset(e.predicate for e in schema.effects))


def floor_fitting(read: tuple[Schema, ...], hero: str, names: set[str], free: bool = True
                  ) -> dict[str, int]:
    """Of `names`, those that trade cells with what moves (required and deleted at the cell
    something moves to, added at the cell it left) and that a plain move needs (one changing
    nothing else that has a place): each with the actions where it trades. A boulder trades
    with such a floor too, but no plain move needs it. With `free` false, its complement
    (`occupied(P)`): required absent and added where something arrives, deleted where it
    left, and required absent by a plain move."""
    found: dict[str, int] = {}
    shown = [_trades(schema) for schema in read]
    for name in sorted(names):
        trades = plain = 0
        for seen in shown:
            needs = seen.required if free else seen.required_absent
            taken, freed = (seen.deleted, seen.added) if free else (seen.added, seen.deleted)
            trades += any(mover != name and (name, new) in needs and (name, new) in taken
                          and (name, old) in freed for mover, old, new in seen.moves)
            others = seen.placed_effects - {hero, name}
            plain += not others and hero in seen.effect_predicates and any(
                predicate == name for predicate, _ in needs)
        if trades and plain:
            found[name] = trades
    return found
