"""A parameter of the header that no precondition or effect names
(strips_model/reports/schema_readings.py drops it before grounding; the lint's
`unused-parameter` names it): at any position of the header, under any names, the schema reads
as it does without it, the lint names exactly it, and the verdict is the same."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import make_level
from hypothesis import given, settings
from hypothesis import strategies as st

from strips_model.reports.document import Report
from strips_model.reports.schema_readings import read_schemas
from strips_model.schema import Schema
from translator.compare.check import our_model, read_model
from translator.compare.lint.checks import lint
from translator.compare.models.compared import compared_model
from translator.compare.models.report_model import ReportModel
from translator.compare.runs.level_comparison import compare_level
from translator.runtime.processes import Limits

ROOM = "#######\n#  D  #\n#     #\n#  H  #\n#######"
"""One step up reaches the demon: the level that tells a model that moves from one that
does not, in a second."""
SCHEMA = """{action}({header})
    Precondition: {me}({p}), {succ}({d}, {p}, {p2}), -{mob}({p2})
    Effect: {me}({p2}), -{me}({p})
"""
_LETTERS = "cfjknpqstvwxz"
"""No vowels: no name of the game's words in any language, no direction word."""
_LOWER = st.text(_LETTERS, min_size=3, max_size=6)
_UPPER = st.builds(str.__add__, st.sampled_from(_LETTERS.upper()), _LOWER)


@st.composite
def _names(draw: st.DrawFn) -> dict[str, str]:
    """Distinct random names: predicates and the label lowercase, variables capitalised, the
    unused parameter either way."""
    lower = draw(st.lists(_LOWER, min_size=5, max_size=5, unique=True))
    upper = draw(st.lists(_UPPER, min_size=3, max_size=3, unique=True))
    unused = draw(st.one_of(_LOWER, _UPPER).filter(lambda n: n not in lower + upper))
    return dict(zip(("action", "me", "succ", "mob", "label"), lower, strict=True)) | dict(
        zip(("d", "p", "p2"), upper, strict=True)) | {"unused": unused}


def _text(names: dict[str, str], labelled: bool, position: int | None) -> str:
    """The schema with its direction in `act(label, D)` or with its variables declared, and
    the unused parameter at `position` of the header (None: without it)."""
    header = [f"act({names['label']}, {names['d']})"] if labelled \
        else [names["d"], names["p"], names["p2"]]
    if position is not None:
        header.insert(position % (len(header) + 1), names["unused"])
    return SCHEMA.format(header=", ".join(header), **names)


def _report_of(text: str, folder: Path, name: str) -> Report:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return read_model(str(path)).report


def _shape(schema: Schema) -> tuple[object, ...]:
    """What a schema says, its positions left out (a longer header moves every column)."""
    return (schema.name, tuple(p.name for p in schema.parameters),
            tuple(map(str, schema.preconditions)), tuple(map(str, schema.effects)), schema.cost)


@settings(max_examples=60, deadline=None)
@given(names=_names(), labelled=st.booleans(), position=st.integers(0, 3))
def test_it_is_dropped_and_named_wherever_it_stands(names: dict[str, str], labelled: bool,
                                                     position: int,
                                                     tmp_path_factory: pytest.TempPathFactory
                                                     ) -> None:
    folder = tmp_path_factory.mktemp("unused")
    with_it = _report_of(_text(names, labelled, position), folder, "with.md").schemas
    without = _report_of(_text(names, labelled, None), folder, "without.md").schemas
    assert names["unused"] in [p.name for p in with_it[0].parameters]  # kept as written
    read_with, read_without = read_schemas(with_it)[0], read_schemas(without)[0]
    assert list(map(_shape, read_with)) == list(map(_shape, read_without))
    found = {f.literal for f in lint(with_it) if f.kind == "unused-parameter"}
    before = {f.literal for f in lint(without) if f.kind == "unused-parameter"}
    assert found - before == {names["unused"]}
    # The label of `act(label, D)` is a header argument no literal names either.
    assert before == ({names["label"]} if labelled else set())


@pytest.mark.planner
@settings(max_examples=5, deadline=None)
@given(names=_names(), labelled=st.booleans(), position=st.integers(0, 3))
def test_the_verdict_is_that_of_the_schema_without_it(names: dict[str, str], labelled: bool,
                                                      position: int,
                                                      tmp_path_factory: pytest.TempPathFactory
                                                      ) -> None:
    folder = tmp_path_factory.mktemp("unused")
    report = _report_of(_text(names, labelled, position), folder, "with.md")
    model = compared_model(report, report.source)
    assert isinstance(model, ReportModel), getattr(model, "defect", None)
    row = compare_level(model, our_model()[1], make_level(ROOM, 6), "fd", Limits(60.0))
    assert row.verdict == "agrees", row.why
