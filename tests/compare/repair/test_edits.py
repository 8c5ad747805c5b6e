"""The edit space: every edit has an inverse that gives the schemas back."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from strips_model.schema import build_domain
from translator.compare.check import our_model
from translator.compare.repair.edits import (
    Clause,
    Kind,
    Signature,
    added_literals,
    apply_edits,
    local_edits,
    schema_key,
)

_REPORT = our_model()[0]
_SIGNATURE = Signature.of(_REPORT.schemas)
_EDITS = [edit for schema in _REPORT.schemas for edit in local_edits(schema, _SIGNATURE)] + [
    edit for schema in _REPORT.schemas[:2] for clause in Clause
    for edit in added_literals(schema, _SIGNATURE, clause)]


def _keys(schemas: object) -> tuple[object, ...]:
    return tuple(map(schema_key, schemas))  # type: ignore[call-overload]


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(_EDITS))
def test_an_edit_then_its_inverse_gives_the_model_back(edit: object) -> None:
    from translator.compare.repair.edits import Edit

    assert isinstance(edit, Edit)
    mutant = apply_edits(_REPORT.schemas, (edit,))
    assert _keys(mutant) != _keys(_REPORT.schemas) or edit.kind is Kind.ADD
    assert _keys(apply_edits(mutant, (edit.inverse(),))) == _keys(_REPORT.schemas)


def test_every_operator_is_in_the_edit_space() -> None:
    # The mirror needs a schema per direction, which ours does not have (test_mirror.py).
    kinds = {(edit.kind, edit.clause) for edit in _EDITS}
    assert kinds >= {(kind, clause) for kind in Kind if kind is not Kind.MIRROR
                     for clause in Clause}


def test_an_argument_is_replaced_by_a_variable_of_its_own_type_only() -> None:
    for edit in _EDITS:
        if edit.kind is Kind.ARGUMENT:
            assert edit.before is not None and edit.after is not None
            schema = next(s for s in _REPORT.schemas if s.name == edit.schema)
            pairs = [(a, b) for a, b in zip(edit.before.args, edit.after.args, strict=True)
                     if a != b]
            assert len(pairs) == 1
            ((replaced, placed),) = pairs
            assert schema.parameter_type(replaced.name) == schema.parameter_type(placed.name)


def test_no_edit_puts_a_term_where_the_builder_types_another() -> None:
    # won(yes) types the constant yes as a flag (won(G), G: flag, is written elsewhere):
    # `add won(P)` with P a parity, or skeleton(Z) -> won(Z), would not build.
    declared = {p.name: p.types for p in build_domain(_REPORT.schemas, "ours").predicates}
    every = [edit for schema in _REPORT.schemas for edit in local_edits(schema, _SIGNATURE)] + [
        edit for schema in _REPORT.schemas for clause in Clause
        for edit in added_literals(schema, _SIGNATURE, clause)]
    assert _SIGNATURE.constants["yes"] == "flag"
    written = [edit for edit in every if edit.after is not None]
    assert any(edit.after is not None and edit.after.predicate == "won" for edit in written)
    for edit in written:
        assert edit.after is not None
        schema = next(s for s in _REPORT.schemas if s.name == edit.schema)
        assert _SIGNATURE.types_of(schema, edit.after.args) == declared[edit.after.predicate]
