"""Two faults at once: a double mutant of our model that no single edit fixes gets its two
inverse edits (or a pair that does the same on every case), and never a pair that fails
verification. The evidence is the probes as given (no turned copies), to keep this quick."""

from __future__ import annotations

from functools import cache

import pytest

from strips_model.schema import Schema
from translator.compare.check import our_model
from translator.compare.repair import judged_ahead, pairs, search
from translator.compare.repair.edits import Edit, Signature, apply_edits, local_edits, schema_key
from translator.compare.repair.search import suggest
from translator.compare.repair.search_terms import Subject
from translator.compare.repair.verify import Failure, verify
from translator.compare.runs.evidence import probe_cases

FAULTS = {("crush_skeleton_calm", "calm(H, P) -> -calm(H, P)"),
          ("kick_skeleton_calm", "-occupied(S) -> occupied(S)")}
"""A precondition negated (the crush is never allowed calm) and a hidden effect turned (the
kicked skeleton's cell left occupied, which only a later step shows)."""


@cache
def _subject() -> Subject:
    return Subject(our_model()[0], "ours", None, probe_cases(symmetric=False))


def _mutant() -> tuple[Schema, ...]:
    schemas = _subject().report.schemas
    signature = Signature.of(schemas)
    faults = [e for s in schemas for e in local_edits(s, signature)
              if (e.schema, e.text()) in FAULTS]
    assert len(faults) == 2
    return apply_edits(schemas, faults)


def _verifies(schemas: tuple[Schema, ...], edits: tuple[Edit, ...]) -> bool:
    model = _subject().model(apply_edits(schemas, edits))
    return not isinstance(model, str) and verify(model, _subject().cases) is None


def test_neither_fault_undone_alone_makes_the_double_mutant_agree() -> None:
    """What the pair search is for: each fault's inverse alone leaves the other failing."""
    mutant, schemas = _mutant(), _subject().report.schemas
    signature = Signature.of(mutant)
    for name, text in FAULTS:
        fault = next(e for s in schemas for e in local_edits(s, signature)
                     if (e.schema, e.text()) == (name, text))
        assert not _verifies(mutant, (fault.inverse(),))


def test_a_double_mutant_gets_its_two_inverse_edits_first(monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    monkeypatch.setattr(search, "SINGLE_SHARE", 0.0)  # the pairs at once: quicker here
    mutant = _mutant()
    found = suggest(_subject(), mutant, 600.0, two_edits=True, explain=False)
    assert found.repairs, "a verified pair is found"
    original = tuple(map(schema_key, _subject().report.schemas))
    top = found.repairs[0].edits
    assert len(top) == 2
    assert tuple(map(schema_key, apply_edits(mutant, top))) == original or \
        _verifies(mutant, top)
    for repair in found.repairs:
        assert _verifies(mutant, repair.edits)
        if len(repair.edits) == 2:  # minimal: neither edit alone verifies
            assert not any(_verifies(mutant, (edit,)) for edit in repair.edits)


def test_a_pair_that_fails_verification_is_never_returned(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """Every candidate, single or pair, is turned down by verification: none is returned,
    though pairs were tried."""
    monkeypatch.setattr(search, "SINGLE_SHARE", 0.0)
    attempted: list[int] = []
    real_attempt = search._Search.attempt
    real = judged_ahead.verify

    def counted(self: search._Search, edits: tuple[Edit, ...]) -> bool:
        attempted.append(len(edits))
        return real_attempt(self, edits)

    def rejecting(model: object, cases: object, first: object = (),
                  tell: bool = True, in_time: object = None) -> Failure | None:
        found = real(model, cases, first, tell, in_time)  # type: ignore[arg-type]
        return found or Failure("probe R-A4, a test", (), 1, "rejected by this test",
                                ("crush_skeleton_calm",))

    monkeypatch.setattr(search._Search, "attempt", counted)
    monkeypatch.setattr(judged_ahead, "verify", rejecting)
    monkeypatch.setattr(pairs, "PAIR_CANDIDATES", 12)  # pairs drawn from fewer: quicker
    # The search's clock counts the candidates tried, and runs out once 8 pairs were.
    found = suggest(_subject(), _mutant(), 600.0, two_edits=True, explain=False,
                    clock=lambda: float(len(attempted)) if attempted.count(2) < 8 else 1e9)
    assert found.failures and attempted.count(2) >= 8
    assert found.repairs == ()
