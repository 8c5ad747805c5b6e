"""The caps on `helltaker show`'s pictures (translator/render/limits.py): each refuses with exit
status 2, names its option and cap, and leaves no file; every shipped and shared level with a
plan as long as its budget passes them all."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from helpers import ROOT, shared_level_files, shared_params, shared_path

from strips_model.errors import InputError
from strips_model.level_file import load_level
from translator.cli.main import main
from translator.render.limits import (
    MAX_CELL_FRAMES,
    MAX_FRAMES,
    MAX_GRID_CELLS,
    MAX_PIXELS,
    RASTER_OUTPUTS,
    VECTOR_OUTPUTS,
    check_picture_limits,
)
from translator.render.scene import picture_size

ROOM = "room\n1000000\n######\n#H   #\n#   D#\n######\n"
PICTURES = (*RASTER_OUTPUTS, *VECTOR_OUTPUTS)


def write_level(tmp_path: Path, text: str) -> str:
    path = tmp_path / "level.txt"
    path.write_text(text, encoding="utf-8")
    return str(path)


def square_level(side: int) -> str:
    """A walled square of floor with the hero and the demon in opposite corners."""
    inner = side - 2
    rows = ["#" * side]
    rows += ["#" + ("H" if row == 0 else " ") + " " * (inner - 2)
             + ("D" if row == inner - 1 else " ") + "#" for row in range(inner)]
    rows.append("#" * side)
    return "square\n1000000\n" + "\n".join(rows) + "\n"


def refuse(tmp_path: Path, level_text: str, letters: int, extension: str,
           capsys: pytest.CaptureFixture[str]) -> str:
    """Run show with a plan of `letters` letters and the one output; return its error line."""
    level = write_level(tmp_path, level_text)
    plan = tmp_path / "long.plan"
    plan.write_text("rl" * (letters // 2) + "r" * (letters % 2), encoding="utf-8")
    out_dir = tmp_path / "out"
    status = main(["show", level, "--plan-file", str(plan),
                   f"--{extension}", str(out_dir / f"replay.{extension}")])
    captured = capsys.readouterr()
    assert status == 2
    assert captured.out == "" and not out_dir.exists()
    (line,) = captured.err.splitlines()
    assert line.startswith(f"helltaker: --{extension}: ")
    return line


@pytest.mark.parametrize("extension", PICTURES)
def test_too_many_frames_are_refused(tmp_path: Path, extension: str,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    line = refuse(tmp_path, ROOM, MAX_FRAMES, extension, capsys)
    assert f"{MAX_FRAMES + 1:,} frames, over the cap of {MAX_FRAMES:,} frames" in line


@pytest.mark.parametrize("extension", RASTER_OUTPUTS)
def test_too_many_pixels_are_refused(tmp_path: Path, extension: str,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    width, height = picture_size(load_level(write_level(tmp_path, ROOM)))
    frames = MAX_PIXELS // (width * height) + 1  # the fewest frames over the cap
    assert frames < MAX_FRAMES
    line = refuse(tmp_path, ROOM, frames - 1, extension, capsys)
    assert f"= {width * height * frames:,} pixels, over the cap of {MAX_PIXELS:,} pixels" in line


@pytest.mark.parametrize("extension", VECTOR_OUTPUTS)
def test_too_large_a_grid_is_refused(tmp_path: Path, extension: str,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    side = int(MAX_GRID_CELLS ** 0.5) + 1
    line = refuse(tmp_path, square_level(side), 0, extension, capsys)
    assert f"= {side * side:,} cells is over the cap of {MAX_GRID_CELLS:,} cells" in line


@pytest.mark.parametrize("extension", VECTOR_OUTPUTS)
def test_too_many_cell_frames_are_refused(tmp_path: Path, extension: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    side = 20
    frames = MAX_CELL_FRAMES // (side * side) + 1
    assert side * side <= MAX_GRID_CELLS and frames < MAX_FRAMES
    line = refuse(tmp_path, square_level(side), frames - 1, extension, capsys)
    assert f"cell-frames, over the cap of {MAX_CELL_FRAMES:,}" in line


def test_caps_are_inclusive() -> None:
    level = load_level(str(ROOT / "levels" / "lock_and_key.txt"))
    width, height = picture_size(level)
    check_picture_limits(level, MAX_PIXELS // (width * height) - 1, RASTER_OUTPUTS)
    with pytest.raises(InputError):
        check_picture_limits(level, MAX_PIXELS // (width * height), RASTER_OUTPUTS)
    cells = level.width * level.height
    check_picture_limits(level, MAX_CELL_FRAMES // cells - 1, VECTOR_OUTPUTS)
    with pytest.raises(InputError):
        check_picture_limits(level, MAX_CELL_FRAMES // cells, VECTOR_OUTPUTS)


def level_paths() -> list[str]:
    repo = sorted(str(path) for path in (ROOT / "levels").glob("*.txt"))
    return repo + [str(shared_path(f"levels/{relpath}")) for relpath in shared_level_files()]


@pytest.mark.parametrize("path", shared_params(level_paths()))
def test_every_level_with_a_plan_as_long_as_its_budget_passes(path: str) -> None:
    level = load_level(path)
    # Every letter costs at least 1, so a valid plan has at most `budget` letters; twice that
    # passes too, so the caps are nowhere near the levels we ship.
    check_picture_limits(level, 2 * level.budget, PICTURES)


def test_a_picture_within_the_caps_is_written(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    level = write_level(tmp_path, ROOM)
    out = tmp_path / "room.svg"
    assert main(["show", level, "--plan", "rrr", "--svg", str(out)]) == 0
    assert capsys.readouterr().out.splitlines()[0] == str(out)
    assert out.is_file() and not [name for name in os.listdir(tmp_path)
                                  if name.startswith(".tmp-")]
