"""Which changes of a fix the model's file can take as written, when several schemas share
one text.

A disjunction is read as one schema per case (`a ∧ (b v c)`: `X_or1` with `a, b`, `X_or2`
with `a, c`), each holding the literals written outside it at the same place. A change there
changes every case: the file can take it only when the fix makes that same change in each
case; else the fixed file would be another model than the one verified. An addition is then
placed next to a literal of its case alone (inside the disjunction), where that is enough.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from strips_model.schema import Literal, Schema
from translator.compare.repair.edits import Edit, Kind, literal_key
from translator.compare.repair.placement import Placed, placements

At = tuple[int | None, int | None]


def _at(literal: Literal) -> At:
    return literal.position.line, literal.position.column


def writable(edits: Sequence[Edit], schemas: Sequence[Schema],
             written: Callable[[Literal], bool]) -> tuple[tuple[Placed | None, ...], ...]:
    """Each edit's literals placed (placement.py) where the file can take them, `written`
    telling a literal written on its own; None for one it cannot take."""
    owners: dict[At, set[str]] = {}
    for schema in schemas:
        for literal in (*schema.preconditions, *schema.effects):
            owners.setdefault(_at(literal), set()).add(schema.name)

    def alone(literal: Literal) -> bool:
        return written(literal) and len(owners.get(_at(literal), ())) <= 1

    loose = placements(edits, schemas, written)
    strict = placements(edits, schemas, alone)
    made: dict[tuple[object, ...], set[str]] = {}
    for part in (part for parts in loose for part in parts):
        made.setdefault(change(part), set()).add(part.edit.schema)

    def taken(loose_part: Placed, strict_part: Placed) -> Placed | None:
        anchor = loose_part.anchor
        if anchor is not None and owners.get(_at(anchor), set()) <= made[change(loose_part)]:
            return loose_part
        if strict_part.anchor is not None and strict_part.edit.kind is Kind.ADD:
            return strict_part
        return None

    return tuple(tuple(taken(a, b) for a, b in zip(loose_parts, strict_parts, strict=True))
                 for loose_parts, strict_parts in zip(loose, strict, strict=True))


def change(placed: Placed) -> tuple[object, ...]:
    """What a placed change writes, and where: one text for the schemas it is made in."""
    edit = placed.edit
    what = "add" if edit.kind is Kind.ADD else "remove" if edit.kind is Kind.REMOVE else "change"
    return (None if placed.anchor is None else _at(placed.anchor), what, placed.before,
            None if edit.after is None else literal_key(edit.after))
