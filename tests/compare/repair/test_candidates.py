"""The set-up's leads rank the candidates: a schema left out is mended first on what its
reason names, and a schema that allowed another outcome earlier is suspected first."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from compare.models.test_left_out import _model, _walk

from translator.compare.check import our_model, read_model
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
from translator.compare.repair.search import SUSPECTS, Subject, suggest
from translator.compare.repair.uses import SchemaUses, plan_uses
from translator.compare.repair.verify import verify
from translator.compare.runs.evidence import probe_cases

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
