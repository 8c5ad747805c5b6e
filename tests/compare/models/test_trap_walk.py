"""Traps toggled one by one along a static list of the level's traps (walks/trap_walk.txt, as
fresh model D toggles its `herse`): the list's statics are read by what the actions do with
them and written in each level's Init, the cursor the walk moves is no object of the board,
the walk's actions are forced after each key press however many traps a level has, and the
order of the trap's two phase words is the one the game follows, whatever the names."""

from __future__ import annotations

import re
from pathlib import Path

from helpers import make_level
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from strips_model.level import Level
from translator.compare.check import our_model, set_up_model
from translator.compare.comparison import compare

MODEL = Path(__file__).parent / "walks" / "trap_walk.txt"
LEVELS = (("#######\n#HTU D#\n#######", 8),
          ("########\n#H T  D#\n#  U T #\n########", 10),
          ("#######\n#H   D#\n#######", 4))
_WORDS = ("hero", "wall", "demon", "next", "time", "trap", "up", "down", "first", "after",
          "last", "notraps", "turn", "toggling", "cursor", "settle", "goal", "goUp", "goDown",
          "goLeft", "goRight", "startWalk", "noTraps", "lowerNext", "raiseNext", "lowerLast",
          "raiseLast", "unhurt", "hurt")
_RESERVED = {"x", "y", "x2", "y2", "t", "t2", "but", "effect", "precondition", "cost", "and",
             "not", "or", "true", "false", "init", "goal"}


def _levels() -> list[Level]:
    return [make_level(grid, budget) for grid, budget in LEVELS]


def _verdicts(text: str, tmp_path: Path) -> tuple[dict[str, str], list[tuple[str, str]]]:
    path = tmp_path / "model.txt"
    path.write_text(text, encoding="utf-8")
    levels = _levels()
    setup = set_up_model(str(path), levels)
    assert setup.model.words is not None
    comparison = compare(setup.file.report, setup.model, our_model(), levels, "search",
                         boards=False)
    return (dict(setup.model.words.roles),
            [(level.verdict, level.why) for level in comparison.levels])


def _renamed(names: list[str]) -> tuple[str, dict[str, str]]:
    mapping = dict(zip(_WORDS, names, strict=True))
    text = MODEL.read_text(encoding="utf-8").split("\n", 5)[-1]  # the comments name words
    return re.sub(r"\b(" + "|".join(_WORDS) + r")\b", lambda m: mapping[m.group(1)],
                  text), mapping


_NAMES = st.lists(st.text("bcfghjkmpqrvwxz", min_size=4, max_size=7).filter(
    lambda name: name not in _RESERVED), min_size=len(_WORDS), max_size=len(_WORDS),
    unique=True)


@settings(max_examples=4, derandomize=True, deadline=None,
          phases=(Phase.explicit, Phase.generate))  # each example reads a model: no shrinking
@given(names=_NAMES)
def test_a_walk_over_the_traps_is_read_by_what_it_does_and_agrees(
        tmp_path_factory: object, names: list[str]) -> None:
    text, mapping = _renamed(names)
    folder = tmp_path_factory.mktemp("walk")  # type: ignore[attr-defined]
    roles, verdicts = _verdicts(text, folder)
    assert {role: roles.get(role) for role in (
        "trap", "trap_first", "trap_next", "trap_last", "trap_none")} == {
        "trap": mapping["trap"], "trap_first": mapping["first"],
        "trap_next": mapping["after"], "trap_last": mapping["last"],
        "trap_none": mapping["notraps"]}, roles
    assert mapping["cursor"] not in roles.values(), roles  # a mark, no object of the board
    assert [verdict for verdict, _ in verdicts] == ["agrees"] * len(LEVELS), verdicts


def test_the_walk_as_written_agrees_and_its_turn_is_forced(tmp_path: Path) -> None:
    roles, verdicts = _verdicts(MODEL.read_text(encoding="utf-8"), tmp_path)
    assert roles["trap_next"] == "after" and roles["trap_none"] == "notraps"
    assert [verdict for verdict, _ in verdicts] == ["agrees"] * len(LEVELS), verdicts


def test_a_toggle_that_forgets_to_move_the_cursor_diverges_naming_it(tmp_path: Path) -> None:
    """The walk stalls at the first trap it raises: the level without a trap still agrees,
    the others diverge at the first key press, naming the forced toggle last taken."""
    text = MODEL.read_text(encoding="utf-8").replace(
        "trap(x, y, up) ∧ ¬cursor(x, y) ∧ cursor(x2, y2)", "trap(x, y, up) ∧ ¬cursor(x, y)")
    _, verdicts = _verdicts(text, tmp_path)
    assert [verdict for verdict, _ in verdicts] == ["diverges", "diverges", "agrees"], verdicts
    for _, why in verdicts[:2]:
        assert "letter 1 'r'" in why and "then startWalk, raiseNext (taking no key press)" \
            in why, why
