"""The formula-spelling property on whole models (issue 33's goal): seed 001's model, both
samples and every model under tests/strips_model/reports/models/, every schema written again
in random spellings of the connectives (`∧ ^ & && , and et \\land`, `∨ v | || or ou`,
`¬ - ~ ! not non`), deletes (`¬p`, `clear(p)`, `del p`), prime forms, clause keywords,
headers, wrapped lines and whatever lies between schemas, read back, is read with the same
roles, state values and key presses, and gets the same verdict on every probe level.

tests/strips_model/reports/test_notation_fuzz.py renders windows of twelve schemas and checks
that they read back as the same schemas; a model's disjunctions are cases once read, so
there `∨` is only drawn in small formulas. Here the cases one disjunction made (sample-a's
`spike_static(x1,y2) v spike_dynamic(x1,y2,1)`, m4's) are folded back into one schema whose
disjunction is spelt at random, so every connective is drawn on whole models.

The fast loop reads four derandomized renderings (seed 001, some 10 s to read, left to the
long run) and one per small model of tests/, run on the fast probes; the long run
(`HELLTAKER_FUZZ_EXAMPLES=20 pytest -m fuzz tests/compare/vocabulary/test_respelled_models.py`)
runs every probe on every model.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import pytest
from cli.test_fuzz import LONG_EXAMPLES, fast_and_long
from compare.vocabulary.test_fuzz import FAST_PROBES, _report
from compare.vocabulary.test_random_letters import MODELS, OWN, _inferred
from hypothesis import given, settings
from hypothesis import strategies as st
from notation_rendering import BETWEEN, NOT, literal_text, render_schema

from strips_model.errors import SchemaError
from strips_model.reports.document import Report
from strips_model.reports.notation import read_model
from strips_model.schema import Literal, Schema
from translator.compare.models.compared import compared_model
from translator.compare.runs.coverage import check_probe, distinct_probes

OR = (" ∨ ", " v ", " | ", " || ", " or ", " ou ", " OR ", "∨")
_CASE = re.compile(r"(.+)_or([0-9]+)")
_HOLE = "zzdisjunction"
"""A literal of no argument standing where the disjunction goes, replaced once rendered."""


def _folded(schemas: tuple[Schema, ...]) -> list[tuple[Schema, tuple[Literal, ...]]]:
    """Each schema with the disjuncts it stands for: the cases `base_or1`, `base_or2`, ...
    that differ in one precondition only, lower-case variables in it, fold into one schema
    named `base` whose precondition holds `_HOLE` there; any other schema stands alone."""
    folded: list[tuple[Schema, tuple[Literal, ...]]] = []
    index = 0
    while index < len(schemas):
        match = _CASE.fullmatch(schemas[index].name)
        group = [schemas[index]]
        while match and index + len(group) < len(schemas) and schemas[
                index + len(group)].name == f"{match.group(1)}_or{len(group) + 1}":
            group.append(schemas[index + len(group)])
        first = group[0]
        apart = [i for i in range(len(first.preconditions)) if len(group) > 1 and any(
            len(s.preconditions) != len(first.preconditions) or s.preconditions[i]
            != first.preconditions[i] for s in group)]
        if match and len(apart) == 1 and all(
                s.effects == first.effects and s.parameters == first.parameters
                and len(s.preconditions) == len(first.preconditions) for s in group) and all(
                t.name == t.name.lower() for s in group for t in s.preconditions[apart[0]].args):
            at = apart[0]
            hole = replace(first.preconditions[at], predicate=_HOLE, args=(), positive=True)
            folded.append((replace(first, name=match.group(1), preconditions=(
                *first.preconditions[:at], hole, *first.preconditions[at + 1:])),
                tuple(s.preconditions[at] for s in group)))
        else:
            group = [first]
            folded.append((first, ()))
        index += len(group)
    return folded


def respelled(report: Report, draw: Any) -> Report:
    """The report with its schemas written again at random (module doc) and read back."""
    parts = []
    for schema, disjuncts in _folded(report.schemas):
        text = render_schema(schema, draw)
        if disjuncts:
            negation = draw(st.sampled_from(NOT))
            said = draw(st.sampled_from(OR)).join(literal_text(lit, False, draw, negation)
                                                  for lit in disjuncts)
            text = text.replace(_HOLE, f"({said})")
        parts.append(text + draw(st.sampled_from(BETWEEN)))
    text = "".join(parts)
    try:
        schemas = read_model(text, "respelled.md").schemas
    except SchemaError as error:
        raise AssertionError(f"{error}\n{text}") from None
    return replace(report, schemas=schemas)


def _verdicts(report: Report, every: bool) -> list[str]:
    model = compared_model(report, "model")
    return [check_probe(model, probe).verdict for probe in distinct_probes()
            if every or probe.situation.startswith(FAST_PROBES)]


def check(model: str, data: st.DataObject) -> None:
    report = _report(model)
    if report is None:
        return  # ../shared is absent
    again = respelled(report, data.draw)
    assert sorted(s.name for s in again.schemas) == sorted(s.name for s in report.schemas)
    words, found = _inferred(report), _inferred(again)
    assert (found.roles, found.values, sorted(found.keys)) == (
        words.roles, words.values, sorted(words.keys))
    if LONG_EXAMPLES:
        assert _verdicts(again, True) == _verdicts(report, True)


# Seed 001's 108 schemas take some 10 s to read again: the long run only.
test_respelled_models_read_alike = fast_and_long(
    4, model=st.sampled_from(MODELS[1:]), data=st.data())(check)[0]
test_respelled_models_read_alike_long = fast_and_long(
    1, model=st.sampled_from(MODELS), data=st.data())(check)[1]


@pytest.mark.parametrize("model", OWN)
@settings(settings.get_profile("helltaker-fast"), max_examples=1)
@given(data=st.data())
def test_a_respelled_model_keeps_its_probe_verdicts(model: str, data: st.DataObject) -> None:
    """One fixed rendering per small model, on the fast probes."""
    report = _report(model)
    assert report is not None
    assert _verdicts(respelled(report, data.draw), False) == _verdicts(report, False)
