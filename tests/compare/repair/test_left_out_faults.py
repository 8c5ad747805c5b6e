"""Schemas the reader leaves out, among several faults (issue 40 item 3): each is a fault of its
own, mended on what its reason states, even when no single fix mends them all. The model is
the repair bench's textbook model (one schema per case, a move counter), two of whose schemas
are slipped so that the reader cannot read them; the evidence is the probes as given."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache

import pytest
from compare.vocabulary.test_random_letters import randomized

from strips_model.schema import Schema
from translator.compare.check import set_up_model
from translator.compare.models.compared import UnbuildableModel, compared_model
from translator.compare.repair.edits import Edit, Signature, apply_edits, local_edits
from translator.compare.repair.first_evidence import AS_WRITTEN, left_out_names
from translator.compare.repair.mends import mends
from translator.compare.repair.partial import partial_fixes
from translator.compare.repair.search import suggest
from translator.compare.repair.search_terms import RepairSearch, Subject
from translator.compare.runs.evidence import probe_cases
from translator.measure.repair_bench import bench_models

_SLIPS = {("MoveOddHurt_or2", "remove steps(c2)"), ("CrushMobOddHurt_or4", "remove succ(c2, c1)")}
"""A counter value never added, a counter chain cut: each schema is left out, with why."""


@cache
def _subject() -> Subject:
    set_up = set_up_model(next(path for path in bench_models() if path.endswith("textbook.txt")))
    model = set_up.model
    assert not isinstance(model, UnbuildableModel)
    return Subject(set_up.file.report, model.label, model.words,
                   probe_cases(symmetric=False))


@cache
def _slipped() -> tuple[tuple[Edit, ...], tuple[Schema, ...]]:
    schemas = _subject().report.schemas
    signature = Signature.of(schemas)
    slips = tuple(edit for schema in schemas for edit in local_edits(schema, signature)
                  if (edit.schema, edit.text()) in _SLIPS)
    assert len(slips) == 2
    return slips, apply_edits(schemas, slips)


@cache
def _complete() -> RepairSearch:
    """The search for one fix of everything, allowed a single edit."""
    return suggest(_subject(), _slipped()[1], 30.0, two_edits=False)


@cache
def _alone() -> RepairSearch:
    return partial_fixes(_subject(), _slipped()[1], _complete().failures, 60.0)


def test_the_slipped_schemas_are_left_out_and_listed_as_failures() -> None:
    model = _subject().model(_slipped()[1])
    assert not isinstance(model, UnbuildableModel)
    assert left_out_names(model) == {schema for schema, _ in _SLIPS}
    listed = {f.suspects[0] for f in _complete().failures if f.case == AS_WRITTEN}
    assert listed == left_out_names(model)


def test_a_fix_that_mends_one_schema_of_two_counts_the_other_as_failing() -> None:
    """A single edit mends one of the two schemas: the other is still failing, and the fix
    is said to mend its own schema alone."""
    subject, (_, slipped) = _subject(), _slipped()
    found = _complete()
    assert found.repairs
    for repair in found.repairs:
        model = subject.model(apply_edits(slipped, repair.edits))
        assert not isinstance(model, UnbuildableModel)
        still = left_out_names(model)
        assert len(still) == 1 and repair.still_failing == 1
        told = {mend.failure.suspects[0] for mend in mends(repair, found.failures)
                if mend.failure.case == AS_WRITTEN}
        assert told == {repair.edits[0].schema} and not told & still


def test_each_schema_left_out_gets_a_fix_of_its_own_that_mends_it_alone() -> None:
    subject, (slips, slipped) = _subject(), _slipped()
    found = _alone()
    mending = [repair for repair in found.repairs if AS_WRITTEN in repair.fixed]
    assert {repair.edits[0].schema for repair in mending} == {s for s, _ in _SLIPS}
    before = left_out_names(subject.model(slipped))
    for repair in mending:
        [schema] = {edit.schema for edit in repair.edits}
        model = subject.model(apply_edits(slipped, (*repair.after, *repair.edits)))
        assert not isinstance(model, UnbuildableModel)
        still = left_out_names(model)
        assert schema not in still and still <= before
        assert repair.still_failing == len(still)
        # The divergences it mends: its own schema's, and no other still left out.
        told = {mend.failure.suspects[0] for mend in mends(repair, found.failures)
                if mend.failure.case == AS_WRITTEN}
        assert schema in told and not told & still
    assert any(repair.still_failing == 0 for repair in mending), \
        "with the first fix of the other made, the second leaves nothing out"
    assert slips  # the faults were made


@pytest.mark.fuzz
def test_the_same_faults_in_random_letters_are_mended_alike() -> None:
    """Every predicate, schema and variable renamed to random letters after the slips: the
    reading comes from what the schemas do, so the same two schemas are left out, and each
    gets a fix of its own that mends it. A long run (about 2 CPU minutes: the renamed model's
    groundings are all cold, and the search of each fault alone takes its whole bound), so
    among the opt-in ones (HELLTAKER_FUZZ_EXAMPLES=1)."""
    subject, (_, slipped) = _subject(), _slipped()
    report, _, actions = randomized(replace(subject.report, schemas=slipped),
                                    random.Random(40))
    model = compared_model(report, "textbook in random letters", None)
    renamed = Subject(report, model.label, model.words, subject.cases)
    assert left_out_names(model) == {actions[schema] for schema, _ in _SLIPS}
    failures = suggest(renamed, report.schemas, 30.0, two_edits=False).failures
    found = partial_fixes(renamed, report.schemas, failures, 60.0)
    mending = {repair.edits[0].schema for repair in found.repairs
               if AS_WRITTEN in repair.fixed and len({e.schema for e in repair.edits}) == 1}
    assert mending == left_out_names(model)
