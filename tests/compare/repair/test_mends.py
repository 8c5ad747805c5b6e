"""Which divergences a fix mends: the failures of the model as written whose case it makes
agree, one per level or probe, in the failures' own words."""

from __future__ import annotations

import time
from dataclasses import replace
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from strips_model.moves import Direction
from translator.compare.check import our_model
from translator.compare.repair.edits import Clause, Edit, Kind
from translator.compare.repair.mends import family, mends
from translator.compare.repair.mutants import mutants, mutated
from translator.compare.repair.search import AS_WRITTEN, suggest
from translator.compare.repair.search_terms import Repair, Subject
from translator.compare.repair.verify import Failure
from translator.compare.runs.divergence import Divergence
from translator.compare.runs.evidence import IDENTITY, SYMMETRIES, probe_cases

_LEVELS = ("level1", "probe R-A4, a skeleton crushed against a wall", AS_WRITTEN)
_DIVERGENCE = ("on the game's plan: letter {letter} 'r', in the state (hero (1,1), key not "
               "taken): the game steps to (1,2) [R-A5 R-E1], cost 1; the model has no "
               "action: step fails on -occupied(N)")


def _case(level: str, symmetry: int) -> str:
    copy = SYMMETRIES[symmetry]
    return level if copy == IDENTITY or level == AS_WRITTEN else f"{level} ({copy.name})"


_FAILURE = st.builds(
    lambda level, symmetry, letter, told: Failure(
        _case(level, symmetry), ("R-A4",), letter if told else None,
        _DIVERGENCE.format(letter=letter) if told else "cannot be run: no plan", ()),
    st.sampled_from(_LEVELS), st.integers(0, len(SYMMETRIES) - 1), st.integers(1, 9),
    st.booleans())


@settings(max_examples=80, deadline=None)
@given(st.lists(_FAILURE, max_size=12), st.data())
def test_each_mend_is_a_failure_of_a_case_the_fix_makes_agree_and_none_is_lost(
        failures: list[Failure], data: st.DataObject) -> None:
    # One failure per case, as verify.py gives them; the schemas left out share one case.
    firsts = {f.case: f for f in reversed(failures)}
    failures = [f for f in failures if f.case == AS_WRITTEN or firsts[f.case] is f]
    cases = sorted({f.case for f in failures})
    fixed = tuple(data.draw(st.lists(st.sampled_from(cases), unique=True)) if cases else ())
    found = mends(Repair((), fixed, (), 1), failures)
    told = [mend.failure for mend in found]
    assert all(failure in failures and failure.case in fixed for failure in told)
    covered = [case for mend in found for case in (mend.failure.case, *mend.copies)]
    assert sorted(set(covered)) == sorted({f.case for f in failures if f.case in fixed})
    assert sum(f.case in fixed for f in failures) == len(covered)
    for mend in found:
        assert all(family(copy) == family(mend.failure.case) and copy != mend.failure.case
                   for copy in mend.copies)
        for part in (mend.game, mend.model):
            assert part is None or part in mend.failure.what
        record = mend.as_json()
        assert (record["case"], record["letter"], record["what"]) == (
            mend.failure.case, mend.failure.letter, mend.failure.what)
    assert len({family(m.failure.case) for m in found if m.failure.case != AS_WRITTEN}) == \
        sum(m.failure.case != AS_WRITTEN for m in found)


def test_a_divergence_is_told_as_the_game_and_the_model_at_a_letter() -> None:
    failure = Failure("level1", (), 3, _DIVERGENCE.format(letter=3), ("step",))
    (mend,) = mends(Repair((), ("level1", "level1 (transposed)"), (), 9),
                    (failure, Failure("level1 (transposed)", (), 3, "x", ())))
    assert (mend.game, mend.model) == ("steps to (1,2) [R-A5 R-E1], cost 1",
                                       "has no action: step fails on -occupied(N)")
    assert mend.text() == ("level1 at letter 3 'r' (on the game's plan): the game steps to "
                           "(1,2) [R-A5 R-E1], cost 1; the model has no action: step fails "
                           "on -occupied(N) (and 1 turned or mirrored copy)")


@cache
def _subject() -> Subject:
    return Subject(our_model()[0], "ours", None, probe_cases(symmetric=False))


def test_the_fixes_of_mutants_of_our_model_mend_failures_of_the_mutant() -> None:
    subject = _subject()
    schemas = subject.report.schemas
    started, checked = time.perf_counter(), 0
    for faults in mutants(schemas, 1, 1, seed=1):  # a boulder kicked where none is
        mutant = mutated(schemas, faults)
        found = suggest(subject, mutant, 10.0, two_edits=False)
        for repair in found.repairs:
            told = mends(repair, found.failures)
            assert told and all(m.failure in found.failures for m in told)
            assert {m.failure.case for m in told} <= set(repair.fixed)
            assert {c for m in told for c in (m.failure.case, *m.copies)} == set(repair.fixed)
            checked += 1
    assert checked and time.perf_counter() - started < 30


@given(st.sampled_from(list(Direction) + [None]), st.integers(1, 30),
       st.sampled_from(("steps to (1,2) [R-A5 R-E1], cost 1", "is won (R-G1)",
                        "kicks the skeleton at (1,2); skeleton destroyed [R-A4], cost 1")),
       st.sampled_from(("has no action: step fails on -occupied(N)",
                        "applies step(H=c1_1); game vs model: hero: {(1,2)} vs {(1,1)}")))
def test_the_game_and_the_model_are_read_off_a_divergence_as_verify_writes_it(
        direction: Direction | None, letter: int, game: str, model: str) -> None:
    told = Divergence(letter, direction, "hero (1,1), key held", game, model)
    (mend,) = mends(Repair((), ("level1",), (), 1),
                    (Failure("level1", (), letter, f"on the game's plan: {told}", ()),))
    assert (mend.game, mend.model) == (game, model)


def test_a_fix_made_after_others_mends_only_the_schema_it_edits_of_those_left_out() -> None:
    # The fault fixed last: the earlier fixes (`after`) mended the other schemas left out,
    # so the model as written counts as fixed, and each mend must still be its own.
    ours, theirs = (Failure(AS_WRITTEN, (), None, f"cannot be built with {name}", (name,))
                    for name in ("ours", "theirs"))
    edit = Edit(Kind.REMOVE, "ours", Clause.PRECONDITION, 0, None, None)
    other = replace(edit, schema="theirs")
    for repair in (Repair((edit,), (AS_WRITTEN,), (), 1, after=(other,)),
                   Repair((edit,), (AS_WRITTEN,), (), 1, still_failing=1)):
        assert [mend.failure for mend in mends(repair, (theirs, ours))] == [ours]
    assert [m.failure for m in mends(Repair((edit,), (AS_WRITTEN,), (), 1), (theirs, ours))] \
        == [theirs, ours]  # a complete fix mends every schema left out
