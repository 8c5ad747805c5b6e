"""The vocabulary inferred from a model's schemas (translator/compare/vocabulary/inference.py):
seed 001's roles found on their own, the samples' encodings, key presses from what actions do,
the file `--vocabulary-out` writes read back unchanged, and the game's words."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from helpers import shared_path

from strips_model.moves import Direction
from strips_model.reports.init_level import report_vocabulary
from strips_model.reports.vocabulary import Vocabulary, parse_vocabulary
from strips_model.reports.vocabulary_writer import vocabulary_toml
from translator.cli.main import main
from translator.compare.check import read_model
from translator.compare.vocabulary.inference import InferredVocabulary, infer_vocabulary
from translator.compare.vocabulary.words import fold, name_alphabet, name_direction, role_scores


def _inferred(relpath: str) -> InferredVocabulary:
    path = str(shared_path(relpath))
    report = read_model(path).report
    return infer_vocabulary(report.schemas, path, report.goal is not None)


def test_seed_001_gets_its_shipped_vocabulary_without_it() -> None:
    shipped = report_vocabulary()
    inferred = _inferred("seeds/001_1103b020ed6d817c.txt")
    words = inferred.vocabulary
    assert words.roles == shipped.roles
    assert words.values == shipped.values
    assert (words.first_is_column, words.rows_upward) == (shipped.first_is_column,
                                                          shipped.rows_upward)
    # Every key press, read off what the action does, is the one its name says.
    assert len(words.keys) == 108
    assert all(key == shipped.direction_of(action) for action, key in words.keys)
    assert any("108 of them go where their names say" in line for line in inferred.evidence)


def test_sample_b_reads_in_french_with_x_the_row_and_traps_as_two_predicates() -> None:
    words = _inferred("models/sample-b.txt").vocabulary
    roles = dict(words.roles)
    assert roles == {"hero": "perso", "demon": "demone", "wall": "mur", "boulder": "block",
                     "skeleton": "soldat", "key": "clé", "lock": "porte",
                     "spikes": "piegeFixe", "successor": "inc", "has_key": "aClé",
                     "trap_raised": "piegeActive", "trap_lowered": "piegeInactive"}
    assert (words.first_is_column, words.rows_upward) == (False, False)
    keys = dict(words.keys)
    assert [keys[f"Mouv{letter}"] for letter in "HBGD"] == list(Direction)


def test_sample_a_key_presses_come_from_what_the_actions_do() -> None:
    """Its `Direction_Up` is a copy of `Direction_Down`: both step to y + 1, so both are the
    same key press, whatever the name says, and the evidence says so."""
    inferred = _inferred("models/sample-a.md")
    words = inferred.vocabulary
    keys = dict(words.keys)
    assert keys["Direction_Up"] == keys["Direction_Down"] == Direction.DOWN
    assert keys["Direction_Left"] == keys["Direction_Right"] == Direction.RIGHT
    assert dict(words.values)["hero_with_key"] == 1 and words.required("trap") == "spike_dynamic"
    assert words.predicate("counter") == "time"
    assert any("Direction_Up (up by its name, down by what it does)" in line
               for line in inferred.evidence)


@pytest.mark.parametrize("relpath", ["seeds/001_1103b020ed6d817c.txt", "models/sample-b.txt",
                                     "models/sample-a.md"])
def test_the_vocabulary_file_reads_back_to_the_same_vocabulary(relpath: str) -> None:
    inferred = _inferred(relpath)
    text = vocabulary_toml(inferred.vocabulary, inferred.evidence)
    assert parse_vocabulary(text, "back.toml") == replace(inferred.vocabulary, source="back.toml")


def test_names_that_need_escaping_read_back() -> None:
    words = Vocabulary('a "quoted" \\ name', "", (("hero", "héros"),), (("trap_lowered", -1),),
                       False, True, (("Haut", Direction.UP),), ("x",), (("block", "But"),),
                       "v.toml", (("aller-haut", Direction.UP), ("attendre", None)))
    assert parse_vocabulary(vocabulary_toml(words), "v.toml") == words


def test_compare_writes_the_vocabulary_it_inferred_and_reads_it_back(tmp_path: Path,
                                                                     capsys,
                                                                     boards_off,
                                                                     probes_here) -> None:
    model = tmp_path / "m.txt"
    # `player` with two arities: the schema of the odd one (wait) is left out, the rest is
    # read and run (issue 33: no model refused whole for one part of it).
    model.write_text("Action(goRight(X, Y))\nPRECOND: player(X, Y) ∧ next(X, X2) ∧ ¬mur(X2, Y)\n"
                     "EFFECT: player(X2, Y) ∧ ¬player(X, Y)\n"
                     "Action(wait(X))\nPRECOND: player(X)\nEFFECT: ¬player(X)\n",
                     encoding="utf-8")
    out = tmp_path / "words.toml"
    assert main(["compare", str(model), "--vocabulary-out", str(out), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["vocabulary"]["roles"] == {"hero": "player", "wall": "mur",
                                           "successor": "next"}
    assert data["vocabulary"]["keys"] == {"goRight": "r"}
    assert data["vocabulary"]["inferred"] and data["defect"] is None
    assert [(f["kind"], f["schema"]) for f in data["lint"] if f["kind"] == "left-out"] == [
        ("left-out", "wait")]
    written = parse_vocabulary(out.read_text("utf-8"), str(out))
    assert written.required("hero") == "player" and written.direction_of("goRight") == "r"
    assert main(["compare", str(model), "--vocabulary", str(out), "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["vocabulary"]["inferred"] is False


def test_the_game_words_of_either_language() -> None:
    assert fold("aClé") == "acle" and fold("spike_static") == "spikestatic"
    assert role_scores("squelete")["skeleton"] == 2      # misspelt
    assert role_scores("murs")["wall"] == 3 and role_scores("wallAt")["wall"] == 1
    assert role_scores("openTrap")["spikes"] == 3
    assert name_alphabet(["MouvD", "MouvG"]) == "fr" and name_alphabet(["moveR"]) == "en"
    assert name_direction("MouvD", "fr") == Direction.RIGHT
    assert name_direction("ObtenirCléG", "fr") == Direction.LEFT   # after an accent
    assert name_direction("MoveD", "en") == Direction.DOWN
    assert name_direction("moveup", "en") == Direction.UP
    assert name_direction("AllerHaut", "fr") == Direction.UP
    assert name_direction("Push_left_block", "en") == Direction.LEFT
    assert name_direction("act", "en") is None


def test_the_hero_and_the_successor_are_found_by_structure_when_no_name_says(
        tmp_path: Path) -> None:
    model = tmp_path / "m.txt"
    model.write_text("Action(a(X, Y))\nPRECOND: qq(X, Y) ∧ zz(X, X2)\n"
                     "EFFECT: qq(X2, Y) ∧ ¬qq(X, Y)\n"
                     "Action(b(X, Y))\nPRECOND: qq(X, Y) ∧ zz(X2, X)\n"
                     "EFFECT: qq(X2, Y) ∧ ¬qq(X, Y)\n", encoding="utf-8")
    report = read_model(str(model)).report
    words = infer_vocabulary(report.schemas, str(model), False).vocabulary
    assert (words.required("hero"), words.required("successor")) == ("qq", "zz")
    assert dict(words.keys) == {"a": Direction.RIGHT, "b": Direction.LEFT}
