"""An edit of a place several schemas left out share, made in each of them.

A header read as several schemas (the cases of a disjunction `X_or1`, `X_or2`, its numbered
cases) holds the literals written outside the split at one place of the file in each. A slip
there (a counter's `steps(c2)` dropped from an effect all the cases share) leaves every case
out of the model, for the same reason. Mending one case alone leaves the others out, so the
fix of the written line is never verified: its model, the one the corrected file gives, is
the edit made in every case that shares the place (shared_text.py writes such a change back
only then). `with_twins` is that model's edits. Only schemas left out get twins: a case the
model runs with is either right as written or a fault of its own, searched as such.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from strips_model.schema import Literal, Schema
from translator.compare.repair.edits import Clause, Edit, Kind, literal_key


def _clause(schema: Schema, clause: Clause) -> tuple[Literal, ...]:
    return schema.preconditions if clause is Clause.PRECONDITION else schema.effects


def _places(literals: Sequence[Literal]) -> list[tuple[object, ...]]:
    return [(lit.position.line, lit.position.column, literal_key(lit)) for lit in literals]


def _twin(edit: Edit, own: Schema, other: Schema) -> Edit | None:
    """The same change as `edit` (of `own`) in `other`, where `other` holds the place it
    edits; None where it does not."""
    if other.position != own.position:
        return None
    literals = _clause(other, edit.clause)
    if edit.before is None:
        # An addition: to a clause the two hold whole at the same places (an effect the
        # cases share), where it goes in the file's one text.
        same = literals and _places(literals) == _places(_clause(own, edit.clause))
        return replace(edit, schema=other.name) if same else None
    if edit.before.position.line is None:
        return None
    place = _places((edit.before,))[0]
    index = next((i for i, at in enumerate(_places(literals)) if at == place), None)
    return None if index is None else replace(edit, schema=other.name, index=index)


def with_twins(edits: tuple[Edit, ...], schemas: Sequence[Schema],
               left_out: frozenset[str]) -> tuple[Edit, ...]:
    """`edits`, with the same change made in every other schema of `left_out` that shares
    the place each edits (the module doc)."""
    by_name = {schema.name: schema for schema in schemas}
    edited = {edit.schema for edit in edits}
    twins: list[Edit] = []
    for edit in edits:
        own = by_name.get(edit.schema)
        if own is None or edit.kind is Kind.MIRROR or edit.schema not in left_out:
            continue
        for name in sorted(left_out - edited):
            other = by_name.get(name)
            twin = None if other is None else _twin(edit, own, other)
            if twin is not None:
                twins.append(twin)
                edited.add(name)
    return (*edits, *twins)
