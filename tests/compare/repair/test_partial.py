"""A fix of one fault among several: our model with two faults, one fixed at a time. The
evidence is the probes as given (no turned copies), to keep this quick."""

from __future__ import annotations

from functools import cache

from strips_model.schema import Schema
from translator.compare.check import our_model
from translator.compare.repair.edits import Signature, apply_edits, local_edits, schema_key
from translator.compare.repair.evidence import probe_cases
from translator.compare.repair.partial import partial_fixes
from translator.compare.repair.search import RepairSearch, Subject, failing_cases
from translator.compare.repair.verify import Failure, check_case


@cache
def _subject() -> Subject:
    return Subject(our_model()[0], "ours", None, probe_cases(symmetric=False))


@cache
def _found() -> tuple[tuple[Schema, ...], tuple[Failure, ...], RepairSearch]:
    """Our model with the hero stepping nowhere and the hurt step keeping its phase."""
    schemas = _subject().report.schemas
    signature = Signature.of(schemas)
    wanted = {("step_calm", "hero(N) -> hero(H)"), ("step_hurt", "remove phase(Q)")}
    faults = [e for s in schemas for e in local_edits(s, signature)
              if (e.schema, e.text()) in wanted]
    assert len(faults) == 2
    mutant = apply_edits(schemas, faults)
    broken = _subject().model(mutant)
    assert not isinstance(broken, str)
    failures = failing_cases(broken, _subject().cases)
    return mutant, failures, partial_fixes(_subject(), mutant, failures, 60.0)


def test_each_fix_keeps_what_agreed_and_makes_the_cases_it_names_agree() -> None:
    subject = _subject()
    mutant, failures, found = _found()
    failing = {f.case for f in failures}
    assert found.repairs, "one of the two faults is fixed alone"
    for repair in found.repairs:
        fixed = subject.model(apply_edits(mutant, repair.edits))
        assert not isinstance(fixed, str)
        after = {c.name: check_case(fixed, c) for c in subject.cases}
        assert all(after[c.name] is None for c in subject.cases if c.name not in failing)
        assert repair.fixed and all(after[name] is None for name in repair.fixed)
        assert repair.still_failing == sum(after[name] is not None for name in failing) > 0


def test_a_fix_never_moves_a_divergence_earlier() -> None:
    subject = _subject()
    mutant, failures, found = _found()
    for repair in found.repairs:
        fixed = subject.model(apply_edits(mutant, repair.edits))
        assert not isinstance(fixed, str)
        for failure in failures:
            after = check_case(fixed, next(c for c in subject.cases if c.name == failure.case))
            if after is not None and after.what.startswith("on the game's plan"):
                assert failure.what.startswith("on the game's plan")
                assert (after.letter or 0) >= (failure.letter or 0)


def test_the_top_fix_gives_back_one_of_the_faulty_schemas() -> None:
    mutant, _, found = _found()
    original = {s.name: schema_key(s) for s in _subject().report.schemas}
    top = apply_edits(mutant, found.repairs[0].edits)
    restored = [s.name for s, m in zip(top, mutant, strict=True)
                if schema_key(s) == original[s.name] != schema_key(m)]
    assert len(restored) == 1
