"""The set-up's leads rank the candidates: a schema left out is mended first on what its
reason names, and a schema that allowed another outcome earlier is suspected first."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from compare.models.test_left_out import _model, _walk
from hypothesis import given, settings
from hypothesis import strategies as st

from strips_model.reports.vocabulary import Vocabulary
from strips_model.schema import Schema
from translator.compare.check import our_model, read_model, set_up_model
from translator.compare.models.compared import UnbuildableModel
from translator.compare.repair.candidates import Leads, leads_of, single_edits
from translator.compare.repair.edits import (
    Clause,
    Edit,
    Kind,
    Signature,
    apply_edits,
    local_edits,
    schema_key,
)
from translator.compare.repair.search import SUSPECTS, suggest
from translator.compare.repair.search_terms import Subject
from translator.compare.repair.uses import SchemaUses, plan_uses
from translator.compare.repair.verify import verify
from translator.compare.runs.evidence import probe_cases
from translator.measure.repair_bench import bench_models

# moveLeft takes from the counter with no plusOne between C and C': it cannot be built.
FORGOT = {"moveLeft": "moveLeft(X, Y, C)\n    Precondition: hero(X, Y), plusOne(X', X), "
                      "-wall(X', Y), counter(C), greater(C, 0)\n"
                      "    Effect: hero(X', Y), -hero(X, Y), counter(C'), -counter(C)\n"}


def _is_the_chain(edit: Edit) -> bool:
    after = edit.after
    return edit.kind is Kind.ADD and edit.clause is Clause.PRECONDITION and after is not None \
        and after.positive and after.predicate == "plusOne" \
        and tuple(t.name for t in after.args) == ("C'", "C")


def test_a_schema_left_out_is_mended_first_on_what_its_reason_names(tmp_path: Path) -> None:
    model = _model(tmp_path, _walk(FORGOT, counter=True))
    assert [part.schema for part in model.left_out] == ["moveLeft"]
    schemas = read_model(str(tmp_path / "model.txt")).report.schemas  # as written
    broken = next(s for s in schemas if s.name == "moveLeft")
    signature = Signature.of(schemas)
    led = single_edits([broken], signature, SchemaUses(), None, None, Leads(
        left_out=model.left_out))
    plain = single_edits([broken], signature, SchemaUses())
    at, before = (next(i for i, e in enumerate(found) if _is_the_chain(e))
                  for found in (led, plain))
    assert at < 10 < before, (at, before)
    assert Leads(left_out=model.left_out).suspects((), schemas)[:1] == ["moveLeft"]


@cache
def _subject() -> Subject:
    return Subject(our_model()[0], "ours", None, probe_cases(symmetric=False))


def test_a_schema_that_allowed_another_outcome_earlier_is_suspected_first() -> None:
    # The kick that crushes a skeleton with the limbo slot left free (-limbo for limbo): the
    # kick may leave either slot, and the step after it is blocked on the one it took.
    subject = _subject()
    schemas = subject.report.schemas
    kick = next(s for s in schemas if s.name == "kick_skeleton_dies_calm")
    fault = next(e for e in local_edits(kick, Signature.of(schemas))
                 if e.text() == "limbo(Q, Z) -> -limbo(Q, Z)")
    mutant = apply_edits(schemas, (fault,))
    model = subject.model(mutant)
    assert not isinstance(model, str)
    failure = verify(model, subject.cases)
    assert failure is not None and failure.letter is not None and failure.letter > 1
    assert kick.name not in failure.suspects[:SUSPECTS]
    case = next(c for c in subject.cases if c.name == failure.case)
    leads = leads_of(model, case, failure, mutant, plan_uses(model, subject.cases, mutant))
    assert leads.undecided[:1] == (kick.name,)
    found = suggest(subject, mutant, 60.0, two_edits=False, explain=False)
    assert found.repairs and tuple(map(schema_key, apply_edits(mutant, found.repairs[0].edits))) \
        == tuple(map(schema_key, schemas))




def test_a_schema_left_out_is_a_failure_mended_even_where_no_case_needs_it(
        tmp_path: Path) -> None:
    model = _model(tmp_path, _walk(FORGOT, counter=True))
    report = read_model(str(tmp_path / "model.txt")).report
    subject = Subject(report, "walk", model.words, ())  # no level needs moveLeft here
    found = suggest(subject, report.schemas, 60.0, two_edits=False, explain=False)
    assert [f.suspects for f in found.failures] == [("moveLeft",)]
    assert found.repairs, "the schema left out is mended"
    for repair in found.repairs:
        mended = subject.model(apply_edits(report.schemas, repair.edits))
        assert not isinstance(mended, str) and not getattr(mended, "left_out", ())
    # A fix of one fault among several may leave it out still: then nothing fails here.
    assert suggest(subject, report.schemas, 60.0, explain=False, whole=False).failures == ()


@cache
def _textbook() -> tuple[tuple[Schema, ...], Vocabulary]:
    model = set_up_model(next(p for p in bench_models() if p.endswith("textbook.txt"))).model
    assert not isinstance(model, UnbuildableModel) and model.words is not None
    return model.report.schemas, model.words


def _gives_back(edit: Edit, counter: str) -> bool:
    after = edit.after
    return edit.kind is Kind.ADD and edit.clause is Clause.EFFECT and after is not None \
        and not after.positive and after.predicate == counter


@settings(max_examples=10, deadline=None)
@given(index=st.integers(0, 10_000))
def test_a_counter_delete_dropped_is_given_back_first(index: int) -> None:
    # A schema that adds the next value and keeps the one it requires is built all the same:
    # no reason names it, yet the dropped delete is the edit tried first.
    schemas, words = _textbook()
    counter = words.required("counter")
    deleting = [s for s in schemas if any(not e.positive and e.predicate == counter
                                          for e in s.effects)]
    schema = deleting[index % len(deleting)]
    dropped = next(i for i, e in enumerate(schema.effects)
                   if not e.positive and e.predicate == counter)
    (slipped,) = apply_edits((schema,), (Edit(Kind.REMOVE, schema.name, Clause.EFFECT, dropped,
                                               schema.effects[dropped], None),))
    signature = Signature.of(apply_edits(schemas, ()))
    first = single_edits([slipped], signature, SchemaUses(), None, words)[0]
    assert _gives_back(first, counter) and first.after is not None
    assert first.after.args == schema.effects[dropped].args
    # The model as written, every schema whole: no edit of any gets that rank.
    assert not any(_gives_back(edit, counter) for edit in
                   single_edits([schema], signature, SchemaUses(), None, words)[:1])
