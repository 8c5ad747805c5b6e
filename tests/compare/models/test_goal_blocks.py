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
    # No block names the bent level's goal cell: the first is read in its form, the hero on
    # any cell next to a demon, and the report says so.
    assert verdicts["bent"] == ("agrees", "block 1 of 2, line 20, read on any cell next to a "
                                          "demon: its places are not this level's goal cells "
                                          "(a goal written for the model's own level)")
    markdown = render_markdown(comparison)
    assert "- goal of the compared model: block 2 of 2, line 22" in markdown
    assert [level["goal"] for level in comparison.as_json()["levels"]][:2] == [  # type: ignore[index]
        verdicts["right"][1], verdicts["left"][1]]
    assert "Goal of the compared model: block 2 of 2, line 22" in render_html(
        comparison, list(levels), markdown)


WALLS = " ∧ ".join(f"wall({x}, {y})" for y in range(3) for x in range(7) if y != 1 or x in (0, 6))
NEXT = " ∧ ".join(f"next({a}, {a + 1})" for a in range(-1, 7))


def test_a_goal_off_the_goal_cells_is_a_fault_on_the_models_own_level_only(tmp_path) -> None:
    """The goal a model writes with its own Init is kept as written on that level (a cell
    that is not next to the demon diverges there); on another level it is read in its form."""
    text = MODEL.read_text().split("But(")[0]
    model_file = tmp_path / "own_init.txt"
    model_file.write_text(f"{text}Init(hero(1, 1) ∧ demon(5, 1) ∧ {WALLS} ∧ {NEXT})\n\n"
                          "But(hero(3, 1))\n")
    report = read_model(str(model_file)).report
    model = compared_model(report, str(model_file))
    assert isinstance(model, ReportModel) and model.init_level() is not None
    comparison = compare(report, model, our_model(), [RIGHT, BENT], "search", boards=False)
    right, bent = comparison.levels
    assert (right.verdict, right.goal) == ("diverges", "block 1 of 1, line 22")
    assert bent.verdict == "agrees" and "read on any cell next to a demon" in bent.goal
