"""Issue 40 item 5: `--repair-seconds` bounds the checks that follow the search too. A fix the
plans accepted is compared with the game on every state, board and moved board only while the
bound lasts; past it, it is reported unchecked and never suggested unverified. The search
itself is stubbed here: only the bound of what follows it is tested."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from translator.compare.repair import faults_alone, fixes
from translator.compare.repair.bound import UNCHECKED
from translator.compare.repair.fixes import RepairOptions, RepairReport, suggest_fixes
from translator.compare.repair.search_terms import Repair, RepairSearch
from translator.compare.repair.verify import Failure


class Clock:
    """A clock the stubbed search moves on by what it `spends`."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _repairs(count: int) -> tuple[Repair, ...]:
    return tuple(Repair((), (f"level {n}",), (), 1) for n in range(count))


def _run(monkeypatch: pytest.MonkeyPatch, repairs: int, spends: float, each: float,
         seconds: float) -> tuple[RepairReport, list[str]]:
    """The repair with `repairs` complete fixes found after `spends` seconds of the bound, each
    check taking `each`; what was checked, in order."""
    clock, checked = Clock(), []
    failure = Failure("level", (), None, "differs", ("step",))

    def search(*arguments: object, **keywords: object) -> RepairSearch:
        clock.now += spends
        return RepairSearch((failure,), _repairs(repairs), repairs, spends)

    def check(kind: str, result: object) -> object:
        def checking(subject: object, written: object, repair: Repair, cases: object,
                     *in_time: object, **options: object) -> object:
            clock.now += each
            checked.append(f"{kind} {repair.fixed[0]}")
            return result
        return checking

    monkeypatch.setattr(fixes, "repair_cases", lambda plans, symmetric=True: ())
    monkeypatch.setattr(fixes, "suggest", search)
    monkeypatch.setattr(fixes, "fixes_on_every_state", lambda *arguments, **options: {})
    monkeypatch.setattr(fixes, "complete_fix_verdict",
                        check("states", SimpleNamespace(differs=None)))
    monkeypatch.setattr(fixes, "by_coordinates", check("moved", None))
    monkeypatch.setattr(faults_alone, "partial_fixes",
                        lambda *arguments: pytest.fail("no fault alone"))
    monkeypatch.setattr(fixes, "render", lambda found, *arguments: RepairReport(
        found.failures, (), found.tried, found.seconds, 0))
    set_up = SimpleNamespace(file=SimpleNamespace(report=SimpleNamespace(schemas=())),
                             model=SimpleNamespace(label="model", words=None))
    report = suggest_fixes(set_up, (), RepairOptions(seconds=seconds, clock=clock))  # type: ignore[arg-type]
    return report, checked


@given(st.integers(1, 6), st.floats(0, 12), st.floats(0.1, 3))
def test_no_check_starts_past_the_bound_and_every_fix_is_checked_or_said_unchecked(
        repairs: int, spends: float, each: float) -> None:
    with pytest.MonkeyPatch.context() as patch:
        report, checked = _run(patch, repairs, spends, each, seconds=10.0)
    unchecked = [repair.fixed[0] for repair, why in report.rejected if why == UNCHECKED]
    # Each check starts within the bound: at most the last one ends past it.
    started = [spends + each * n for n in range(len(checked))]
    assert all(moment < 10.0 for moment in started)
    # A fix is verified (checked on every state, then moved) or reported unchecked: never
    # both, never neither, never moved without its states.
    states = [item.removeprefix("states ") for item in checked if item.startswith("states")]
    moved = [item.removeprefix("moved ") for item in checked if item.startswith("moved")]
    assert set(moved) <= set(states)
    assert sorted(moved + unchecked) == [f"level {n}" for n in range(repairs)]
    if spends >= 10.0:
        assert checked == []
    if unchecked and not moved:  # no fix to show: the report says the bound ran out
        assert report.culprit is not None and "--repair-seconds ran out" in report.culprit


def test_with_time_left_every_fix_is_checked_both_ways(monkeypatch: pytest.MonkeyPatch) -> None:
    report, checked = _run(monkeypatch, 2, 1.0, 0.5, seconds=10.0)
    assert checked == ["states level 0", "states level 1", "moved level 0", "moved level 1"]
    assert report.rejected == ()
