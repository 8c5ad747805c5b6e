"""The cap on a level's grid for `compare`, `pddl` and `show`, checked as each level is read.

These commands do work that grows faster than the level file: `pddl` writes facts for every
pair of neighbouring cells through unified-planning, `compare` grounds two models on every
level and probe, `show` draws every cell of every frame. The 1 MiB cap of a level file
(strips_model/input_files.py) still lets a level of 1,000 x 1,000 cells through, on which
`compare --timeout 10` ran past 120 s at 2.8 GB, `pddl` past 120 s at 2.8 GB and `show` of a
100-letter plan printed 210 MB. At the cap of `compare` and `pddl`, 50 x 50, an open level's
`pddl` export takes about 5 s of CPU; `show` has a cap of its own, above its pictures' caps;
the largest level the project ships (classic level 8) has 154 cells. Reading the level first
is bounded by the file cap (a 1 MiB level parses in under a second); the cap is then checked
before any other work.
`solve` and `validate` are not capped: their planners and the simulator are bounded by
`--timeout` and `--memory-limit`, and a plan's replay grows with its letters, not the grid.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from strips_model.errors import InputError, Position

if TYPE_CHECKING:
    from strips_model.level import Level

MAX_LEVEL_CELLS: Final = 2_500
"""Cells of a level's grid (width x height, walls and blanks included) for `compare` and
`pddl`: 50 x 50."""
MAX_SHOWN_CELLS: Final = 40_000
"""For `show`: 200 x 200, past its pictures' own grid cap (render/limits.py, 100 x 100), which
then still speaks for --svg and --html; the terminal prints some 80 KB a frame at most (500 x
500 printed 50.7 MB for 100 letters in 7 s of CPU)."""
CAPS: Final = {"compare": MAX_LEVEL_CELLS, "pddl": MAX_LEVEL_CELLS, "show": MAX_SHOWN_CELLS}

def cap_text(command: str) -> str:
    """The cap of `command` in words, for its `--help`."""
    return (f"A level's grid may have at most {CAPS[command]:,} cells (width x height); a "
            "larger level is refused before any work, status 2.")


def check_level_size(level: Level, command: str) -> None:
    """Raise InputError, naming the file, when `level` is past the cap of `command`."""
    cells, cap = level.width * level.height, CAPS[command]
    if cells > cap:
        raise InputError(
            f"the level has {cells:,} cells ({level.width} x {level.height}), more than the "
            f"{cap:,} that {command} handles", Position(level.source))


def load_capped_level(path: str, command: str) -> Level:
    """The level at `path`, refused when past the cap of `command`."""
    # Here, not at the top: the level reader imports lark, which `--help` does not need.
    from strips_model.level_file import load_level

    level = load_level(path)
    check_level_size(level, command)
    return level


def load_capped_levels(paths: Sequence[str], command: str) -> list[Level]:
    """Every level, all read and checked against the cap before any work starts."""
    return [load_capped_level(path, command) for path in paths]
