"""A goal per level (issue 33, 3): a model that states two goal blocks runs each level with
the one whose places are that level's, and the report says which (markdown, --json, HTML)."""

from __future__ import annotations

from functools import cache

from compare.models.test_counter_steps import COUNTERS
from helpers import make_level

from strips_model.level import Level
from translator.compare.check import our_model, read_model
from translator.compare.comparison import Comparison, compare
from translator.compare.models.compared import compared_model
from translator.compare.models.report_model import ReportModel
from translator.compare.report.html import render_html
from translator.compare.report.markdown import render_markdown

MODEL = COUNTERS / "two_goals.txt"
RIGHT = make_level("#######\n#H   D#\n#######", 9, "right")
LEFT = make_level("#######\n#D   H#\n#######", 9, "left")
BENT = make_level("#######\n#H    #\n#    D#\n#######", 9, "bent")


@cache
def _compared() -> tuple[Comparison, tuple[Level, ...]]:
    report = read_model(str(MODEL)).report
    levels = (RIGHT, LEFT, BENT)
    return compare(report, compared_model(report, str(MODEL)), our_model(), list(levels),
                   "search", boards=False), levels


def test_both_blocks_are_read_and_each_level_uses_its_own() -> None:
    report = read_model(str(MODEL)).report
    assert [goal.position.line for goal in report.goals] == [20, 22]
    model = compared_model(report, str(MODEL))
    assert isinstance(model, ReportModel)
    assert model.on(RIGHT).view.block == report.goals[0]
    assert model.on(LEFT).view.block == report.goals[1]
    assert model.on(LEFT).goal_note.startswith("block 2 of 2, line 22")
    assert model.goal == "hero(4, 1) (block 1 of 2: each level says which it uses)"


def test_the_report_says_which_block_each_level_used() -> None:
    comparison, levels = _compared()
    verdicts = dict(zip(("right", "left", "bent"), (
        (level.verdict, level.goal) for level in comparison.levels), strict=True))
    assert verdicts["right"] == ("agrees", "block 1 of 2, line 20 (the first whose places are "
                                           "this level's)")
    assert verdicts["left"][0] == "agrees" and verdicts["left"][1].startswith("block 2 of 2")
    # No block names the bent level's goal cell: the first is used, and it says so.
    assert verdicts["bent"] == ("diverges", "block 1 of 2, line 20 (no block fits this level; "
                                            "the first)")
    markdown = render_markdown(comparison)
    assert "- goal of the compared model: block 2 of 2, line 22" in markdown
    assert [level["goal"] for level in comparison.as_json()["levels"]][:2] == [  # type: ignore[index]
        verdicts["right"][1], verdicts["left"][1]]
    assert "Goal of the compared model: block 2 of 2, line 22" in render_html(
        comparison, list(levels), markdown)
