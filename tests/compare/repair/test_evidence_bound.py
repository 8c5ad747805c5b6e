"""Issue 40 item 5: `--repair-seconds` bounds the evidence the repair builds before its first
candidate (first_evidence.py): every case checked, then the game's plans walked. No case is
started past the bound, and when the bound leaves cases unchecked the report says so, naming
the bound, never "nothing to fix" nor "no fix". The model is a stub whose every case costs
the time the test gives it on a clock the test moves."""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strips_model.errors import HelltakerError
from translator.compare.repair import faults_alone, fixes, search, search_terms
from translator.compare.repair.fixes import RepairOptions, RepairReport, suggest_fixes
from translator.compare.repair.search_terms import RepairSearch
from translator.compare.repair.verify import Failure
from translator.compare.report.repair_section import repair_markdown
from translator.compare.runs.evidence import Case


class _Model:
    """A model whose every case takes `each` seconds of `clock` to start running: a failing
    case cannot be run (a failure at once, the game's plan an empty one to walk), an agreeing
    one has nothing to compare. It notes when each case was started."""

    left_out = ()

    def __init__(self, each: float) -> None:
        self.now, self.each = 0.0, each
        self.started: list[tuple[float, str]] = []

    def clock(self) -> float:
        return self.now

    def on(self, level: SimpleNamespace) -> object:
        self.started.append((self.now, level.name))
        self.now += self.each
        if level.fails:
            raise HelltakerError("the stub fails here")
        return SimpleNamespace(level=level, init_note="", goal_note="", notes=(), search=None,
                               cost_limit=None, left_out=())


def _cases(failing: list[bool]) -> tuple[Case, ...]:
    return tuple(Case(f"case {n}", SimpleNamespace(fails=fails, name=f"case {n}"),  # type: ignore[arg-type]
                      () if fails else None, None, ()) for n, fails in enumerate(failing))


def _repair(monkeypatch: pytest.MonkeyPatch, failing: list[bool], each: float,
            seconds: float) -> tuple[_Model, RepairReport, list[str]]:
    model, cases, later = _Model(each), _cases(failing), list[str]()
    monkeypatch.setattr(fixes, "repair_cases", lambda plans, symmetric=True: cases)
    monkeypatch.setattr(search_terms, "rebuilt", lambda *arguments: model)
    # Past the evidence: no candidate to try, no fault alone found, nothing to render.
    monkeypatch.setattr(search, "single_edits", lambda *arguments: [])

    def alone(subject: object, written: object, failures: tuple[Failure, ...],
              *arguments: object) -> RepairSearch:
        later.append("faults alone")
        return RepairSearch(failures, (), 0, 0.0)

    monkeypatch.setattr(faults_alone, "partial_fixes", alone)
    monkeypatch.setattr(fixes, "render", lambda found, set_up, written, count, *_: RepairReport(
        found.failures, (), found.tried, found.seconds, count, unchecked=found.unchecked,
        unwalked=found.unwalked))
    set_up = SimpleNamespace(file=SimpleNamespace(report=SimpleNamespace(schemas=())),
                             model=SimpleNamespace(label="model", words=None))
    options = RepairOptions(seconds=seconds, clock=model.clock, two_edits=False)
    return model, suggest_fixes(set_up, (), options), later  # type: ignore[arg-type]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.booleans(), min_size=1, max_size=40), st.floats(0.05, 2.0),
       st.floats(0.5, 20.0))
def test_no_evidence_case_starts_past_the_bound_and_the_report_says_what_was_left(
        failing: list[bool], each: float, seconds: float) -> None:
    with pytest.MonkeyPatch.context() as patch:
        model, report, later = _repair(patch, failing, each, seconds)
    # Every case started (checked, or its plan walked) while the bound lasted: at most the
    # last one ends past it, by that one case's time.
    assert all(moment < seconds for moment, _ in model.started)
    assert model.now < seconds + each
    # A case is checked, then, failing, its plan walked: each started (`on`) once for each.
    # One the bound left undone is named as such.
    started = Counter(name for _, name in model.started)
    for case, fails in zip(_cases(failing), failing, strict=True):
        if not started[case.name]:
            assert case.name in report.unchecked
        if fails and started[case.name] < 2:
            assert case.name in report.unchecked + report.unwalked
    if report.unchecked or report.unwalked:  # the bound ran out first: said so, naming it
        assert report.culprit is not None and "--repair-seconds ran out" in report.culprit
        assert not report.unchecked or f"{len(report.unchecked)} of the {len(failing)} " \
            "levels and probes were not checked" in report.culprit
        assert "Nothing to fix" not in repair_markdown(report)
        assert report.tried == 0 and later == []  # nothing searched past the bound
    else:  # every case checked and walked: each failing case is a failure
        assert len(report.failures) == sum(failing)


def test_with_time_enough_every_case_is_checked_and_nothing_is_left(
        monkeypatch: pytest.MonkeyPatch) -> None:
    model, report, later = _repair(monkeypatch, [True, False, True], 0.1, 60.0)
    assert report.unchecked == report.unwalked == ()
    assert [f.case for f in report.failures] == ["case 0", "case 2"]
    assert later == ["faults alone"]  # the search went on to each fault alone
    assert report.culprit is not None and "ran out" not in report.culprit
