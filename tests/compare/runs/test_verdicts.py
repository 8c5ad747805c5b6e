"""A verdict on every level and rule (issue 23 item 2): `agrees`, `diverges` or `not run` with
the reason, for models that cannot be run on a level, whose attempt passes its bound, that
count no budget or state no goal."""

from __future__ import annotations

import time
from dataclasses import replace
from functools import cache

import pytest
from helpers import make_level

from strips_model.errors import Position, SchemaError
from strips_model.level import Level
from strips_model.reports.document import parse_report
from strips_model.reports.init_level import report_vocabulary
from translator.compare.check import our_model
from translator.compare.models.compared import compared_model
from translator.compare.models.protocols import ComparedModel, LevelModel
from translator.compare.models.report_model import ReportModel
from translator.compare.runs import coverage as coverage_module
from translator.compare.runs import level_comparison
from translator.compare.runs.coverage import RuleCoverage, bounded_probe, distinct_probes
from translator.compare.runs.level_comparison import compare_level

CORRIDOR = "#####\n#H D#\n#####"
SPIKES = "#####\n#HSD#\n#####"

# Seed 001's kind of model, cut down to walking: no counter, no But(...) goal.
WALKER = """\
goUp(X, Y)
    Precondition: helltaker(X, Y), plusOne(Y, Y'), -wall(X, Y')
    Effect: helltaker(X, Y'), -helltaker(X, Y)

goDown(X, Y)
    Precondition: helltaker(X, Y), plusOne(Y', Y), -wall(X, Y')
    Effect: helltaker(X, Y'), -helltaker(X, Y)

goLeft(X, Y)
    Precondition: helltaker(X, Y), plusOne(X', X), -wall(X', Y)
    Effect: helltaker(X', Y), -helltaker(X, Y)

goRight(X, Y)
    Precondition: helltaker(X, Y), plusOne(X, X'), -wall(X', Y)
    Effect: helltaker(X', Y), -helltaker(X, Y)
"""


class _Unplaceable:
    """A model whose Init cannot be written on any level: every level says why."""

    label = "unplaceable"
    vocabulary = "none"
    words = None
    schemas = ()
    goal = "none"
    left_out = ()
    reading_questions = ()

    def on(self, level: Level) -> LevelModel:
        raise SchemaError("no cell of this level can be named", Position("<model>"))


class _Endless(_Unplaceable):
    """A model whose grounding never ends, as far as a bound of a fraction of a second sees."""

    def on(self, level: Level) -> LevelModel:
        time.sleep(60)
        raise AssertionError("the bound should have ended this child")


def _ours() -> ComparedModel:
    return our_model()[1]


@cache
def _walker() -> ReportModel:
    vocabulary = report_vocabulary()
    vocabulary = replace(vocabulary, roles=tuple(
        (role, name) for role, name in vocabulary.roles if role != "counter"))
    model = compared_model(parse_report(WALKER, "walker.strips", plain=True), "walker",
                           vocabulary)
    assert isinstance(model, ReportModel), getattr(model, "defect", None)
    return model


def test_a_model_that_cannot_be_set_up_on_a_level_is_not_run_with_the_reason() -> None:
    row = compare_level(_Unplaceable(), _ours(), make_level(CORRIDOR, 2), "search")
    assert row.verdict == "not run" and not row.agrees
    assert "no cell of this level can be named" in row.why
    assert row.ours.game_cost == 1  # our side still ran
    assert row.as_json()["verdict"] == "not run" and row.as_json()["why"] == row.why


def test_an_attempt_past_its_bound_is_not_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(level_comparison, "MODEL_SECONDS", 0.2)
    row = compare_level(_Endless(), _ours(), make_level(CORRIDOR, 2), "search")
    assert row.verdict == "not run" and "passed its bound" in row.why


def test_a_probe_that_cannot_run_leaves_its_rule_not_run(monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    probe = distinct_probes()[0]
    result = bounded_probe(_Unplaceable(), probe)
    assert result.verdict == "not run" and "no cell of this level" in (result.not_run or "")
    rule = RuleCoverage("R-A1", "a rule", (result,))
    assert rule.verdict == "not run" and rule.why == result.not_run
    monkeypatch.setattr(coverage_module, "PROBE_SECONDS", 0.2)
    assert bounded_probe(_Endless(), probe).verdict == "not run"


def test_a_model_without_goal_gets_the_games_and_says_so() -> None:
    model = _walker()
    assert "the game's goal" in model.goal
    on_level = model.on(make_level(CORRIDOR, 2))
    assert on_level.cost_limit == 2  # no counter: the budget itself bounds the plan
    start = on_level.initial()
    assert not on_level.goal_holds(start)
    (step,) = [a for a in on_level.applicable(start) if on_level.direction(a) == "r"]
    assert on_level.goal_holds(step.apply(start))


@pytest.mark.planner
@pytest.mark.parametrize(("grid", "budget", "verdict"), [
    (CORRIDOR, 1, "agrees"),    # one step next to the demon, as the game
    (CORRIDOR, 0, "agrees"),    # no plan within the budget, on either side
    (SPIKES, 2, "diverges"),    # the model charges 1 for a step onto spikes, the game 2
])
def test_a_model_without_budget_is_bounded_by_the_levels(grid: str, budget: int,
                                                         verdict: str) -> None:
    row = compare_level(_walker(), _ours(), make_level(grid, budget), "search")
    assert row.verdict == verdict, row.why
