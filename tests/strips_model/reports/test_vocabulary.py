"""Vocabularies as data: the shipped files, their checks, the template, and seed 001's model
read through a vocabulary file with its predicates renamed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import SHARED_ABSENT, shared_path

from strips_model.errors import SchemaError
from strips_model.level_file import load_level
from strips_model.moves import Direction
from strips_model.reports.document import Report, parse_report
from strips_model.reports.init_level import Coordinates, report_vocabulary
from strips_model.reports.notation import read_model
from strips_model.reports.vocabulary import (
    ROLES,
    Vocabulary,
    parse_vocabulary,
    shipped_vocabularies,
)
from strips_model.reports.vocabulary_writer import vocabulary_template
from translator.cli.main import main
from translator.compare.models.compared import UnbuildableModel, compared_model

SEED_001 = "seeds/001_1103b020ed6d817c.txt"
SEED_002 = "seeds/002_86e1b4b616c1ecee.txt"


def test_shipped_vocabularies_read_and_say_their_conventions() -> None:
    found = {vocabulary.name: vocabulary for vocabulary in shipped_vocabularies()}
    assert set(found) == {"seeds 000 and 001", "seed 002"}
    seed_001, seed_002 = found["seeds 000 and 001"], found["seed 002"]
    assert seed_001.required("hero") == "helltaker" and seed_001.value("trap_raised") == 1
    assert seed_001.first_is_column and seed_001.rows_upward
    assert seed_002.required("boulder") == "block" and not seed_002.first_is_column
    assert seed_002.predicate("counter") is None


@pytest.mark.parametrize(("name", "expected"), [
    ("goUp", Direction.UP), ("pushRockLeftWhileOnTrap", Direction.LEFT),
    ("kickSkeletonDown", Direction.DOWN), ("wait", None)])
def test_seed_001_words_say_the_key_press(name: str, expected: Direction | None) -> None:
    assert report_vocabulary().direction_of(name) == expected


def test_seed_002_words_and_its_steps_that_are_no_key_press() -> None:
    seed_002 = next(v for v in shipped_vocabularies() if v.name == "seed 002")
    assert seed_002.direction_of("move_top_on_spikes") is Direction.UP
    assert seed_002.direction_of("kill_monster_wall_right_on_spikes") is Direction.RIGHT
    assert seed_002.direction_of("on_spikes") is None
    assert seed_002.direction_of("havekey") is None


def test_coordinates_of_both_conventions_round_trip() -> None:
    for coordinates in (Coordinates(9, 0), Coordinates(9, 2, first_is_column=False),
                        Coordinates(0, 0, rows_upward=False), Coordinates(-3, 1, False, False)):
        for cell in ((0, 0), (4, 7), (9, 3)):
            assert coordinates.cell(*coordinates.xy(cell)) == cell
    assert Coordinates(9, 0).cell(3, 8) == (1, 3)  # seed 001: X column, Y rows upward
    assert Coordinates(9, 0, first_is_column=False).cell(8, 3) == (1, 3)


@pytest.mark.parametrize(("text", "message"), [
    ('name = "x"\n[roles]\nhero = \n', r"^v\.toml:3:8: not a vocabulary file"),
    ('[roles]\nwalls = "w"\nhero = "h"\n', "unknown role 'walls'"),
    ('[roles]\nwall = "w"\n', "must name the hero"),
    ('colour = 1\n[roles]\nhero = "h"\n', "unknown key 'colour'"),
    ('[roles]\nhero = "h"\n[values]\ntrap_raised = 1.5\n', r"\[values\] takes integers or"),
    ('[roles]\nhero = "h"\n[values]\ntrap_raised = ""\n', r"\[values\] takes integers or"),
    ('[roles]\nhero = "h"\n[coordinates]\nfirst = "x"\n', r"\[coordinates\] first"),
])
def test_bad_vocabulary_files_say_why(text: str, message: str) -> None:
    with pytest.raises(SchemaError, match=message):
        parse_vocabulary(text, "v.toml")


def test_the_template_lists_the_predicates_and_reads_once_filled() -> None:
    template = vocabulary_template(frozenset({"player", "box"}), "mine")
    assert "box, player" in template and all(f'{role} = ""' in template for role in ROLES)
    filled = template.replace('hero = ""', 'hero = "player"').replace('boulder = ""',
                                                                     'boulder = "box"')
    filled = "\n".join(line for line in filled.splitlines() if not line.endswith('= ""'))
    vocabulary = parse_vocabulary(filled, "mine.toml")
    assert vocabulary.required("hero") == "player" and vocabulary.required("boulder") == "box"


def _seed(relpath: str) -> Path:
    path = shared_path(relpath)
    if not path.exists():
        pytest.skip(SHARED_ABSENT)
    return path


def test_seed_001_read_through_a_vocabulary_with_its_predicates_renamed(tmp_path: Path) -> None:
    """The vocabulary is data: rename the hero and the counter in the report and in a copy of
    its vocabulary file, and the model reads the same level the same way."""
    text = _seed(SEED_001).read_text("utf-8")
    renamed = re.sub(r"\bhelltaker\(", "player(", re.sub(r"\bcounter\(", "moves(", text))
    report = parse_report(renamed, "renamed.md")
    # Without a vocabulary file the renamed roles are inferred (compare/vocabulary/inference.py).
    inferred = getattr(compared_model(report, "renamed"), "words", None)
    assert isinstance(inferred, Vocabulary)
    assert (inferred.required("hero"), inferred.required("counter")) == ("player", "moves")
    shipped = Path(report_vocabulary().source).name
    original = next(v for v in shipped_vocabularies() if v.source.endswith(shipped))
    toml = (Path(__file__).resolve().parents[3] / "strips_model" / "reports" /
            "vocabularies" / shipped).read_text("utf-8")
    toml = toml.replace('hero = "helltaker"', 'hero = "player"').replace(
        'counter = "counter"', 'counter = "moves"')
    vocabulary = parse_vocabulary(toml, "renamed.toml")
    assert vocabulary.roles != original.roles
    level = load_level(str(shared_path("levels/classic/level1.txt")))
    as_shipped = compared_model(parse_report(text, "seed.md"), "seed").on(level)
    as_renamed = compared_model(report, "renamed", vocabulary).on(level)
    rename = {"helltaker": "player", "counter": "moves"}
    assert {(rename.get(a[0], a[0]), *a[1:]) for a in as_shipped.initial()} == \
        as_renamed.initial()
    assert as_shipped.observe(as_shipped.initial()) == as_renamed.observe(as_renamed.initial())


def test_seed_002_is_matched_and_its_arity_slip_left_out() -> None:
    """Issue 33: `move(H)` beside `move(X, Y)` leaves out the schemas that write it, not the
    whole model (it used to be unbuildable)."""
    reading = read_model(_seed(SEED_002).read_text("utf-8"), SEED_002)
    model = compared_model(Report(reading.schemas, None, (), SEED_002), "seed 002")
    assert not isinstance(model, UnbuildableModel)
    assert [part.position.line for part in model.left_out
            if "-move(H) has 1 argument(s)" in part.reason] == [209, 830, 836]
    assert model.words is not None and model.words.required("hero") == "at"


def test_a_model_with_arithmetic_and_one_part_of_the_game_is_run() -> None:
    """Only a way to step coordinates is needed (here `Y + 1`); the parts of a level the
    model cannot name are left out of its Init, and the level's notes say so."""
    text = "Action(right(X,Y))\nPRECOND : at(X, Y)\nEFFECT : at(X, Y + 1) $\\wedge$ " \
        "$\\neg$ at(X, Y)\n"
    reading = read_model(text, "m.md")
    model = compared_model(Report(reading.schemas, None, (), "m.md"), "m")
    assert not isinstance(model, UnbuildableModel)
    level = load_level(str(shared_path("levels/classic/level1.txt")))
    on_level = model.on(level)
    assert on_level.direction(on_level.applicable(on_level.initial())[0]) == Direction.RIGHT \
        or not on_level.applicable(on_level.initial())
    assert any("no skeleton predicate" in note for note in on_level.notes)


def test_compare_prints_a_template_and_exits_0(capsys) -> None:
    code = main(["compare", str(_seed(SEED_001)), "--vocabulary-template"])
    out = capsys.readouterr().out
    assert code == 0 and "helltaker" in out and "[roles]" in out


def test_compare_reads_a_vocabulary_file_given(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("[roles]\n", encoding="utf-8")
    assert main(["compare", str(_seed(SEED_001)), "--vocabulary", str(bad)]) == 2
    assert "must name the hero" in capsys.readouterr().err


def test_an_action_written_twice_in_the_file_is_written_once() -> None:
    """Issue 33 D: an action both bound to its direction parameter and given a key press (a
    vocabulary from two schemas of one name) was written twice, which TOML refuses."""
    from strips_model.reports.vocabulary_writer import vocabulary_toml

    words = Vocabulary("twice", "", (("hero", "at"),), (), True, False, (), (),
                       (("block", "But"),), "v.toml", (("move", Direction.UP),),
                       keyed_by_direction=("move",))
    text = vocabulary_toml(words)
    assert text.count('"move" =') == 1
    back = parse_vocabulary(text, "v.toml")
    assert back.keyed_by_direction == ("move",)
