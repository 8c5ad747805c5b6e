"""Seeded random levels in the course format, for property tests and the generator."""

from __future__ import annotations

import random
from dataclasses import dataclass


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
    rows = "\n".join("".join(row) for row in grid)
    return f"random {width}x{height}\n{budget}\n{rows}\n"
