"""Adjacency written as a direction relation on cells (translator/compare/vocabulary/adjacency.py):
`succ(D, P, P2)` with the direction a parameter or a constant, and one relation per direction
(`haut(X, Y, X2, Y2)`), inferred, written on a level and run; and a key press for which a model
allows several outcomes (translator/compare/runs/divergence.py)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from helpers import make_level

from strips_model.moves import Direction
from strips_model.reports.document import Report
from strips_model.reports.vocabulary import parse_vocabulary
from strips_model.reports.vocabulary_writer import vocabulary_toml
from translator.compare.check import our_model, read_model
from translator.compare.models.compared import compared_model
from translator.compare.models.report_model import ReportModel
from translator.compare.runs.divergence import along_directions, replay_directions
from translator.compare.runs.level_comparison import compare_level
from translator.compare.vocabulary.inference import InferredVocabulary, infer_vocabulary

MODELS = Path(__file__).parents[2] / "strips_model" / "reports" / "models"
PARAMETER = MODELS / "m10_direction_parameter.txt"
PER_DIRECTION = MODELS / "m11_relation_per_direction.txt"
# Pushing the boulder right three times puts the hero above the demon: 6 actions.
PUSHES = "#######\n#HB   #\n####D##\n#######"
CONSTANTS = """\
marcher(X, Y, X2, Y2)
    Precondition: robot(X, Y), adjacent(X, Y, X2, Y2, nord), -mur(X2, Y2)
    Effect: robot(X2, Y2), -robot(X, Y)

reculer(X, Y, X2, Y2)
    Precondition: robot(X, Y), adjacent(X, Y, X2, Y2, sud), -mur(X2, Y2)
    Effect: robot(X2, Y2), -robot(X, Y)
"""


def _report(text: str, folder: Path, name: str = "m.txt") -> Report:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return read_model(str(path)).report


def _inferred(text: str, folder: Path) -> InferredVocabulary:
    report = _report(text, folder)
    return infer_vocabulary(report.schemas, report.source, report.goal is not None)


def _model(report: Report) -> ReportModel:
    model = compared_model(report, report.source)
    assert isinstance(model, ReportModel), getattr(model, "defect", None)
    return model


def test_succ_with_the_direction_a_parameter_presses_the_key_it_binds(tmp_path: Path) -> None:
    inferred = _inferred(PARAMETER.read_text("utf-8"), tmp_path)
    words = inferred.vocabulary
    assert dict(words.roles) == {"hero": "me", "wall": "wall", "boulder": "rock",
                                 "adjacent": "succ"}
    assert words.direction_first and words.keyed_by_direction == ("move", "push")
    assert not words.not_key_presses and not words.keys
    on_level = _model(read_model(str(PARAMETER)).report).on(make_level(PUSHES, 6))
    # The Init lists the relation under the level's convention: right of (1, 1) is (2, 1).
    assert ("succ", "right", "1", "1", "2", "1") in on_level.static()
    pressed = {(a.schema, on_level.direction(a)) for a in on_level.applicable(on_level.initial())}
    # Walls above, left of and below the hero, the boulder right of it.
    assert pressed == {("push", Direction.RIGHT)}
    assert {schema.name for schema, bound in on_level.schemas_for(Direction.UP)
            if bound == {"D": "up"}} == {"move", "push"}


def test_one_relation_per_direction_gives_each_action_its_key_press(tmp_path: Path) -> None:
    words = _inferred(PER_DIRECTION.read_text("utf-8"), tmp_path).vocabulary
    roles = dict(words.roles)
    assert [roles[f"adjacent_{d}"] for d in ("up", "down", "left", "right")] == [
        "haut", "bas", "gauche", "droite"]
    # The names say no direction: the relations do.
    assert dict(words.keys) == {"pas1": Direction.UP, "pas2": Direction.DOWN,
                                "pas3": Direction.LEFT, "pas4": Direction.RIGHT,
                                "pousse4": Direction.RIGHT}


def test_direction_constants_are_read_by_their_words(tmp_path: Path) -> None:
    inferred = _inferred(CONSTANTS, tmp_path)
    words = inferred.vocabulary
    assert words.predicate("adjacent") == "adjacent" and not words.direction_first
    assert dict(words.directions) == {Direction.UP: "nord", Direction.DOWN: "sud"}
    assert dict(words.keys) == {"marcher": Direction.UP, "reculer": Direction.DOWN}
    on_level = _model(_report(CONSTANTS, tmp_path)).on(make_level("###\n#H#\n# #\n#D#\n###", 2))
    assert ("adjacent", "1", "1", "1", "0", "nord") in on_level.static()


@pytest.mark.parametrize("text", [PARAMETER.read_text("utf-8"), PER_DIRECTION.read_text("utf-8"),
                                  CONSTANTS])
def test_the_vocabulary_file_reads_back_with_the_relation(text: str, tmp_path: Path) -> None:
    inferred = _inferred(text, tmp_path)
    back = parse_vocabulary(vocabulary_toml(inferred.vocabulary, inferred.evidence), "b.toml")
    assert back == replace(inferred.vocabulary, source="b.toml")


@pytest.mark.planner
@pytest.mark.parametrize("path", [PARAMETER, PER_DIRECTION])
def test_a_right_model_agrees_on_a_level_it_must_push_through(path: Path) -> None:
    row = compare_level(_model(read_model(str(path)).report), our_model()[1],
                        make_level(PUSHES, 6), "search")
    assert row.verdict == "agrees", row.why


def test_a_key_press_with_several_outcomes_is_a_fault_of_the_model(tmp_path: Path) -> None:
    """A second action for the right key walks onto the boulder: the replay goes on with the
    push, as the game, and returns the model's non-determinism apart; without the push, the
    walk is the divergence."""
    walk_on = ("\nsaut4(X, Y, X2, Y2):\n    Preconditions: perso(X, Y) ∧ droite(X, Y, X2, Y2) "
               "∧ bloc(X2, Y2)\n    Effects: perso(X2, Y2) ∧ ¬perso(X, Y)\n")
    text = PER_DIRECTION.read_text("utf-8")
    keys = [Direction.RIGHT, Direction.RIGHT]
    level = make_level(PUSHES, 6)
    divergence, several = replay_directions(
        _model(_report(text + walk_on, tmp_path, "several.txt")).on(level), keys)
    assert divergence is None and several is not None and several.letter == 1
    assert "allows several outcomes" in several.model and "saut4" in several.model
    push = text.index("pousse4")
    only_walk = text[:push] + walk_on.lstrip("\n")
    wrong = along_directions(_model(_report(only_walk, tmp_path, "walk.txt")).on(level), keys)
    assert wrong is not None and wrong.letter == 1 and "several" not in wrong.model
    assert along_directions(_model(read_model(str(PER_DIRECTION)).report).on(level),
                            keys) is None
