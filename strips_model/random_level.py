"""Seeded random level layouts in the course format, for the generator and the scaling study."""

from __future__ import annotations

import random
from dataclasses import dataclass

from strips_model.level_file import format_level, level_from_rows


@dataclass(frozen=True, slots=True)
class Counts:
    """How many of each object a generated level holds."""

    boulders: int = 0
    skeletons: int = 0
    spikes: int = 0
    traps: int = 0
    key: bool = False
    walls: float = 0.1
    """Share of interior cells turned into walls."""


def layout_text(rng: random.Random, width: int, height: int, counts: Counts, budget: int,
                title: str) -> str:
    """A walled level with exactly the requested objects; the hero starts near the top-left
    corner and the demon stands near the bottom-right one, so plans cross the map."""
    if width < 4 or height < 4:
        raise ValueError("a level needs at least 4 x 4 cells (walls included)")
    inner = [(row, column) for row in range(1, height - 1) for column in range(1, width - 1)]
    needed = 2 + counts.boulders + counts.skeletons + counts.spikes + counts.traps + \
        (2 if counts.key else 0)
    if needed > len(inner):
        raise ValueError(f"{needed} objects do not fit in {len(inner)} inner cells")
    grid = [["#"] * width for _ in range(height)]
    for row, column in inner:
        grid[row][column] = " "
    corner = max(1, min(width, height) // 4)
    hero = rng.choice([c for c in inner if c[0] <= corner and c[1] <= corner])
    demon = rng.choice([c for c in inner
                        if c[0] >= height - 1 - corner and c[1] >= width - 1 - corner])
    grid[hero[0]][hero[1]] = "H"
    grid[demon[0]][demon[1]] = "D"
    free = [c for c in inner if c not in (hero, demon)
            and abs(c[0] - hero[0]) + abs(c[1] - hero[1]) > 1]
    rng.shuffle(free)
    symbols = (["B"] * counts.boulders + ["M"] * counts.skeletons + ["S"] * counts.spikes
               + [rng.choice("TU") for _ in range(counts.traps)]
               + (["K", "L"] if counts.key else []))
    if len(symbols) > len(free):
        raise ValueError("not enough room away from the hero for the objects")
    for symbol, (row, column) in zip(symbols, free, strict=False):
        grid[row][column] = symbol
    for row, column in free[len(symbols):]:
        if rng.random() < counts.walls:
            grid[row][column] = "#"
    return _level_text(title, budget, grid)


def _level_text(title: str, budget: int, grid: list[list[str]]) -> str:
    """The file of a generated grid, through the checks (F5) every level file passes."""
    return format_level(level_from_rows(title, budget, ["".join(row) for row in grid]))
