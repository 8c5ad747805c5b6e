"""The sorts of an untyped model read off where its variables stand (repair/sorts.py): every
literal written is well-sorted where it stands, a literal over variables of another sort is
not, and the repair's candidates over another sort come after the others."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from strips_model.schema import Schema, Term
from translator.compare.check import set_up_model
from translator.compare.models.compared import UnbuildableModel
from translator.compare.repair.candidates import single_edits
from translator.compare.repair.edits import Signature
from translator.compare.repair.sorts import Sorts
from translator.compare.repair.uses import SchemaUses
from translator.measure.repair_bench import bench_models


@cache
def _model(name: str) -> tuple[Schema, ...]:
    model = set_up_model(next(p for p in bench_models() if p.endswith(name))).model
    assert not isinstance(model, UnbuildableModel)
    return model.report.schemas


MODELS = st.sampled_from(("textbook.txt", "course_fr.txt", "helltaker.strips"))


@settings(max_examples=6, deadline=None)
@given(name=MODELS)
def test_every_literal_written_is_well_sorted_where_it_stands(name: str) -> None:
    schemas = _model(name)
    sorts = Sorts(schemas)
    assert all(sorts.well_sorted(schema, literal) for schema in schemas
               for literal in (*schema.preconditions, *schema.effects))


def test_a_place_over_counter_values_or_a_row_for_a_column_is_ill_sorted() -> None:
    schemas = _model("textbook.txt")
    sorts = Sorts(schemas)
    push = next(s for s in schemas if s.name == "PushMobEven")
    box = next(lit for s in schemas for lit in s.preconditions if lit.predicate == "box")

    def written(*names: str) -> bool:
        return sorts.well_sorted(push, replace(box, args=tuple(Term(n, True) for n in names)))

    assert written("x2", "y2") and written("x", "y")
    assert not written("c2", "c") and not written("x2", "x") and not written("d", "y")


@settings(max_examples=8, deadline=None)
@given(name=MODELS, index=st.integers(0, 10_000))
def test_the_candidates_over_another_sort_come_after_the_others(name: str, index: int) -> None:
    schemas = _model(name)
    schema = schemas[index % len(schemas)]
    sorts = Sorts(schemas)
    edits = single_edits([schema], Signature.of(schemas), SchemaUses(), None, None, None,
                         schemas)
    ill = [edit.after is not None and edit.bodies is None
           and not sorts.well_sorted(schema, edit.after) for edit in edits]
    assert ill == sorted(ill)  # every well-sorted candidate first
