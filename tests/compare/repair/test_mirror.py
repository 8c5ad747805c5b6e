"""The mirrored body of a sibling direction, on the French course model (one schema per
direction and case): a case copied from another direction as it was written is turned back to
its own, and the search fixes such a mutant exactly.

Each example of the copied-case property scans the model's 848 schemas for odd ones out (about
a second and a half of CPU): the fast loop runs 3 derandomized examples and the one that once
failed; `HELLTAKER_FUZZ_EXAMPLES=12 pytest -m fuzz tests/compare/repair/test_mirror.py` runs
the long variant on fresh random ones."""

from __future__ import annotations

from functools import cache

import pytest
from cli.test_fuzz import fast_and_long
from hypothesis import example
from hypothesis import strategies as st

from strips_model.reports.document import Report
from translator.compare.check import read_model
from translator.compare.models.compared import model_or_defect
from translator.compare.repair import search
from translator.compare.repair.edits import Kind, apply_edits, schema_key
from translator.compare.repair.mirror import Siblings, direction_words, mirror_candidates
from translator.compare.repair.search import suggest
from translator.compare.repair.search_terms import Subject
from translator.compare.runs.evidence import probe_cases
from translator.measure.repair_bench import bench_models


@cache
def _subject() -> Subject:
    path = next(p for p in bench_models() if p.endswith("course_fr.txt"))
    report: Report = read_model(path).report
    vocabulary = model_or_defect(report, path).words
    return Subject(report, "course_fr", vocabulary, probe_cases(symmetric=False))


def _words() -> tuple[str, ...]:
    return direction_words(_subject().report.schemas, _subject().vocabulary)


def test_the_direction_words_are_read_off_the_names() -> None:
    assert _words() == ("Haut", "Bas", "Gauche", "Droite")


def test_a_correct_model_has_no_odd_one_out() -> None:
    schemas = _subject().report.schemas
    odd, _ = mirror_candidates(schemas[:4], schemas, _subject().vocabulary)
    assert odd == []


@example(at=0, which=1)  # a slip once swayed its own turn: a tie its own pair broke
def _copied_case_turns_back(at: int, which: int) -> None:
    schemas = _subject().report.schemas
    schema = schemas[at % len(schemas)]
    copies = list(Siblings(schemas, _words()).edits(schema, turn=False))
    if not copies:
        return
    mutant = apply_edits(schemas, (copies[which % len(copies)],))
    odd, _ = mirror_candidates((), mutant, _subject().vocabulary)
    # The copy may also sway the turn read off its pair, so a neighbouring case can look odd
    # too; the copied case is among the odd ones, and its turned body is its own.
    mine = [edit for edit in odd if edit.schema == schema.name]
    assert len(mine) == 1
    assert schema_key(apply_edits(mutant, mine)[schemas.index(schema)]) == schema_key(schema)


(test_a_case_copied_from_a_sibling_is_turned_back,
 test_a_case_copied_from_a_sibling_is_turned_back_long) = fast_and_long(
    3, at=st.integers(0, 10_000), which=st.integers(0, 2))(_copied_case_turns_back)


def test_the_search_fixes_a_copied_case_exactly(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "EXTRA_TRIES", 0)  # the first verified fix is enough here
    subject = _subject()
    schemas = subject.report.schemas
    schema = next(s for s in schemas if s.name == "DeplacerDroite_case1")
    copy = next(e for e in Siblings(schemas, _words()).edits(schema, turn=False)
                if e.sibling == "DeplacerGauche_case1")
    mutant = apply_edits(schemas, (copy,))
    found = suggest(subject, mutant, 600.0, two_edits=False, explain=False)
    assert found.failures, "walking left for right departs from the game"
    top = found.repairs[0]
    assert [edit.kind for edit in top.edits] == [Kind.MIRROR]
    assert tuple(map(schema_key, apply_edits(mutant, top.edits))) == \
        tuple(map(schema_key, schemas))
