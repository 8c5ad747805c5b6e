"""`check.levels_to_check`: a model's own Init matters only without LEVEL files, and one that
cannot be rebuilt leaves no level to compare rather than refusing the model (issue 33 C)."""

from __future__ import annotations

from pathlib import Path

from helpers import make_level

from translator.compare.check import levels_to_check, read_model
from translator.compare.models.compared import compared_model

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
