"""The repair benchmark on faulty bases: bases that diverge, slips apart from their faults, and
the scoring of the fixes a repair reports (its numbers come from `helltaker bench --repair`,
never from a test)."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from strips_model.errors import InputError, Position
from strips_model.schema import Literal, Term
from translator.compare.check import our_model, set_up_model
from translator.compare.models.compared import UnbuildableModel
from translator.compare.repair.edits import Clause, Edit, Kind, Signature, local_edits
from translator.compare.repair.fixes import SuggestedFix, mutated, repair_cases
from translator.compare.repair.mends import mends
from translator.compare.repair.search import AS_WRITTEN
from translator.compare.repair.search_terms import Repair, Subject
from translator.compare.repair.verify import Failure
from translator.measure.faulty_bases import (
    MAX_FAULTS,
    Base,
    Slip,
    apart,
    base_faults,
    divergences,
    evidence_of,
    faulty_base,
    runnable_set_up,
    slip_divergences,
    written_base,
)
from translator.measure.slip_scores import (
    SlipOutcome,
    SlipScore,
    Undoing,
    faulty_table,
    ranked,
    score,
)

# -- the faulty base and the slip, on our model ---------------------------------------------


@cache
def _ours() -> tuple[Subject, Base, Slip]:
    """Ours with a kick that no longer needs the hero (a fault that diverges), and a slip of
    another schema on top: the lock opened where a wall or object stands."""
    report = our_model()[0]
    # One orientation of each probe: the benchmark takes eight, a test needs only one.
    subject = replace(evidence_of(set_up_model(report.source)), cases=repair_cases((), False))
    signature = Signature.of(report.schemas)

    def edit(schema: str, text: str) -> Edit:
        written = next(s for s in report.schemas if s.name == schema)
        return next(e for e in local_edits(written, signature) if e.text() == text)

    base = faulty_base(subject, report.schemas, (edit("kick_boulder_calm", "remove hero(H)"),))
    assert base is not None
    slip = edit("open_lock", "occupied(L) -> -occupied(L)")
    slipped = mutated(base.schemas, (slip,))
    failures = divergences(subject, slipped)
    return subject, base, Slip(slip, slipped, failures, slip_divergences(base, failures))


def _fix(edits: tuple[Edit, ...], fixed: frozenset[str], failures: tuple[Failure, ...]
         ) -> SuggestedFix:
    """A fix as the repair reports it, mending the failures of `fixed`."""
    repair = Repair(edits, tuple(sorted(fixed)), (), 1)
    return SuggestedFix(repair, tuple(e.text() for e in edits), None, "",
                        mends(repair, failures))


def test_a_faulty_base_diverges_and_the_slip_fails_where_the_base_agreed() -> None:
    _, base, slip = _ours()
    assert base.failures and len(base.faults) == 1
    assert slip.live
    # Its divergences are its own: cases the base agreed on.
    assert not slip.cases & {f.case for f in base.failures}
    assert slip.cases <= {f.case for f in slip.failures}


def test_a_model_that_diverges_as_written_is_its_own_base_and_a_correct_one_is_none() -> None:
    subject, base, _ = _ours()
    assert written_base(subject, our_model()[0].schemas) is None
    as_written = written_base(subject, base.schemas)
    assert as_written is not None and as_written.faults == ()
    assert as_written.schemas == base.schemas and as_written.failures == base.failures


def test_a_model_that_cannot_be_run_is_bad_input_for_the_benchmark(tmp_path: Path) -> None:
    model = tmp_path / "clash.txt"
    model.write_text("Action(moveRight(X, Y, X2))\nPrecondition: at(X, Y), succ(X, X2)\n"
                     "Effect: -at(X, Y), at(X2)\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"clash\.txt: cannot be run \(.*\); the repair "):
        runnable_set_up(str(model))
    assert not isinstance(runnable_set_up(our_model()[0].source).model, UnbuildableModel)


def test_the_slips_inverse_counts_first_for_its_divergence_after_a_fix_of_the_base() -> None:
    subject, base, slip = _ours()
    fault, inverse = base.faults[0].inverse(), slip.edit.inverse()
    base_cases = frozenset(f.case for f in base.failures)
    fixes = [_fix((fault,), base_cases, slip.failures),
             _fix((inverse,), slip.cases, slip.failures)]
    found = score(subject, base, slip, fixes)
    assert found == SlipScore(among=True, within=False, first=True, first_overall=False,
                              mended=True, disabling=0)


def test_a_fix_of_the_slip_and_the_fault_at_once_holds_the_slips_fix() -> None:
    subject, base, slip = _ours()
    both = _fix((base.faults[0].inverse(), slip.edit.inverse()),
                frozenset(f.case for f in slip.failures), slip.failures)
    found = score(subject, base, slip, [both])
    assert found.among and found.within and found.first and found.first_overall


def test_a_fix_said_to_mend_the_slip_that_does_not_undo_it_is_not_counted() -> None:
    subject, base, slip = _ours()
    # The fault's inverse makes the base right, the slip stays: not the faulty base again.
    wrong = _fix((base.faults[0].inverse(),), slip.cases, slip.failures)
    found = score(subject, base, slip, [wrong])
    assert found.mended and not found.among and not found.first


# -- the parts, on edits and failures made up -----------------------------------------------


def _literal(name: str) -> Literal:
    return Literal(name, (Term("X", True),), True, Position("<test>"))


_EDITS = st.builds(
    lambda kind, schema, clause, before, after, index: Edit(
        kind, schema, clause, index, None if kind is Kind.ADD else _literal(before),
        None if kind is Kind.REMOVE else _literal(after)),
    st.sampled_from([Kind.ADD, Kind.REMOVE, Kind.NEGATE, Kind.PREDICATE]),
    st.sampled_from("st"), st.sampled_from(list(Clause)), st.sampled_from("pqr"),
    st.sampled_from("pqr"), st.integers(0, 3))


@given(st.lists(_EDITS, min_size=1, max_size=8), st.integers(0, 20))
def test_a_base_takes_one_to_three_faults_each_apart_from_the_others(
        pool: list[Edit], index: int) -> None:
    faults = base_faults(pool, index)
    assert 1 <= len(faults) <= 1 + index % MAX_FAULTS
    assert faults[0] == pool[index % len(pool)]
    assert all(apart(fault, faults[:at]) for at, fault in enumerate(faults))
    wanted = 1 + index % MAX_FAULTS
    if len(pool) >= wanted and all(apart(pool[i], [pool[j]]) for i in range(len(pool))
                                   for j in range(len(pool)) if i != j):
        assert len(faults) == wanted


def test_edits_of_one_literal_are_not_apart_and_those_of_another_schema_are() -> None:
    negate = Edit(Kind.NEGATE, "s", Clause.PRECONDITION, 0, _literal("p"),
                  replace(_literal("p"), positive=False))
    again = Edit(Kind.PREDICATE, "s", Clause.PRECONDITION, 0,
                 replace(_literal("p"), positive=False), _literal("q"))
    added_back = Edit(Kind.ADD, "s", Clause.PRECONDITION, 3, None, _literal("p"))
    assert not apart(again, [negate]) and not apart(added_back, [negate])
    assert apart(replace(again, schema="t"), [negate])
    assert apart(replace(again, clause=Clause.EFFECT), [negate])
    mirror = Edit(Kind.MIRROR, "t", Clause.PRECONDITION, 0, None, None, sibling="s")
    assert not apart(mirror, [negate]) and not apart(negate, [mirror])


def _failure(case: str, what: str = "differs") -> Failure:
    return Failure(case, (), 1, what, ())


def test_the_slips_divergences_are_what_the_base_did_not_fail() -> None:
    base = Base((), (), (_failure("a"), _failure(AS_WRITTEN, "left out: x")))
    slipped = (_failure("a", "otherwise"), _failure("b"), _failure(AS_WRITTEN, "left out: x"),
               _failure(AS_WRITTEN, "left out: y"))
    # Each schema left out is a divergence of its own, though all fail as written.
    assert slip_divergences(base, slipped) == {"b", f"{AS_WRITTEN}: left out: y"}
    assert slip_divergences(base, slipped[:1]) == frozenset()


_UNDOINGS = st.builds(Undoing, st.booleans(), st.booleans())


@given(st.lists(st.tuples(_UNDOINGS, st.booleans()), max_size=6))
def test_the_score_follows_the_order_of_the_fixes(fixes: list[tuple[Undoing, bool]]) -> None:
    undone, mending = [u for u, _ in fixes], [m for _, m in fixes]
    found = ranked(undone, mending, 0)
    holds = [u.exact or u.within for u in undone]
    assert found.among == any(holds)
    assert found.within == (any(holds) and not any(u.exact for u in undone))
    assert found.first_overall == (bool(holds) and holds[0])
    assert found.mended == any(mending)
    first_mending = mending.index(True) if any(mending) else None
    assert found.first == (first_mending is not None and holds[first_mending])
    assert not found.first or (found.among and found.mended)


def test_the_faulty_table_scores_live_slips_only() -> None:
    def outcome(kind: str, faults: int, found: SlipScore | None) -> SlipOutcome:
        return SlipOutcome("m", kind, faults, "s: x", found is not None, found, 1, 2.0, 1.0)

    good = SlipScore(True, False, True, False, True, 0)
    bad = SlipScore(False, False, False, False, False, 1)
    table = faulty_table([outcome("argument", 1, good), outcome("argument", 2, bad),
                          outcome("argument", 3, None)])
    row = next(line for line in table.splitlines() if line.startswith("| argument"))
    assert row.split(" | ")[1:10] == ["3", "1", "50% (1/2)", "0", "50% (1/2)", "0% (0/2)",
                                      "50% (1/2)", "1", "2.0"]
    base_of_3 = next(line for line in table.splitlines() if line.startswith("| base of 3"))
    assert base_of_3.split(" | ")[1:4] == ["1", "1", "-"]
