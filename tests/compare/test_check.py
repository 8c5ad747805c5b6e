"""`check.levels_to_check`: a model's own Init matters only without LEVEL files, and one that
cannot be rebuilt leaves no level to compare rather than refusing the model (issue 33 C).
`checked_model` solves our model's columns in a child while it reads the model, on two cores."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

import pytest
from helpers import make_level

from strips_model.level import Level
from translator.compare import check
from translator.compare.check import checked_model, levels_to_check, read_model
from translator.compare.models.compared import compared_model
from translator.compare.runs.level_verdict import Column, not_run_column
from translator.planners.outcome import Status
from translator.runtime.processes import Limits

WALK = ("moveRight(X, Y)\n    Precondition: hero(X, Y), plusOne(X, X'), -wall(X', Y)\n"
        "    Effect: hero(X', Y), -hero(X, Y)\n\nInit(hero(1, 1), wall(0, 1))\n")


def test_an_init_that_cannot_be_rebuilt_leaves_no_level_without_level_files(
        tmp_path: Path) -> None:
    path = tmp_path / "model.txt"
    path.write_text(WALK, encoding="utf-8")  # no demon: no level can be rebuilt from it
    report = read_model(str(path)).report
    assert report.init is not None
    model = compared_model(report, str(path))
    assert levels_to_check(model, []) == []
    level = make_level("""
        #####
        #H D#
        #####
    """)
    assert levels_to_check(model, [level]) == [level]


class _Compared(Exception):
    """Raised in place of the comparison, once its arguments are seen."""


def _columns_given(monkeypatch: pytest.MonkeyPatch, path: Path, levels: Sequence[Level],
                   jobs: int) -> Sequence[Column | None]:
    """The columns of our model that `checked_model` hands the comparison."""
    seen: list[Sequence[Column | None]] = []

    def compare(*arguments: object) -> None:
        seen.append(arguments[7])  # type: ignore[arg-type]  # compare's `our_columns`
        raise _Compared

    monkeypatch.setattr(check, "compare", compare)
    with pytest.raises(_Compared):
        checked_model(str(path), levels, "search", jobs=jobs)
    return seen[0]


def test_our_columns_are_solved_in_a_child_while_the_model_is_read(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """On two cores our model's columns come from a child forked before the model is read,
    one per level in order; on one core none is solved ahead (the comparison solves them);
    a child that dies leaves them to the comparison too."""
    path = tmp_path / "model.txt"
    path.write_text(WALK, encoding="utf-8")
    levels = [make_level("#####\n#H D#\n#####"), make_level("######\n#H  D#\n######")]
    parent = os.getpid()

    def solved_elsewhere(_: object, level: Level, planner: str, limits: Limits) -> Column:
        assert os.getpid() != parent, "our model solved in the parent"
        return not_run_column(Status.ERROR, f"{level.width} {planner}")

    monkeypatch.setattr(check, "our_column", solved_elsewhere)
    columns = _columns_given(monkeypatch, path, levels, 2)
    assert [column.reason if column else None for column in columns] == ["5 search",
                                                                         "6 search"]
    assert _columns_given(monkeypatch, path, levels, 1) == ()

    def dies(*_: object) -> Column:
        os._exit(3)

    monkeypatch.setattr(check, "our_column", dies)
    assert _columns_given(monkeypatch, path, levels, 2) == ()
