"""The views kept per schema object (report_views.py) and the readings kept likewise
(strips_model/schema_memo.py): a model rebuilt after one schema is edited is the model
built from scratch, never one with a view of the schema as it was."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

import pytest

from strips_model.reports.document import Report
from strips_model.reports.vocabulary import Vocabulary
from strips_model.schema import Schema
from translator.compare.check import read_model
from translator.compare.models.compared import compared_model, model_or_defect
from translator.compare.models.protocols import ComparedModel
from translator.compare.models.report_model import ReportModel
from translator.compare.repair.edits import Signature, apply_edits, local_edits
from translator.measure.repair_bench import MODELS_FOLDER

TEXTBOOK = f"{MODELS_FOLDER}/textbook.txt"


@cache
def _report() -> Report:
    return read_model(TEXTBOOK).report


@cache
def _vocabulary() -> Vocabulary | None:
    """The model as written's vocabulary, every edited model built with it (a repair's
    candidates are)."""
    return model_or_defect(_report(), TEXTBOOK).words


def _built(schemas: tuple[Schema, ...]) -> ReportModel:
    built: ComparedModel | object = compared_model(replace(_report(), schemas=schemas),
                                                   "textbook", _vocabulary())
    assert isinstance(built, ReportModel)
    return built


def _fresh(schemas: tuple[Schema, ...]) -> tuple[Schema, ...]:
    """Equal schemas that are new objects: nothing is kept for them yet."""
    return tuple(replace(schema) for schema in schemas)


@pytest.mark.parametrize("at", [0, 40])
def test_a_model_rebuilt_after_an_edit_is_the_model_built_afresh(at: int) -> None:
    schemas = _report().schemas
    before = _built(schemas)  # every schema's views now kept
    signature = Signature.of(schemas)
    for edit in list(local_edits(schemas[at], signature))[:3]:
        edited = apply_edits(schemas, (edit,))
        again = _built(edited)
        afresh = _built(_fresh(edited))
        assert again.exact.schemas == afresh.exact.schemas
        assert again.planning == afresh.planning
        assert again.static == afresh.static
        # The edit is seen: some view differs from the model as written.
        assert (again.exact.schemas, again.planning) != (before.exact.schemas, before.planning)


def test_the_model_as_written_rebuilt_is_the_same_model() -> None:
    schemas = _report().schemas
    first, second = _built(schemas), _built(schemas)
    assert first.exact == second.exact == _built(_fresh(schemas)).exact
