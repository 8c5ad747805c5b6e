"""Issue 42: a level's grid capped for `compare`, `pddl` and `show`, refused before any work.

A 1 MiB level (1,000 x 1,000 cells) once made `compare --timeout 10` and `pddl` run past 120 s
at 2.8 GB, and `show` of a 100-letter plan print 210 MB; every level the project ships stays
far within the cap."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import ROOT, SHARED
from hypothesis import given
from hypothesis import strategies as st

from strips_model.errors import InputError
from strips_model.level_file import level_from_rows, load_level
from translator.cli.level_cap import CAPS, MAX_LEVEL_CELLS, MAX_SHOWN_CELLS, check_level_size
from translator.cli.main import main
from translator.render.limits import MAX_GRID_CELLS

OUR_MODEL = str(ROOT / "strips_model" / "helltaker.strips")


def _room(width: int, height: int) -> str:
    """A level file: an open room of `width` x `height` cells, walls included."""
    inner = [" " * (width - 2)] * (height - 2)
    inner[0] = "H" + inner[0][1:]
    inner[-1] = inner[-1][:-1] + "D"
    rows = ["#" * width, *(f"#{row}#" for row in inner), "#" * width]
    return f"Open {width}x{height}\n{width + height}\n" + "\n".join(rows) + "\n"


def _work(*arguments: object, **options: object) -> None:
    raise AssertionError("work started before the level's size was checked")


@pytest.fixture
def no_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """Building the model, replaying or comparing fails the test: the cap comes first."""
    for target in ("translator.model.model_cache.helltaker_parts",
                   "translator.cli.show.replay",
                   "translator.compare.check.checked_model"):
        monkeypatch.setattr(target, _work)


@pytest.mark.usefixtures("no_work")
@pytest.mark.parametrize(("command", "side"), [
    ("pddl", (51, 50)), ("show", (201, 200)), ("compare", (51, 50)),
    ("pddl", (1000, 1000)), ("show", (1000, 1000)), ("compare", (1000, 1000)),
    ("pddl", (1300, 3)),
])
def test_a_level_past_the_cap_is_one_line_and_nothing_is_written(
        command: str, side: tuple[int, int], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    width, height = side
    level = tmp_path / "big.txt"
    level.write_text(_room(width, height), encoding="utf-8")
    out = tmp_path / "out"
    arguments = {
        "pddl": ["pddl", str(level), "-o", str(out)],
        "show": ["show", str(level), "--plan", "r" * 100, "--svg", str(out)],
        "compare": ["compare", OUR_MODEL, str(level), "-o", str(out), "--timeout", "10"],
    }[command]
    assert main(arguments) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    cells = width * height
    assert captured.err.splitlines() == [
        f"helltaker: {level}: the level has {cells:,} cells ({width} x {height}), more than "
        f"the {CAPS[command]:,} that {command} handles"]
    assert not out.exists()
    assert list(tmp_path.iterdir()) == [level]


def test_the_terminal_show_is_capped_too(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    level = tmp_path / "big.txt"
    level.write_text(_room(201, 200), encoding="utf-8")
    assert main(["show", str(level), "--plan", "rl" * 50]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"more than the {MAX_SHOWN_CELLS:,} that show handles" in captured.err


def test_shows_cap_leaves_its_pictures_grid_cap_reachable() -> None:
    assert MAX_SHOWN_CELLS > MAX_GRID_CELLS


def test_a_level_at_the_cap_is_exported(tmp_path: Path) -> None:
    # 50 x 50 cells, walls but for the hero's and the demon's: at the cap, and quick to export.
    rows = ["#" * 50, "#HD" + "#" * 47, *["#" * 50] * 48]
    level = tmp_path / "edge.txt"
    level.write_text("Edge\n1\n" + "\n".join(rows) + "\n", encoding="utf-8")
    assert main(["pddl", str(level), "-o", str(tmp_path / "out")]) == 0
    problem = (tmp_path / "out" / "problem.pddl").read_text(encoding="utf-8")
    assert "(hero c1_1)" in problem


@given(st.integers(2, 1200), st.integers(1, 1200))
def test_refused_exactly_past_the_cap(width: int, height: int) -> None:
    # The widest row sets the width: one long row and a column of short ones.
    rows = ["HD" + "#" * (width - 2)] + ["#"] * (height - 1)
    level = level_from_rows("t", 1, rows)
    assert (level.width, level.height) == (width, height)
    if width * height > MAX_LEVEL_CELLS:
        with pytest.raises(InputError, match="that pddl handles$"):
            check_level_size(level, "pddl")
    else:
        check_level_size(level, "pddl")


def test_every_level_shipped_is_within_the_cap() -> None:
    paths = [*ROOT.glob("levels/*.txt"), *SHARED.glob("levels/*/*.txt")]
    assert len(paths) >= 10
    for path in paths:
        check_level_size(load_level(str(path)), "compare")
