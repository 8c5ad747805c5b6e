"""Seed report 001 read whole: schemas, its Init(...) and its disjunctive goal But(...), and the
Init rebuilt as a level."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import ROOT, shared_level, shared_path
from hypothesis import given
from hypothesis import strategies as st

from strips_model.errors import SchemaError
from strips_model.level_file import load_level
from strips_model.puzzle import puzzle_differences
from strips_model.reports.document import load_report, parse_report
from strips_model.reports.facts import GoalBlock, InitBlock, parse_facts
from strips_model.reports.init_level import Coordinates, rebuild_level
from strips_model.reports.model_file import load_model_file
from strips_model.schema import helltaker_domain

REPORT = "seeds/001_1103b020ed6d817c.txt"


def _report_text() -> str:
    return shared_path(REPORT).read_text("utf-8")


def test_the_report_parses_completely_with_its_init_and_goal() -> None:
    path = shared_path(REPORT)
    report = load_report(str(path))
    text = _report_text()
    # Counted in the text itself: every schema header is followed by its Precondition line,
    # every fact of the Init block is a name( ... ) group.
    headers = re.findall(r"^\s+[a-z]\w*\([^()]*\)\s*\n\s+Precondition", text, re.M)
    assert len(report.schemas) == len(headers) == 108
    init_block = text[text.index("Init("):text.index("## But")]
    assert report.init is not None
    assert len(report.init.atoms) == len(re.findall(r"[a-zA-Z]+\(-?\d", init_block)) == 88
    lines = text.splitlines()
    assert lines[report.init.position.line - 1].strip().startswith("Init(")
    assert report.goal is not None
    assert lines[report.goal.position.line - 1].strip().startswith("But(")
    assert [str(lit) for lit in report.goal.conjuncts] == [
        "demon(X, Y)", "plusOne(Y, H)", "plusOne(B, Y)", "plusOne(X, D)", "plusOne(G, X)"]
    assert [[str(lit) for lit in group] for group in report.goal.disjunctions] == [
        ["helltaker(X, H)", "helltaker(X, B)", "helltaker(D, Y)", "helltaker(G, Y)"]]


def test_positions_of_init_facts_point_into_the_report() -> None:
    report = load_report(str(shared_path(REPORT)))
    assert report.init is not None
    lines = _report_text().splitlines()
    for atom in report.init.atoms:
        line = lines[atom.position.line - 1]
        assert line[atom.position.column - 1:].startswith(f"{atom.predicate}(")


def test_our_model_file_reads_as_plain_schemas_without_init() -> None:
    report = load_report(str(ROOT / "strips_model" / "helltaker.strips"))
    assert [s.name for s in report.schemas] == [s.name for s in helltaker_domain().schemas]
    assert report.init is None and report.goal is None


def test_a_plain_schema_file_may_hold_init_and_goal_blocks() -> None:
    text = ("go(X, Y)\n  Precondition: at(X), road(X, Y)\n  Effect: -at(X), at(Y)\n"
            "Init(at(a), road(a, b))\nBut((at(b) | at(c)))\n")
    report = parse_report(text, "small.strips", plain=True)
    assert [s.name for s in report.schemas] == ["go"]
    assert report.init is not None and [str(a) for a in report.init.atoms] == ["at(a)",
                                                                               "road(a, b)"]
    assert report.goal is not None and report.goal.conjuncts == ()
    assert [str(lit) for lit in report.goal.disjunctions[0]] == ["at(b)", "at(c)"]
    assert (report.init.position.line, report.goal.position.line) == (4, 5)


def test_an_init_may_join_its_atoms_as_a_textbook_does() -> None:
    text = ("go(X, Y)\n  Precondition: at(X), road(X, Y)\n  Effect: -at(X), at(Y)\n"
            "Init(at(a) ∧ road(a, b) & road(b, c), wall(d))\n")
    report = parse_report(text, "small.strips", plain=True)
    assert report.init is not None
    assert [str(a) for a in report.init.atoms] == ["at(a)", "road(a, b)", "road(b, c)", "wall(d)"]


@pytest.mark.parametrize(
    ("text", "where", "message"),
    [
        ("Init(a(1), b(X))", "f:1:14", "found 'X'"),
        ("Init(a(1),\n     b(2)", "f", "found end of file"),
        ("But(a(X), (b(X) c(X)))", "f:1:17", "expected"),
        ("Init(a(1) b(2))", "f:1:11", "expected ')', ',' or '∧', found 'b'"),
        ("Init(a(1)) %", "f:1:12", "unexpected character '%'"),
    ],
)
def test_facts_errors_give_position_expected_and_found(text: str, where: str,
                                                       message: str) -> None:
    with pytest.raises(SchemaError) as error:
        parse_facts(text, "f")
    assert str(error.value).startswith(where + ":")
    assert message in str(error.value)


def test_facts_blocks_parse_into_atoms_and_disjunctions() -> None:
    init, goal = parse_facts("Init(a(1, -2), b)\nBut(x(X), -y(X), (p | q(X)))", "f")
    assert isinstance(init, InitBlock) and isinstance(goal, GoalBlock)
    assert [str(a) for a in init.atoms] == ["a(1, -2)", "b"]
    assert [str(lit) for lit in goal.conjuncts] == ["x(X)", "-y(X)"]
    assert [[str(lit) for lit in group] for group in goal.disjunctions] == [["p", "q(X)"]]


@given(negation=st.sampled_from("-¬~!"), conjunction=st.sampled_from([", ", " ∧ ", " & "]),
       disjunction=st.sampled_from([" | ", " ∨ "]))
def test_a_goal_reads_alike_in_the_reports_signs_and_a_textbooks(
        negation: str, conjunction: str, disjunction: str) -> None:
    """`But(x(X) ∧ ¬y(X) ∧ (p ∨ q(X)))` as a textbook writes it is the goal the reports
    write `But(x(X), -y(X), (p | q(X)))`."""
    text = (f"But(x(X){conjunction}{negation}y(X){conjunction}"
            f"(p{disjunction}q(X)))")
    (goal,) = parse_facts(text, "f")
    assert isinstance(goal, GoalBlock)
    assert [str(lit) for lit in goal.conjuncts] == ["x(X)", "-y(X)"]
    assert [[str(lit) for lit in group] for group in goal.disjunctions] == [["p", "q(X)"]]


def test_a_goals_lowercase_names_the_schemas_use_as_variables_are_variables(
        tmp_path: Path) -> None:
    """`x` and `y` are the variables of the schemas' headers: in the goal they ask for any
    cell, as the writer means; `c1`, a constant of the Init, and `key`, one of a schema,
    stay constants."""
    path = tmp_path / "model.txt"
    path.write_text("move(x, y)\n  Precondition: at(x, y), holds(key)\n  Effect: -at(x, y)\n"
                    "\nInit(at(c1, c1))\n\nBut(at(x, y), goal(x, c1), tool(key))\n", "utf-8")
    goal = load_model_file(str(path)).report.goal
    assert goal is not None
    assert [[(t.name, t.is_variable) for t in lit.args] for lit in goal.conjuncts] == [
        [("x", True), ("y", True)], [("x", True), ("c1", False)], [("key", False)]]


def test_a_second_init_is_an_error_with_its_position() -> None:
    with pytest.raises(SchemaError, match=r"^r:3:1: a second Init"):
        parse_report("Init(a)\n\nInit(b)\n", "r", plain=True)


# -- the Init rebuilt as a level --------------------------------------------------------------


def test_init_rebuilt_is_the_repo_level6_and_the_classic_level6() -> None:
    report = load_report(str(shared_path(REPORT)))
    assert report.init is not None
    rebuilt = rebuild_level(report.init)
    # levels/level6_report.txt was rebuilt by hand from the same facts (levels/README.md).
    by_hand = (ROOT / "levels" / "level6_report.txt").read_text("utf-8").split("\n", 2)[2]
    assert rebuilt.text.split("\n", 2)[2] == by_hand
    classic = shared_level("levels/classic/level6.txt")
    assert puzzle_differences(rebuilt.level, classic) == {}
    assert rebuilt.level.budget == 43


def test_report_coordinates_count_rows_upward() -> None:
    level6 = shared_level("levels/classic/level6.txt")
    coordinates = Coordinates.of_level(level6)
    assert coordinates.cell(3, 8) == (1, 3) == level6.start.hero  # helltaker(3,8): row 9 - 8
    assert coordinates.cell(6, 1) in level6.demons  # demon(6,1)
    assert coordinates.xy((1, 3)) == (3, 8)


def test_rebuilding_needs_a_hero_and_a_budget() -> None:
    (init,) = parse_facts("Init(counter(3), demon(1, 0))", "f")
    assert isinstance(init, InitBlock)
    with pytest.raises(SchemaError, match=r"^f:1:1: Init needs exactly one helltaker"):
        rebuild_level(init)
    (init,) = parse_facts("Init(helltaker(0, 0), demon(1, 0))", "f")
    assert isinstance(init, InitBlock)
    with pytest.raises(SchemaError, match="no counter"):
        rebuild_level(init)


def test_a_rebuilt_level_is_a_level_file(tmp_path: Path) -> None:
    (init,) = parse_facts("Init(helltaker(0, 0), demon(2, 0), counter(2), wall(3, 0))", "f")
    assert isinstance(init, InitBlock)
    rebuilt = rebuild_level(init, "tiny")
    target = tmp_path / "tiny.txt"
    target.write_text(rebuilt.text, "utf-8")
    level = load_level(str(target))
    assert (level.start.hero, level.demons, level.budget) == ((0, 0), frozenset({(0, 2)}), 2)


def test_every_goal_block_is_kept_in_order_with_its_position() -> None:
    # A report may state a goal per level (issue 33): read, none refused.
    text = ("move(X)\n  Precondition: at(X)\n  Effect: -at(X)\n\nBut(at(c1))\n\n"
            "But((at(c2) | at(c3)))\n")
    report = parse_report(text, "two.strips", plain=True)
    assert [goal.position.line for goal in report.goals] == [5, 7]
    assert report.goal == report.goals[0]
    assert [str(lit) for lit in report.goals[0].conjuncts] == ["at(c1)"]
    assert [[str(lit) for lit in group] for group in report.goals[1].disjunctions] == [
        ["at(c2)", "at(c3)"]]
