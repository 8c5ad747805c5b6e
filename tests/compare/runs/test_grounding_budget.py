"""The grounding budget (translator/compare/runs/grounding_budget.py, counted by
translator/ground/grounding_estimate.py): a model whose planning view would ground past it is
refused on that level before Fast Downward starts, with the schema and the parameters that
multiply it; a schema that copies each binding thousands of times is refused by the exact
grounder; ours and a correct student-style model stay far below it on classic levels, and
the count is never below what a grounder finds."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import shared_level, shared_path

from strips_model.level import Level
from translator.compare.check import our_model, read_model, set_up_model
from translator.compare.models.compared import model_or_defect
from translator.compare.models.protocols import ComparedModel
from translator.compare.models.report_model import ReportModel
from translator.compare.runs.grounding_budget import GROUNDING_BUDGET, check_grounding
from translator.compare.runs.level_comparison import compare_level
from translator.compare.runs.level_verdict import NOT_RUN, not_run_column
from translator.compare.runs.model_run import solve_model
from translator.ground.clingo_grounding import ground
from translator.ground.grounding_estimate import (
    COPIES_BUDGET,
    GroundingOverBudget,
    count_grounding,
)
from translator.planners.outcome import Status
from translator.runtime.processes import Limits

TWO_FREE = """do(act(move, D), step, turn)
    Precondition: me(P), succ(D, P, P2), -mob(P2), -played(step, turn)
    Effect: me(P2), -me(P)
"""
"""Cause 5 of issue 39 as it still runs away now that a parameter no literal names is
dropped: `step` and `turn` are named by a negative precondition only, so every move is
copied once per pair of the level's objects."""

TEXTBOOK = Path(__file__).resolve().parents[3] / "translator/measure/repair_models/textbook.txt"


def _model(tmp_path: Path, text: str, level: Level) -> ComparedModel:
    path = tmp_path / "model.md"
    path.write_text(text, encoding="utf-8")
    built = set_up_model(str(path), (level,)).model
    assert not hasattr(built, "reason"), built  # an UnbuildableModel says why
    return built  # type: ignore[return-value]


def test_two_parameters_bound_by_nothing_are_refused_before_grounding(tmp_path: Path) -> None:
    level = shared_level("repros/open-room.txt")
    on = _model(tmp_path, TWO_FREE, level).on(level)
    with pytest.raises(GroundingOverBudget) as raised:
        solve_model(on)  # refused before Fast Downward's translator is started
    reason = str(raised.value)
    objects = len(on.planning_task()[1].objects["num"])  # type: ignore[index]
    assert reason.startswith("grounding needs ")
    assert f"more than the budget {GROUNDING_BUDGET:,}: schema do's parameters step, turn " \
        "are bound by no positive precondition (only -played(step, turn) names them)" in reason
    assert f"copied {objects * objects:,} times" in reason
    needs = int(reason.removeprefix("grounding needs ").split(" ")[0].replace(",", ""))
    assert needs > GROUNDING_BUDGET


def test_that_level_is_not_run_with_the_reason_and_the_exact_view_refuses_it_too(
        tmp_path: Path) -> None:
    level = shared_level("repros/open-room.txt")
    model = _model(tmp_path, TWO_FREE, level)
    ours = not_run_column(Status.ERROR, "not solved here")  # no planner on our side
    row = compare_level(model, our_model()[1], level, "fd", Limits(60.0), mine=ours, states=0)
    assert row.verdict == NOT_RUN and row.report.reason is not None
    assert "grounding needs" in row.report.reason and "step, turn" in row.report.reason
    assert row.report.seconds < 30
    with pytest.raises(GroundingOverBudget, match=f"more than the budget of {COPIES_BUDGET:,}"):
        model.on(level).applicable(model.on(level).initial())


def test_parameters_only_an_effect_names_are_said_without_a_negative_literal(
        tmp_path: Path) -> None:
    level = shared_level("repros/open-room.txt")
    text = TWO_FREE.replace(", -played(step, turn)", "").replace(
        "-me(P)\n", "-me(P), trace(step, turn)\n")
    with pytest.raises(GroundingOverBudget, match=r"schema do's parameters step, turn are "
                       r"bound by no positive precondition, so each of its"):
        check_grounding(_model(tmp_path, text, level).on(level))


def test_a_smaller_budget_names_the_largest_schema_and_its_factors() -> None:
    level = shared_level("levels/classic/level1.txt")
    with pytest.raises(GroundingOverBudget) as raised:
        check_grounding(our_model()[1].on(level), budget=100)
    reason = str(raised.value)
    assert reason.startswith("grounding needs more than 100 ground actions, more than the "
                             "budget 100: schema ")
    assert ", the product of " in reason and "(by adjacent(" in reason


def test_ours_and_a_correct_model_are_within_the_budget() -> None:
    """Level 8, where ours counts the most of the classic levels: the check lets them through
    (on its bound without joining, when that is enough: textbook 9,241, ours 271,512), and
    joined, ours needs a fraction of it (1,384)."""
    level = shared_level("levels/classic/level8.txt")
    textbook = model_or_defect(read_model(str(TEXTBOOK)).report, str(TEXTBOOK))
    assert isinstance(textbook, ReportModel)
    for model in (our_model()[1], textbook):
        counted = check_grounding(model.on(level))
        assert counted is not None and 0 < counted.actions <= GROUNDING_BUDGET
    task = our_model()[1].on(level).planning_task()
    assert task is not None
    assert count_grounding(*task, GROUNDING_BUDGET, joined=True).actions * 100 \
        < GROUNDING_BUDGET


@pytest.mark.parametrize("number", range(1, 10))
def test_the_count_is_never_below_the_relaxed_grounding(number: int) -> None:
    """Ours on each classic level: the joined count is at least clingo's relaxed grounding
    (an over-approximation, so a model within the budget is one whose grounding is)."""
    level = shared_level(f"levels/classic/level{number}.txt")
    on = our_model()[1].on(level)
    task = on.planning_task()
    assert task is not None
    counted = count_grounding(*task, GROUNDING_BUDGET, joined=True)
    assert counted.actions >= ground(*task).action_count > 0
    assert not counted.capped and shared_path("levels/classic").is_dir()
