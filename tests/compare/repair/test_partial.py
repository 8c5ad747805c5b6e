"""A fix of one fault among several: our model with two faults, one fixed at a time. The
evidence is the probes as given (no turned copies), to keep this quick."""

from __future__ import annotations

import itertools
from functools import cache
from pathlib import Path

from helpers import ROOT, shared_path
from hypothesis import given
from hypothesis import strategies as st

from strips_model.schema import Schema
from translator.compare.check import our_model, read_model
from translator.compare.models.compared import model_or_defect
from translator.compare.repair.edits import (
    Clause,
    Edit,
    Signature,
    added_literals,
    apply_edits,
    local_edits,
    schema_key,
)
from translator.compare.repair.faults import grouped, pointing, targets, together
from translator.compare.repair.partial import _Kept, partial_fixes
from translator.compare.repair.search import failing_cases
from translator.compare.repair.search_terms import Repair, RepairSearch, Subject
from translator.compare.repair.verify import Failure, check_case
from translator.compare.runs.evidence import probe_cases


@cache
def _subject() -> Subject:
    return Subject(our_model()[0], "ours", None, probe_cases(symmetric=False))


@cache
def _found() -> tuple[tuple[Schema, ...], tuple[Failure, ...], RepairSearch]:
    """Our model with the hero stepping nowhere and the hurt step keeping its phase."""
    mutant = _mutant(("step_calm", "hero(N) -> hero(H)"), ("step_hurt", "remove phase(Q)"))
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
        fixed = subject.model(apply_edits(mutant, (*repair.after, *repair.edits)))
        assert not isinstance(fixed, str)
        after = {c.name: check_case(fixed, c) for c in subject.cases}
        assert all(after[c.name] is None for c in subject.cases if c.name not in failing)
        assert repair.fixed and all(after[name] is None for name in repair.fixed)
        assert repair.still_failing == sum(after[name] is not None for name in failing)
    assert found.repairs[0].still_failing > 0, "the first fault's fix leaves the other failing"


def test_a_fix_never_moves_a_divergence_earlier() -> None:
    subject = _subject()
    mutant, failures, found = _found()
    for repair in found.repairs:
        fixed = subject.model(apply_edits(mutant, (*repair.after, *repair.edits)))
        assert not isinstance(fixed, str)
        for failure in failures:
            after = check_case(fixed, next(c for c in subject.cases if c.name == failure.case))
            if after is not None and after.what.startswith("on the game's plan"):
                assert failure.what.startswith("on the game's plan")
                assert (after.letter or 0) >= (failure.letter or 0)


def test_the_top_fix_gives_back_one_of_the_faulty_schemas() -> None:
    mutant, _, found = _found()
    original = {s.name: schema_key(s) for s in _subject().report.schemas}
    top = apply_edits(mutant, (*found.repairs[0].after, *found.repairs[0].edits))
    restored = [s.name for s, m in zip(top, mutant, strict=True)
                if schema_key(s) == original[s.name] != schema_key(m)]
    assert len(restored) == 1


def test_each_fault_gets_its_own_fix_and_together_they_give_the_model_back() -> None:
    """Two faults, two fixes: each the inverse of its slip, numbered in the order the probes
    meet them, the second verified with the first made; both at once agree everywhere."""
    subject = _subject()
    mutant, failures, found = _found()
    firsts = {r.fault: r for r in reversed(found.repairs)}
    assert sorted(firsts) == [1, 2]
    assert {(e.schema, e.text()) for r in firsts.values() for e in r.edits} == {
        ("step_calm", "hero(H) -> hero(N)"), ("step_hurt", "add phase(Q)")}
    order = [c.name for c in subject.cases]
    seen = [min(order.index(case) for case in firsts[n].fixed) for n in (1, 2)]
    assert seen == sorted(seen)
    joint = together(found.repairs)
    assert joint is not None and len(joint.edits) == 2
    fixed = subject.model(apply_edits(mutant, joint.edits))
    assert not isinstance(fixed, str)
    assert all(check_case(fixed, c) is None for c in subject.cases)
    assert set(joint.fixed) == {f.case for f in failures}


def _mutant(*wanted: tuple[str, str]) -> tuple[Schema, ...]:
    """Our model with each edit `wanted` (a schema, the edit's text) made."""
    schemas = _subject().report.schemas
    signature = Signature.of(schemas)
    edits = [e for s in schemas for e in local_edits(s, signature)
             if (e.schema, e.text()) in wanted]
    assert len(edits) == len(wanted)
    return apply_edits(schemas, edits)


def test_a_slip_its_failures_blame_in_different_ways_is_mended_by_its_inverse() -> None:
    """A precondition negated (`boulder(B)` made `-boulder(B)`) lets the boulder's kick apply
    to a skeleton and stops it on a boulder: two targets pointing at one schema, each of which
    an added precondition mends alone (`add -skeleton(B)`, or `add boulder(H)`, which never
    holds). Searched as one group (faults.py `grouped`), the edit that mends them all is
    found: the slip's inverse, among the fixes of that fault, mending every failure of it.
    Another fault of the model (the hurt step keeps its phase) keeps any fix from being whole."""
    mutant = _mutant(("step_hurt", "remove phase(Q)"),
                     ("kick_boulder_calm", "boulder(B) -> -boulder(B)"))
    broken = _subject().model(mutant)
    assert not isinstance(broken, str)
    failures = failing_cases(broken, _subject().cases)
    pointed = [pointing(t) for t in targets(failures) if t.suspects[:1] == ("kick_boulder_calm",)]
    assert len(pointed) > 1
    found = partial_fixes(_subject(), mutant, failures, 60.0)
    kick = [r for r in found.repairs if r.edits[0].schema == "kick_boulder_calm"]
    inverse = [r for r in kick if [e.text() for e in r.edits] == ["-boulder(B) -> boulder(B)"]]
    assert inverse, [[e.text() for e in r.edits] for r in kick]
    assert all(len(inverse[0].fixed) >= len(r.fixed) for r in kick)


def _edits(schemas: tuple[Schema, ...], name: str, *texts: str) -> list[Edit]:
    """The single edits of schema `name` (an added precondition or a change) written `texts`."""
    schema = next(s for s in schemas if s.name == name)
    signature = Signature.of(schemas)
    return [next(e for e in itertools.chain(local_edits(schema, signature), added_literals(
        schema, signature, Clause.PRECONDITION)) if e.text() == text) for text in texts]


def _kept_as_fixes(kept: _Kept, schemas: tuple[Schema, ...], *edits: Edit) -> list[bool]:
    """Whether each edit alone, verified on the cases, is kept as a fix by `kept`."""
    keep = kept.keep(Repair((), (), (), 0))
    found = []
    for edit in edits:
        fixed = _subject().model(apply_edits(schemas, (edit,)))
        assert not isinstance(fixed, str)
        found.append(keep((edit,), fixed))
    return found


def test_a_fix_that_switches_off_a_schema_a_failing_case_still_needs_is_none() -> None:
    """`add boulder(H)` (a boulder on the hero's own cell, which never holds) mends where the
    slipped kick applied to a skeleton and keeps every agreement, as the kick agreed nowhere;
    but it switches the kick off, and the case where the game kicks a boulder still fails
    there: it is turned down, saying so. The slip's inverse is kept."""
    mutant = _mutant(("step_hurt", "remove phase(Q)"),
                     ("kick_boulder_calm", "boulder(B) -> -boulder(B)"))
    broken = _subject().model(mutant)
    assert not isinstance(broken, str)
    failures = failing_cases(broken, _subject().cases)
    named = {c.name: c for c in _subject().cases}
    kept = _Kept(broken, _subject().cases, [(f, named[f.case]) for f in failures])
    off, inverse = _edits(mutant, "kick_boulder_calm", "add boulder(H)",
                          "-boulder(B) -> boulder(B)")
    assert _kept_as_fixes(kept, mutant, off, inverse) == [False, True]
    assert [why for _, why in kept.rejected] == [kept.verdicts[(off,)]]
    assert "switches kick_boulder_calm off" in (kept.verdicts[(off,)] or "")


def test_of_two_fixes_the_cases_cannot_tell_apart_the_one_the_states_say_does_more_comes_first(
        ) -> None:
    """`locked(L)` slipped to `-locked(L)` lets the bump apply on every free cell; with two
    other faults (the hero's step deletes nowhere, a doomed skeleton's kick keeps a skeleton
    on its cell) the search finds `add -holds(H)` first, then the slip's inverse: both mend
    the failing cases and lose no agreement. Over the states judged the inverse makes more
    key presses do as the game (`add -holds(H)` leaves the bump where the hero holds no key),
    so it ranks first (partial.py sorts a fault's fixes by `_Kept.rank`)."""
    mutant = _mutant(("step_calm", "hero(N) -> -hero(N)"),
                     ("kick_skeleton_doomed_calm", "remove -skeleton(S)"),
                     ("bump_lock_calm", "locked(L) -> -locked(L)"))
    broken = _subject().model(mutant)
    assert not isinstance(broken, str)
    kept = _Kept(broken, _subject().cases)
    narrowed, inverse = _edits(mutant, "bump_lock_calm", "add -holds(H)",
                               "-locked(L) -> locked(L)")
    assert _kept_as_fixes(kept, mutant, narrowed, inverse) == [True, True]
    assert kept.gained[(inverse,)] > kept.gained[(narrowed,)] > 0
    found = [Repair((narrowed,), (), (), 0), Repair((inverse,), (), (), 0)]
    assert [r.edits for r in sorted(found, key=kept.rank)] == [(inverse,), (narrowed,)]


@given(st.lists(st.tuples(st.sampled_from("abc"), st.integers(0, 3), st.booleans(),
                          st.booleans()), max_size=8, unique_by=lambda d: d[:3]))
def test_targets_pointing_first_at_one_schema_are_searched_together_before_apart(
        drawn: list[tuple[str, int, bool, bool]]) -> None:
    """Every target is searched alone once, in its order; before the first of each schema
    that targets of several cases point at first (turned copies of one case are one), some
    where it allows a second outcome and some where it fails otherwise, those targets as one
    group, in their order."""
    failures = [Failure(f"case {n} (rows flipped)" if turned else f"case {n}", (), n,
                        "the model allows several outcomes" if several else "it differs",
                        (schema, "other")) for schema, n, turned, several in drawn]
    groups = grouped(failures)
    assert [g[0] for g in groups if len(g) == 1] == failures
    for at, group in enumerate(groups):
        if len(group) > 1:
            sharing = [f for f in failures if f.suspects[0] == group[0].suspects[0]]
            assert list(group) == sharing and groups[at + 1] == (sharing[0],)

    def mixed(schema: str) -> bool:
        mine = [d for d in drawn if d[0] == schema]
        return len({d[1] for d in mine}) > 1 and len({d[3] for d in mine}) == 2

    assert sum(len(g) > 1 for g in groups) == sum(map(mixed, "abc"))


SEED_001 = "seeds/001_1103b020ed6d817c.txt"
E6 = "probe E6, a skeleton kicked onto the key cell, crushed off it, then the key taken"


def _documented_fix() -> tuple[str, str]:
    """The line of seed 001 the fix in docs/checking-a-model.md changes, before and after."""
    text = (ROOT / "docs" / "checking-a-model.md").read_text(encoding="utf-8")
    diff = text[text.index(f"+++ ../shared/{SEED_001} (fixed)"):].split("```", 1)[0]
    lines = diff.splitlines()[2:]
    return (next(line[1:] for line in lines if line.startswith("-")),
            next(line[1:] for line in lines if line.startswith("+")))


def test_the_fix_of_seed_001_the_docs_show_makes_e6_agree_and_keeps_what_agreed(
        tmp_path: Path) -> None:
    """The docs' example, checked without its search: the file as fixed there, read in the
    model's own vocabulary, agrees on the two E6 copies the docs name and on every probe
    (as given) the model as written agrees on; E6 turned another way still fails (the
    sibling schemas are not fixed)."""
    seed = shared_path(SEED_001)
    before, after = _documented_fix()
    text = seed.read_text(encoding="utf-8")
    assert text.count(before + "\n") == 1 and "-skeleton(X',Y)" in after
    fixed_path = tmp_path / "fixed.txt"
    fixed_path.write_text(text.replace(before, after), encoding="utf-8")
    report = read_model(str(seed)).report
    vocabulary = model_or_defect(report, str(seed)).words
    fixed_report = read_model(str(fixed_path)).report
    original = Subject(report, "001", vocabulary, ()).model(report.schemas)
    fixed = Subject(fixed_report, "001", vocabulary, ()).model(fixed_report.schemas)
    assert not isinstance(original, str) and not isinstance(fixed, str)
    e6 = {c.name: c for c in probe_cases() if c.name.startswith(E6)}
    named = (E6, f"{E6} (rows flipped)")
    assert all(check_case(original, e6[name]) is not None for name in named)
    assert all(check_case(fixed, e6[name]) is None for name in named)
    assert check_case(fixed, e6[f"{E6} (columns flipped)"]) is not None
    agreed = [c for c in probe_cases(symmetric=False) if check_case(original, c) is None]
    assert agreed and all(check_case(fixed, c) is None for c in agreed)
