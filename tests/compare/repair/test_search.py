"""The search: one mutant per edit operator fixed exactly, and never a fix that fails
verification. The evidence is the probes as given (no turned copies), to keep this quick;
the benchmark measures the full evidence."""

from __future__ import annotations

from functools import cache

import pytest

from strips_model.errors import Position
from strips_model.schema import Literal, Schema, Term
from translator.compare.check import our_model
from translator.compare.repair import judged_ahead
from translator.compare.repair.edits import (
    Clause,
    Edit,
    Kind,
    Signature,
    apply_edits,
    local_edits,
    schema_key,
)
from translator.compare.repair.search import suggest
from translator.compare.repair.search_terms import Subject
from translator.compare.repair.verify import Failure, verify
from translator.compare.runs.evidence import probe_cases


@cache
def _subject() -> Subject:
    report = our_model()[0]
    return Subject(report, "ours", None, probe_cases(symmetric=False))


def _schema(name: str) -> Schema:
    return next(s for s in _subject().report.schemas if s.name == name)


def _local(schema: str, text: str) -> Edit:
    signature = Signature.of(_subject().report.schemas)
    return next(e for e in local_edits(_schema(schema), signature) if e.text() == text)


def _added(schema: str, clause: Clause, predicate: str, *variables: str) -> Edit:
    at = len(getattr(_schema(schema), "preconditions" if clause is Clause.PRECONDITION
                     else "effects"))
    literal = Literal(predicate, tuple(Term(v, True) for v in variables), True, Position("t"))
    return Edit(Kind.ADD, schema, clause, at, None, literal)


MUTANTS = {
    "remove precondition": lambda: _local("step_calm", "remove hero(H)"),
    "remove effect": lambda: _local("step_hurt", "remove phase(Q)"),
    "negate precondition": lambda: _local("kick_skeleton_doomed_calm",
                                          "adjacent(H, S, Dir) -> -adjacent(H, S, Dir)"),
    "negate effect": lambda: _local("step_calm", "hero(N) -> -hero(N)"),
    "argument": lambda: _local("step_calm", "hero(N) -> hero(H)"),
    "predicate": lambda: _local("step_hurt", "hero(N) -> boulder(N)"),
    "add precondition": lambda: _added("step_calm", Clause.PRECONDITION, "hero", "N"),
    "add effect": lambda: _added("step_calm", Clause.EFFECT, "hero", "H"),
}


def _keys(schemas: tuple[Schema, ...]) -> tuple[object, ...]:
    return tuple(map(schema_key, schemas))


@pytest.mark.parametrize("operator", list(MUTANTS))
def test_a_mutant_of_each_operator_gets_its_inverse_among_the_verified_fixes(
        operator: str) -> None:
    subject = _subject()
    fault = MUTANTS[operator]()
    mutant = apply_edits(subject.report.schemas, (fault,))
    found = suggest(subject, mutant, 60.0, two_edits=False, explain=False)
    assert found.failures, "the mutant departs from the game on some probe"
    restored = [_keys(apply_edits(mutant, r.edits)) == _keys(subject.report.schemas)
                for r in found.repairs]
    # The inverse first, except where a fix that reads otherwise does the same everywhere
    # (-hero(N) added for hero(N): true wherever the step applies): then among the three.
    assert restored[:1] == [True] if operator != "add precondition" else any(restored)
    for repair in found.repairs:
        fixed = subject.model(apply_edits(mutant, repair.edits))
        assert not isinstance(fixed, str)
        assert verify(fixed, subject.cases) is None


def test_a_candidate_that_fails_verification_is_never_returned(
        monkeypatch: pytest.MonkeyPatch) -> None:
    subject = _subject()
    mutant = apply_edits(subject.report.schemas, (MUTANTS["argument"](),))
    calls: list[int] = []
    real = judged_ahead.verify

    def failing_after_the_original(model: object, cases: object, first: object = (),
                                   tell: bool = True, in_time: object = None) -> Failure | None:
        calls.append(1)
        if len(calls) == 1:
            return real(model, cases, first, tell, in_time)  # type: ignore[arg-type]
        return Failure("probe R-A5, a test", (), 1, "rejected by this test", ("step_calm",))

    monkeypatch.setattr(judged_ahead, "verify", failing_after_the_original)
    found = suggest(subject, mutant, 5.0, two_edits=False, explain=False)
    assert found.failures and found.tried > 0
    assert found.repairs == ()


def test_a_model_that_agrees_gets_no_fix() -> None:
    subject = _subject()
    found = suggest(subject, subject.report.schemas, 30.0)
    assert (found.failures, found.repairs, found.tried) == ((), (), 0)


def test_the_alternatives_are_fixes_of_several_schemas_when_several_verify() -> None:
    # The lock opened empties the doomed-skeleton slot (-doomed(Z) for doomed(Z)): mending
    # the opener's effect, or loosening what the next step reads of the slot, both verify.
    report = our_model()[0]
    subject = Subject(report, "ours", None, probe_cases())
    opener = next(s for s in report.schemas if s.name == "open_lock")
    fault = next(e for e in local_edits(opener, Signature.of(report.schemas))
                 if e.kind is Kind.NEGATE and e.clause is Clause.EFFECT
                 and e.before is not None and e.before.predicate == "doomed"
                 and e.before.positive)
    found = suggest(subject, apply_edits(report.schemas, (fault,)), 60.0, two_edits=False,
                    explain=False)
    # Tried before any second spelling of the first fix: the other schemas' fixes.
    schemas = [repair.edits[0].schema for repair in found.repairs]
    assert len(set(schemas[:2])) == 2
