"""Seeded random levels in the course format, for property tests and the generator."""

from __future__ import annotations

import random
from dataclasses import dataclass

from strips_model.level import format_level, level_from_rows


@dataclass(frozen=True, slots=True)
class Mix:
    """Probability of each symbol in an interior cell that is not the hero, demon, key or lock."""

    wall: float = 0.15
    boulder: float = 0.12
    skeleton: float = 0.1
    spikes: float = 0.06
    trap: float = 0.1


def random_level_text(rng: random.Random, width: int, height: int, budget: int = 30,
                      mix: Mix = Mix(), key_and_lock: bool | None = None) -> str:
    """A walled `width` x `height` level; any symbol mix, solvable or not."""
    inner = [(row, column) for row in range(1, height - 1) for column in range(1, width - 1)]
    grid = [["#"] * width for _ in range(height)]
    for row, column in inner:
        roll = rng.random()
        for symbol, share in (("#", mix.wall), ("B", mix.boulder), ("M", mix.skeleton),
                              ("S", mix.spikes), ("T", mix.trap / 2), ("U", mix.trap / 2)):
            if roll < share:
                if symbol == "B" and rng.random() < 0.3:
                    symbol = rng.choice("OPQ")  # a boulder on spikes or a trap
                grid[row][column] = symbol
                break
            roll -= share
        else:
            grid[row][column] = " "
    special = rng.sample(inner, 4)
    grid[special[0][0]][special[0][1]] = "H"
    grid[special[1][0]][special[1][1]] = "D"
    if key_and_lock if key_and_lock is not None else rng.random() < 0.5:
        grid[special[2][0]][special[2][1]] = "K"
        grid[special[3][0]][special[3][1]] = "L"
    return _level_text(f"random {width}x{height}", budget, grid)


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
