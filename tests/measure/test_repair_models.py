"""The correct models of the repair benchmark (translator/measure/repair_models/): each reads
whole in its notation, with the game's parts found by the inference, and agrees with the game
on small levels. Only the `*.txt` files are models; the folder's README is none."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from helpers import shared_level

from strips_model.errors import SchemaError
from strips_model.reports.document import Report
from strips_model.reports.reading import skipped_schemas
from translator.compare.check import our_model, read_model
from translator.compare.models.compared import compared_model
from translator.compare.models.report_model import ReportModel
from translator.compare.runs.level_comparison import compare_level
from translator.compare.vocabulary.inference import infer_vocabulary

FOLDER = Path(__file__).resolve().parents[2] / "translator" / "measure" / "repair_models"
MODELS = sorted(FOLDER.glob("*.txt"))
PARTS = ("hero", "wall", "demon", "boulder", "skeleton", "key", "has_key", "lock", "spikes",
         "trap_lowered", "trap_raised", "trap_parity", "counter", "successor", "goal")
"""Every part of the game each model names, for the inference to find."""


@cache
def _read(path: Path) -> Report:
    """Each model read once for all the tests (the French one has 848 schemas)."""
    return read_model(str(path)).report


def test_the_folder_ships_two_models_and_a_readme_that_is_none() -> None:
    assert [path.name for path in MODELS] == ["course_fr.txt", "textbook.txt"]
    with pytest.raises(SchemaError, match="no schema found"):
        read_model(str(FOLDER / "README.md"))


@pytest.mark.parametrize("path", MODELS, ids=lambda path: path.name)
def test_each_model_reads_whole_with_every_part_found(path: Path) -> None:
    report = _read(path)
    assert report.schemas and report.goal is not None
    assert skipped_schemas(report.skipped) == ()
    inferred = infer_vocabulary(report.schemas, str(path), True).vocabulary
    assert [part for part in PARTS if inferred.predicate(part) is None] == []
    # One action per key press of the game, none left without one.
    assert not inferred.not_key_presses


@pytest.mark.planner
@pytest.mark.parametrize("path", MODELS, ids=lambda path: path.name)
def test_each_model_agrees_with_the_game_on_a_small_level(path: Path) -> None:
    model = compared_model(_read(path), str(path))
    assert isinstance(model, ReportModel), getattr(model, "defect", None)
    # Spikes, and traps kept as their first phase and a flag every action flips (trap_parity).
    for name in ("spikes4", "traps1"):
        comparison = compare_level(model, our_model()[1],
                                   shared_level(f"levels/tests/{name}.txt"), "search")
        assert comparison.verdict == "agrees", (name, comparison.divergences)
