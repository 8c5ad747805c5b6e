"""Caps on the picture outputs of `helltaker show`, checked before anything is replayed or drawn.

A picture file holds every frame at once, so its size and the time and memory to make it grow
with the plan's length times the level's size: past these caps a picture would take minutes and
gigabytes (or die of MemoryError) instead of seconds. The terminal replay streams its frames and
has no cap. The shipped and shared levels with their plans stay far below every cap: the
largest, classic level 8 (14 x 11 cells) with a 43-letter plan, makes 7.6 million pixels and
6,776 cell-frames.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from strips_model.errors import InputError
from strips_model.level import Level
from translator.render.scene import CELL, HEADER, MIN_WIDTH, picture_size

MAX_FRAMES: Final = 10_000
"""Frames of any picture output: the plan's letters plus the start."""
MAX_PIXELS: Final = 30_000_000
"""--png and --gif: picture width x height x frames (about 3 s and 300 MB for an APNG)."""
MAX_GRID_CELLS: Final = 10_000
"""--svg and --html: cells of the level's grid, width x height (100 x 100)."""
MAX_CELL_FRAMES: Final = 250_000
"""--svg and --html: grid cells x frames (a grid full of traps draws every cell every frame)."""

RASTER_OUTPUTS: Final = ("png", "gif")
VECTOR_OUTPUTS: Final = ("svg", "html")


def limits_text() -> str:
    """The caps in words, for `show --help`."""
    # A room of 4 x 6 cells, walls included, is drawn MIN_WIDTH wide.
    room_width, room_height = MIN_WIDTH, HEADER + 4 * CELL
    return (
        f"Pictures are capped so that each is made in seconds (the terminal replay has no cap):\n"
        f"  every output   at most {MAX_FRAMES:,} frames (the plan's letters + 1)\n"
        f"  --png, --gif   at most {MAX_PIXELS:,} pixels: picture width x height x frames\n"
        f"                 (a 4 x 6 room is {room_width} x {room_height} pixels: "
        f"{MAX_PIXELS // (room_width * room_height):,} frames)\n"
        f"  --svg, --html  at most {MAX_GRID_CELLS:,} grid cells (level width x height) and\n"
        f"                 {MAX_CELL_FRAMES:,} cell-frames: grid cells x frames\n"
        f"Past a cap, show writes nothing and exits with status 2.\n"
    )


def check_picture_limits(level: Level, letters: int, extensions: Iterable[str]) -> None:
    """Raise InputError, naming the option and the cap, when an output of a plan of `letters`
    letters on `level` would pass a cap."""
    frames = letters + 1
    cells = level.width * level.height
    for extension in extensions:
        option = f"--{extension}"
        if frames > MAX_FRAMES:
            raise InputError(
                f"{option}: a plan of {letters:,} letters makes {frames:,} frames, over the cap "
                f"of {MAX_FRAMES:,} frames for pictures; show a shorter plan, or this one in "
                "the terminal")
        if extension in RASTER_OUTPUTS:
            width, height = picture_size(level)
            pixels = width * height * frames
            if pixels > MAX_PIXELS:
                raise InputError(
                    f"{option}: {width} x {height} pixels x {frames:,} frames = {pixels:,} "
                    f"pixels, over the cap of {MAX_PIXELS:,} pixels for --png and --gif; "
                    "use --svg or --html, or a shorter plan")
        if extension in VECTOR_OUTPUTS:
            if cells > MAX_GRID_CELLS:
                raise InputError(
                    f"{option}: the grid of {level.width} x {level.height} = {cells:,} cells is "
                    f"over the cap of {MAX_GRID_CELLS:,} cells for --svg and --html")
            if cells * frames > MAX_CELL_FRAMES:
                raise InputError(
                    f"{option}: {cells:,} grid cells x {frames:,} frames = {cells * frames:,} "
                    f"cell-frames, over the cap of {MAX_CELL_FRAMES:,} for --svg and --html; "
                    "show a shorter plan")
