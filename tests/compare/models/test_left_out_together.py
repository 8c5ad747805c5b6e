"""The schemas a model is built without, left out together (left_out.py `leave_out`): the same
schemas, in the same order, with the same reasons, as one at a time, a rebuild each; the
model built is the same too. A repair rebuilds a model of several faults hundreds of times,
and a rebuild per schema left out was most of it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strips_model.errors import SchemaError
from strips_model.reports.document import Report
from strips_model.schema import Schema
from translator.compare.check import set_up_model
from translator.compare.models import compared
from translator.compare.models.compared import ModelOrDefect, UnbuildableModel
from translator.compare.models.left_out import SchemasUnbuilt, leave_out
from translator.compare.models.protocols import ComparedModel
from translator.compare.repair.edits import Clause, Edit, Kind
from translator.compare.repair.mutants import mutants, mutated
from translator.compare.repair.verify import rebuilt, verify
from translator.compare.runs.evidence import probe_cases
from translator.measure.repair_bench import bench_models


@cache
def _textbook() -> ComparedModel:
    model = set_up_model(next(p for p in bench_models() if p.endswith("textbook.txt"))).model
    assert not isinstance(model, UnbuildableModel)
    return model


def _one_at_a_time(report: Report, error: SchemaError) -> object:
    """`leave_out` as it was: the first schema an error names, alone."""
    first = error.errors[0] if isinstance(error, SchemasUnbuilt) else error
    return leave_out(report, first)


def _left(model: ModelOrDefect) -> list[tuple[str, str]]:
    return [(part.schema, part.reason) for part in model.left_out]


def _counter_slips(schemas: tuple[Schema, ...], draw: Callable[[st.SearchStrategy[Any]], Any]
                   ) -> tuple[Edit, ...]:
    """Slips that leave a schema out: a counter value added back where it was deleted, a
    successor step dropped, each in a schema of its own."""
    stepping = [s for s in schemas if any(lit.predicate == "steps" for lit in s.effects)]
    chosen = draw(st.lists(st.sampled_from(stepping), min_size=2, max_size=4,
                           unique_by=lambda s: s.name))
    return tuple(_slip(schema, draw(st.booleans())) for schema in chosen)


def _slip(schema: Schema, added_back: bool) -> Edit:
    if added_back:
        index, literal = next((i, e) for i, e in enumerate(schema.effects)
                              if e.predicate == "steps" and not e.positive)
        return Edit(Kind.NEGATE, schema.name, Clause.EFFECT, index, literal,
                    replace(literal, positive=True))
    index, literal = next((i, p) for i, p in enumerate(schema.preconditions)
                          if p.predicate == "succ")
    return Edit(Kind.REMOVE, schema.name, Clause.PRECONDITION, index, literal, None)


@settings(max_examples=12, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data(), seed=st.integers(0, 10_000), faults=st.integers(0, 2))
def test_schemas_left_out_together_are_those_left_out_one_at_a_time(
        data: st.DataObject, seed: int, faults: int, monkeypatch: pytest.MonkeyPatch) -> None:
    model = _textbook()
    schemas = model.report.schemas
    # Slips that leave schemas out, and any others beside them.
    others = mutants(schemas, 1, faults, seed)[0] if faults else ()
    edited = mutated(schemas, (*_counter_slips(schemas, data.draw), *others))
    together = rebuilt(model.report, edited, model.label, model.words)
    with monkeypatch.context() as patched:
        patched.setattr(compared, "leave_out", _one_at_a_time)
        alone = rebuilt(model.report, edited, model.label, model.words)
    assert _left(together) == _left(alone)
    assert len(_left(together)) >= 2 or isinstance(together, UnbuildableModel)
    assert isinstance(together, UnbuildableModel) == isinstance(alone, UnbuildableModel)
    if not isinstance(together, UnbuildableModel):
        cases = probe_cases(symmetric=False)[:6]
        assert verify(together, cases) == verify(alone, cases)


def test_three_counter_faults_are_left_out_in_one_rebuild(
        monkeypatch: pytest.MonkeyPatch) -> None:
    model = _textbook()
    schemas = model.report.schemas
    # `¬steps(c)` slipped to `steps(c)` in three schemas: each adds back the value it requires.
    slipped = [s for s in schemas if any(lit.predicate == "steps" for lit in s.effects)][:3]
    edited = mutated(schemas, tuple(_slip(schema, True) for schema in slipped))
    builds: list[int] = []
    real = compared.ReportModel

    def counted(*args: object, **kwargs: object) -> object:
        builds.append(1)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(compared, "ReportModel", counted)
    built = rebuilt(model.report, edited, model.label, model.words)
    assert {name for name, _ in _left(built)} >= {s.name for s in slipped}
    assert len(builds) == 2  # one that fails on the three, one without them
