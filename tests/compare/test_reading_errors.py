"""A reading the game tests may give a part to a predicate whose arguments are no cells (a
step marker `done(step)` read as the key lying): that reading explains nothing, and the
model is still read and set up, never a traceback."""

from __future__ import annotations

from pathlib import Path

from helpers import shared_path

from strips_model.level_file import load_level
from translator.compare.check import set_up_model

STEP_MARKER = """do(act(move, D), step)
    Precondition: me(P), succ(D, P, P2), -mob(P2), -done(step)
    Effect: me(P2), -me(P), done(step)
"""


def test_a_reading_whose_part_is_no_cell_explains_nothing_and_breaks_nothing(
        tmp_path: Path) -> None:
    model = tmp_path / "marker.md"
    model.write_text(STEP_MARKER, encoding="utf-8")
    level = load_level(str(shared_path("repros/open-room.txt")))
    set_up = set_up_model(str(model), [level])
    words = set_up.model.words
    assert words is not None and words.predicate("hero") == "me"
