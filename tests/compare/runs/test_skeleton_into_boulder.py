"""R-A4's probe crushes a skeleton against a boulder (issue 40, 6): a skeleton kick that
ignores boulders passed every probe while R-A4's board held a wall alone; now it fails R-A4's
probe (and in ours, only that one), in our model and in the team's textbook model, at either parity.
The correct models still express it."""

from __future__ import annotations

import itertools
from functools import cache

import pytest
from helpers import ROOT, shared_path

from translator.compare.check import our_model, read_model
from translator.compare.models.compared import UnbuildableModel, compared_model
from translator.compare.models.protocols import ComparedModel
from translator.compare.repair.edits import (
    Clause,
    Signature,
    added_literals,
    apply_edits,
    local_edits,
)
from translator.compare.repair.search import failing_cases
from translator.compare.repair.search_terms import Subject
from translator.compare.runs.coverage import PROBES, Probe, check_probe, distinct_probes
from translator.compare.runs.evidence import probe_cases

TEXTBOOK = str(ROOT / "translator/measure/repair_models/textbook.txt")
WALL_ALONE = Probe("a skeleton crushed against a wall", ("####", "#HM#", "##D#", "####"), 2)
"""R-A4's board before: the only obstacle a skeleton met there was a wall."""
BOULDER = PROBES["R-A4"][0]


@cache
def _model(path: str) -> ComparedModel:
    """The model at `path` read in the vocabulary inferred for it."""
    if path == "ours":
        return our_model()[1]
    model = compared_model(read_model(path).report, path)
    assert not isinstance(model, UnbuildableModel)
    return model


@cache
def _subject(path: str) -> Subject:
    model = _model(path)
    return Subject(model.report, path, model.words, ())


def _mutant(path: str, schema: str, text: str) -> ComparedModel:
    """The model at `path` with the edit written `text` made on `schema`."""
    subject = _subject(path)
    schemas = subject.report.schemas
    signature = Signature.of(schemas)
    written = next(s for s in schemas if s.name == schema)
    edits = itertools.chain(local_edits(written, signature),
                            added_literals(written, signature, Clause.PRECONDITION))
    edit = next(e for e in edits if e.text() == text)
    model = subject.model(apply_edits(schemas, (edit,)))
    assert not isinstance(model, UnbuildableModel)
    return model


BLIND = [pytest.param("ours", "crush_skeleton_calm", "add -boulder(M)", "r", id="ours"),
         pytest.param(TEXTBOOK, "PushMobEven", "remove -box(x3, y3)", "r", id="textbook-even"),
         pytest.param(TEXTBOOK, "PushMobOdd", "remove -box(x3, y3)", "ur", id="textbook-odd")]
"""Skeleton kicks blind to boulders: ours cannot crush a skeleton against one; the textbook's
kick after an even (odd) number of actions also moves it onto one. With the shortest key
presses that show each: the odd kick comes after the other skeleton is crushed first."""


@pytest.mark.parametrize(("path", "schema", "edit", "presses"), BLIND)
def test_a_kick_blind_to_boulders_fails_r_a4s_probe_where_the_wall_alone_passed(
        path: str, schema: str, edit: str, presses: str) -> None:
    mutant = _mutant(path, schema, edit)
    assert check_probe(mutant, WALL_ALONE).expressed  # what the evidence held before
    witness = check_probe(mutant, BOULDER)
    assert not witness.expressed
    shown = f"on the key presses '{presses}' (the shortest that shows it)"
    assert any(d.startswith(shown) and "into an obstacle: destroyed [R-A4" in d
               for d in witness.divergences)


def test_no_other_probe_sees_a_crush_blind_to_boulders() -> None:
    mutant = _mutant("ours", "crush_skeleton_calm", "add -boulder(M)")
    others = [p for p in distinct_probes() if p != BOULDER]
    assert all(check_probe(mutant, probe).expressed for probe in others)


def test_the_repairs_evidence_fails_on_every_copy_of_r_a4s_probe() -> None:
    """Along the game's plan (`rr`), in its eight turned and mirrored copies (the repair's
    evidence; a kick after an odd number of actions shows on every state of the board, which
    compare and the fix's verification judge, not along the plan)."""
    failed = failing_cases(_mutant("ours", "crush_skeleton_calm", "add -boulder(M)"),
                           probe_cases())
    assert len(failed) == 8
    assert all(f.case.startswith(f"probe R-A4, {BOULDER.situation}") for f in failed)


@pytest.mark.parametrize("path", ["ours", TEXTBOOK])
def test_the_correct_models_express_r_a4(path: str) -> None:
    found = check_probe(_model(path), BOULDER)
    assert found.expressed, found.divergences
    assert found.game == "least cost 2, plan rr"


@pytest.mark.parametrize("name", ["models/sample-b.txt", "seeds/001_1103b020ed6d817c.txt"])
def test_student_models_that_crush_against_anything_express_r_a4(name: str) -> None:
    found = check_probe(_model(str(shared_path(name))), BOULDER)
    assert found.expressed, found.divergences


def test_a_student_crush_that_needs_no_boulder_beyond_is_told_so() -> None:
    """Sample-a destroys a kicked skeleton only when `¬block` holds beyond it: the game
    crushes it against a boulder and sample-a has no action."""
    found = check_probe(_model(str(shared_path("models/sample-a.md"))), BOULDER)
    assert not found.expressed
    assert "has no action" in found.divergences[0] and "-block(" in found.divergences[0]
