"""The class table's parts that need no model run: report names, the table's cells, the rows of
models that could not be read or run; our model solved once for a whole class."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest
from helpers import ROOT, make_level
from hypothesis import given, settings
from hypothesis import strategies as st

from strips_model.errors import InputError, Position, RunError
from translator.compare import comparison
from translator.compare.check import checked_model, our_model, read_model
from translator.compare.grading.class_grading import (
    GradeCounts,
    ModelGrade,
    Standing,
    failed_grade,
    grade_of,
)
from translator.compare.grading.table import (
    HEADER,
    SUMMARY,
    class_table,
    class_totals,
    grade_cells,
    report_names,
)
from translator.compare.models.compared import compared_model
from translator.compare.runs import level_comparison
from translator.compare.runs.level_comparison import compare_level
from translator.compare.runs.our_columns import our_columns_on
from translator.compare.runs.state_space import Tally
from translator.runtime.processes import NO_LIMITS

MODELS = ROOT / "tests" / "strips_model" / "reports" / "models"
M10 = MODELS / "m10_direction_parameter.txt"
CLASH = "goUp(X, Y)\n    Precondition: hero(X, Y), succ(Y, Y2)\n    Effect: hero(X, Y2), -hero(X)\n"
"""A model whose hero has two arguments in one place and one in another: not buildable."""
CORRIDOR = "#####\n#H  D\n#####"

_PATHS = st.lists(
    st.builds(os.path.join, st.sampled_from(["", "a", "b/c"]),
              st.sampled_from(["report", "summary", "report.md", "report.txt", "report_md",
                               "report-2", "x.y.z", ".hidden"])),
    min_size=1, max_size=8, unique=True)


@settings(max_examples=25, derandomize=True, deadline=None)
@given(_PATHS)
def test_report_names_are_unique_and_never_the_summary(models: list[str]) -> None:
    names = report_names(models)
    assert list(names) == models
    assert len(set(names.values())) == len(models)
    assert SUMMARY not in names.values()
    assert all("/" not in name and name for name in names.values())
    # The same class gives the same names: reports land where they did last time.
    assert report_names(models) == names


def test_a_report_is_named_after_its_file() -> None:
    assert report_names(["class/alice.md", "class/bob.pdf", "other/alice.md",
                         "alice.txt"]) == {
        "class/alice.md": "alice", "class/bob.pdf": "bob", "other/alice.md": "alice_md",
        "alice.txt": "alice_txt"}


def _grade(model: str, standing: Standing) -> ModelGrade:
    return ModelGrade(model, standing, GradeCounts("textbook", 12, 1, (0, 2, 1), (3, 5, 1),
                                                   7, 21, 12_345, Tally(90, 10, 0),
                                                   Tally(3, 0, 1)))


def test_the_table_has_one_aligned_row_per_model_in_order() -> None:
    grades = [_grade("b|c.md", Standing.DEPARTS), _grade("a.md", Standing.AGREES),
              failed_grade("broken.md", InputError("no schema could be read",
                                                   Position("broken.md", 4, 2))).grade]
    lines = class_table(grades).splitlines()
    assert len(lines) == 2 + len(grades)
    assert len({len(line) for line in lines}) == 1  # padded: columns line up on a terminal
    cells = [[cell.strip() for cell in line.strip("|").split(" | ")] for line in lines]
    assert cells[0] == list(HEADER)
    assert cells[2][0] == "b\\|c.md"  # a pipe in a name cannot cut the row
    assert cells[3][1:] == ["textbook", "12", "1", "0", "2", "1", "3", "5", "1", "7/21",
                            "12,345", "0.90/1.00", "1.00/0.75", "agrees"]
    assert cells[4][-1] == "unreadable: broken.md:4:2: no schema could be read"
    assert class_totals(grades) == "3 models: 1 agree, 1 depart, 1 unreadable"


def test_a_failed_run_is_a_row_and_a_record_not_the_end_of_the_class() -> None:
    unreadable = failed_grade("m.md", InputError("no such file", Position("m.md")))
    assert unreadable.grade.standing is Standing.UNREADABLE
    assert unreadable.record == {"model": "m.md", "error": "m.md: no such file"}
    died = failed_grade("m.md", RunError("worker for task 3 died:\nkilled by signal 9"))
    assert died.grade.standing is Standing.RUN_FAILED
    assert died.grade.error == "worker for task 3 died: killed by signal 9"
    bug = failed_grade("m.md", KeyError("hero"))
    assert bug.grade.standing is Standing.RUN_FAILED and bug.grade.error is not None
    assert bug.grade.error.startswith("internal error") and "KeyError" in bug.grade.error
    assert grade_cells(bug.grade)[1:-1] == ["-"] * (len(HEADER) - 2)


def test_our_model_is_solved_once_for_the_class_and_its_columns_are_used_as_given(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """`our_columns_on` solves our model on each level once; a model's check given them never
    solves it again (our_column would raise), and its levels read exactly as when it does."""
    level = make_level(CORRIDOR)
    (column,) = our_columns_on(our_model()[1], [level], "search", NO_LIMITS, 1)
    assert column is not None and column.plan == "rr" and column.valid
    model = compared_model(read_model(str(M10)).report, "m10")
    ours = our_model()[1]
    solved_here = compare_level(model, ours, level, "search")

    def never(*_: object) -> None:
        raise AssertionError("our model solved again")

    monkeypatch.setattr(level_comparison, "our_column", never)
    monkeypatch.setattr(comparison, "our_column", never)
    given = compare_level(model, ours, level, "search", mine=column)
    assert replace(given, ours=replace(given.ours, seconds=0), report=replace(
        given.report, seconds=0)) == replace(solved_here, ours=replace(
            solved_here.ours, seconds=0), report=replace(solved_here.report, seconds=0))
    # A model that cannot be built takes the given columns too (nothing of it runs).
    clash_file = tmp_path / "clash.txt"
    clash_file.write_text(CLASH, "utf-8")
    clash = checked_model(str(clash_file), [level], "search", our_columns=(column,)).comparison
    assert clash.defect is not None and clash.levels[0].ours == column
    # Nothing of it ran: the table says so, and claims no departure from the game.
    assert grade_of(str(clash_file), "course", clash).standing is Standing.NOT_RUN
