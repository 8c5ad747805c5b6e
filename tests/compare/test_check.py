"""`check.levels_to_check`: a model's own Init matters only without LEVEL files, and one that
cannot be rebuilt leaves no level to compare rather than refusing the model (issue 33 C).
`checked_model` solves our model's columns in a child while it reads the model, on two cores
(translator/compare/runs/our_columns.py)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from helpers import make_level

from strips_model.level import Level
from translator.compare import check
from translator.compare.check import ModelSetUp, checked_model, levels_to_check, read_model
from translator.compare.models.compared import compared_model
from translator.compare.runs import our_columns
from translator.compare.runs.level_verdict import Column, not_run_column
from translator.planners.outcome import Status
from translator.runtime import processes
from translator.runtime.aside import hurried
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


LEVELS = [make_level("#" * n + "\n#H" + " " * (n - 4) + "D#\n" + "#" * n) for n in (5, 6, 7, 8)]


def _marked(folder: Path, hurried_at: int = 0
            ) -> Callable[[object, Level, str, Limits], Column]:
    """Our model's solve as a child would run it: in another process than the test's, a mark
    left in `folder` as it starts each level; the level `hurried_at` cells wide ends only once
    the child is told to hurry (no guess of how fast a loaded machine runs)."""
    parent = os.getpid()

    def solve(_: object, level: Level, planner: str, limits: Limits) -> Column:
        assert os.getpid() != parent, "our model solved in the parent"
        (folder / str(level.width)).touch()
        while level.width == hurried_at and not hurried():
            time.sleep(0.01)
        return not_run_column(Status.ERROR, f"{level.width} {planner}")

    return solve


def test_our_columns_are_solved_in_a_child_while_the_model_is_read(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """On two cores our model's columns come from a child forked before the model is read,
    one per level in order; on one core none is solved ahead (the comparison solves them);
    a child that dies leaves them to the comparison too."""
    path = tmp_path / "model.txt"
    path.write_text(WALK, encoding="utf-8")
    monkeypatch.setattr(our_columns, "our_column", _marked(tmp_path))
    monkeypatch.setattr(check, "set_up_model", _waiting(check.set_up_model, tmp_path / "8"))
    columns = _columns_given(monkeypatch, path, LEVELS, 2)
    assert [column.reason if column else None for column in columns] == [
        "5 search", "6 search", "7 search", "8 search"]
    assert _columns_given(monkeypatch, path, LEVELS, 1) == ()

    def dies(*_: object) -> Column:
        os._exit(3)

    monkeypatch.setattr(our_columns, "our_column", dies)
    assert _columns_given(monkeypatch, path, LEVELS, 2) == ()


def _waiting(set_up: Callable[..., ModelSetUp], mark: Path) -> Callable[..., ModelSetUp]:
    """`set_up`, ending only once `mark` exists (the child has started the last level)."""
    def waited(*arguments: object) -> ModelSetUp:
        done = set_up(*arguments)
        while not mark.exists():
            time.sleep(0.01)
        return done

    return waited


def test_a_model_read_before_our_columns_are_solved_waits_for_one_level_only(
        tmp_path: Path) -> None:
    """Told that the model is read, the child ends the level it is on and leaves the others
    to the comparison (None); with one core, nothing is forked."""
    ours = check.our_model()[1]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(our_columns, "our_column", _marked(tmp_path, hurried_at=6))
        with our_columns.columns_ahead(ours, LEVELS, "search", Limits(), 2) as collected:
            while not (tmp_path / "6").exists():
                time.sleep(0.01)
            columns = collected()
        assert [column.reason if column else None for column in columns] == [
            "5 search", "6 search", None, None]
        assert not (tmp_path / "7").exists()
        with our_columns.columns_ahead(ours, LEVELS, "search", Limits(), 1) as collected:
            assert collected() == ()
    assert not processes._LIVE
