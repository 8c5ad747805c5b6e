"""Candidates verified ahead on two cores: the search finds what it finds on one, the same fixes
after the same candidates, when the workers answer, when they fail, and with a `keep`."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache

import pytest

from strips_model.schema import Schema
from translator.compare.check import our_model
from translator.compare.repair import judged_ahead
from translator.compare.repair.edits import Signature, apply_edits, local_edits
from translator.compare.repair.search import suggest
from translator.compare.repair.search_terms import RepairSearch, Subject
from translator.runtime.processes import WorkerDied


@cache
def _subject() -> Subject:
    from translator.compare.runs.evidence import probe_cases

    return Subject(our_model()[0], "ours", None, probe_cases(symmetric=False))


def _mutant(schema: str, text: str) -> tuple[Schema, ...]:
    schemas = _subject().report.schemas
    found = next(s for s in schemas if s.name == schema)
    edit = next(e for e in local_edits(found, Signature.of(schemas)) if e.text() == text)
    return apply_edits(schemas, (edit,))


SLIPS = {
    "a delete dropped": ("step_hurt", "remove phase(Q)"),
    "an argument changed": ("step_calm", "hero(N) -> hero(H)"),
    "a precondition negated": ("kick_skeleton_doomed_calm",
                               "adjacent(H, S, Dir) -> -adjacent(H, S, Dir)"),
}


def _searched(schemas: tuple[Schema, ...], jobs: int) -> RepairSearch:
    # A clock that never runs: the search ends by what it finds, on any machine.
    return suggest(_subject(), schemas, 60.0, two_edits=False, explain=False,
                   clock=lambda: 0.0, jobs=jobs)


def _outcome(found: RepairSearch) -> tuple[object, ...]:
    return found.failures, found.repairs, found.tried, found.suspects


@pytest.mark.parametrize("slip", sorted(SLIPS))
def test_two_cores_find_the_fixes_one_finds_after_as_many_candidates(
        slip: str, monkeypatch: pytest.MonkeyPatch) -> None:
    mutant = _mutant(*SLIPS[slip])
    chunks: list[int] = []
    real = judged_ahead.run_ordered

    def counted(function: object, items: Sequence[object], jobs: int) -> Iterator[object]:
        chunks.append(len(items))
        return real(function, items, jobs)  # type: ignore[arg-type]

    monkeypatch.setattr(judged_ahead, "run_ordered", counted)
    two = _searched(mutant, 2)
    monkeypatch.undo()
    one = _searched(mutant, 1)
    assert one.repairs, "the slip is fixed"
    assert max(chunks) >= 2, "the candidates were verified by two workers at once"
    assert _outcome(two) == _outcome(one)


def test_workers_that_fail_leave_every_candidate_to_be_verified_in_turn(
        monkeypatch: pytest.MonkeyPatch) -> None:
    mutant = _mutant(*SLIPS["a delete dropped"])
    started: list[int] = []

    def dying(*arguments: object) -> Iterator[object]:
        started.append(1)
        raise WorkerDied("a worker killed by this test")
        yield  # a generator, as run_ordered is

    monkeypatch.setattr(judged_ahead, "run_ordered", dying)
    two = _searched(mutant, 2)
    monkeypatch.undo()
    assert started, "the candidates were handed to workers"
    assert _outcome(two) == _outcome(_searched(mutant, 1))


def test_a_search_with_a_keep_verifies_every_candidate_itself(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A keep records what it turns down: its verdicts must be made where the search reads them.
    def no_workers(*arguments: object) -> None:
        raise AssertionError("a candidate was verified ahead")

    monkeypatch.setattr(judged_ahead.JudgedAhead, "__init__", no_workers)
    kept: list[int] = []

    def keep(edits: object, model: object) -> bool:
        kept.append(1)
        return True

    found = suggest(_subject(), _mutant(*SLIPS["a delete dropped"]), 60.0, two_edits=False,
                    explain=False, clock=lambda: 0.0, keep=keep, jobs=2)
    assert found.repairs and kept
