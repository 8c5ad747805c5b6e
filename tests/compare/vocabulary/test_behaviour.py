"""Parts found by what the actions do before their names (issue 33 A): a hero called `man`, a
skeleton called `zombie`, walls called by a word no list holds, and a wall relation never
taken for the successor; a level holding a part no role names is not run."""

from __future__ import annotations

from pathlib import Path

from helpers import make_level

from strips_model.schema import parse_schemas
from translator.compare.check import our_model, read_model
from translator.compare.models.compared import compared_model
from translator.compare.models.report_model import ReportModel
from translator.compare.runs.level_comparison import compare_level
from translator.compare.vocabulary.inference import infer_vocabulary

OBSTACLES = "-{wall}({c}), -demon({c}), -rock({c}), -{skeleton}({c})"


def _model(hero: str = "man", skeleton: str = "zombie", wall: str = "wall",
           successor: str = "plusOne") -> str:
    steps = {"Up": ("Y'", "Y", "X, Y'"), "Down": ("Y", "Y'", "X, Y'"),
             "Left": ("X'", "X", "X', Y"), "Right": ("X", "X'", "X', Y")}
    text = []
    for name, (low, high, there) in steps.items():
        free = OBSTACLES.format(wall=wall, skeleton=skeleton, c=there)
        text.append(f"move{name}(X, Y)\n    Precondition: {hero}(X, Y), {successor}({low}, "
                    f"{high}), {free}\n    Effect: {hero}({there}), -{hero}(X, Y)\n")
    beyond = OBSTACLES.format(wall=wall, skeleton=skeleton, c="X'', Y")
    text.append(f"pushRight(X, Y)\n    Precondition: {hero}(X, Y), {successor}(X, X'), "
                f"{successor}(X', X''), rock(X', Y), {beyond}\n"
                "    Effect: rock(X'', Y), -rock(X', Y)\n")
    text.append(f"kickRight(X, Y)\n    Precondition: {hero}(X, Y), {successor}(X, X'), "
                f"{successor}(X', X''), {skeleton}(X', Y), {beyond}\n"
                f"    Effect: {skeleton}(X'', Y), -{skeleton}(X', Y)\n")
    text.append(f"crushRight(X, Y)\n    Precondition: {hero}(X, Y), {successor}(X, X'), "
                f"{successor}(X', X''), {skeleton}(X', Y), {wall}(X'', Y)\n"
                f"    Effect: -{skeleton}(X', Y)\n")
    return "\n".join(text)


def _roles(text: str) -> dict[str, str]:
    schemas = parse_schemas(text, "m.txt")
    return dict(infer_vocabulary(schemas, "m.txt", False).vocabulary.roles)


def test_the_hero_and_a_skeleton_named_by_no_word_are_found_by_what_they_do() -> None:
    roles = _roles(_model())
    assert roles["hero"] == "man" and roles["skeleton"] == "zombie"
    assert roles["boulder"] == "rock" and roles["wall"] == "wall"


def test_walls_and_successor_of_unknown_words_are_told_apart_by_behaviour() -> None:
    """`qzx(X', Y)` blocks where the hero arrives (a wall); `bkv(X, X')` relates one
    coordinate of two places (the successor): neither name is a game word."""
    roles = _roles(_model(wall="qzx", successor="bkv"))
    assert roles["wall"] == "qzx" and roles["successor"] == "bkv"


def test_a_level_with_a_part_the_model_never_writes_diverges_where_it_shows(
        tmp_path: Path) -> None:
    """No skeleton in the model at all, and no predicate left unread that may be one: a
    fault of the model, not of its reading (issue 39, 3). The level is run without its
    skeletons, and diverges where the game shows them; a predicate left unread instead
    keeps it `not run` (tests/compare/runs/test_unplayed_parts.py)."""
    path = tmp_path / "model.txt"
    # Its kicks and obstacle tests go.
    text = "\n".join(block for block in _model().split("\n\n") if "zombie(X'" not in block)
    path.write_text(text.replace(", -zombie(X, Y')", "").replace(", -zombie(X', Y)", "")
                    .replace(", -zombie(X'', Y)", ""), encoding="utf-8")
    model = compared_model(read_model(str(path)).report, str(path))
    assert isinstance(model, ReportModel) and model.words.predicate("skeleton") is None
    level = make_level("""
        #######
        #H M D#
        #     #
        #######
    """, 9)
    compared = compare_level(model, our_model()[1], level, "search")
    assert compared.verdict == "diverges", compared.why
    assert "the model names no skeleton predicate: the level's skeletons are not in its " \
        "Init" in compared.notes
    # The first key press that moves: the game shows a skeleton after it, the model none.
    assert compared.states is not None and compared.states.counterexample == "d"
    assert "skeletons: {(1,3)} vs {}" in str(compared.states.divergence)


def test_walls_written_as_missing_adjacency_block(tmp_path: Path) -> None:
    """A model with adjacency relations and no wall predicate: each level lists no
    adjacency into a wall, so the hero goes around it as in the game."""
    path = tmp_path / "model.txt"
    path.write_text("".join(
        f"pas{index}(X, Y, X2, Y2):\n    Preconditions: perso(X, Y) ∧ {way}(X, Y, X2, Y2)\n"
        "    Effects: perso(X2, Y2) ∧ ¬perso(X, Y)\n\n"
        for index, way in enumerate(("haut", "bas", "gauche", "droite"), start=1)),
        encoding="utf-8")
    model = compared_model(read_model(str(path)).report, str(path))
    assert isinstance(model, ReportModel) and model.words.predicate("wall") is None
    level = make_level("""
        #####
        #H#D#
        #   #
        #####
    """, 9)
    assert compare_level(model, our_model()[1], level, "search").verdict == "agrees"


def test_a_slot_reset_to_a_constant_is_no_boulder_however_often_it_changes() -> None:
    """`qq(none, none)` at rest, `qq(X', Y)` while a skeleton waits to die: every action
    empties or fills it, none moves it between two cells; the `zqv` a push moves stays the
    boulder, neither named as a game part (fresh model B's slot was read as the boulder under
    random names)."""
    slot = "\n".join(
        f"wait{index}(X, Y, Z, W)\n    Precondition: man(X, Y), qq(Z, W), plusOne(X, X')\n"
        "    Effect: -qq(Z, W), qq(none, none), -man(X, Y), man(X', Y)\n" for index in range(9))
    roles = _roles(_model().replace("rock", "zqv") + "\n" + slot)
    assert roles["boulder"] == "zqv"
