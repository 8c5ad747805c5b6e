"""When two level files are the same puzzle: same cells the hero can reach, same objects, same
budget, wherever the grid sits in its file (coordinates are taken relative to the hero's start)."""

from __future__ import annotations

from collections.abc import Iterable

from strips_model.level import Cell, Level


def puzzle(level: Level) -> dict[str, object]:
    """Everything that defines the puzzle, with coordinates relative to the hero's start."""
    h_row, h_column = level.start.hero

    def shift(cells: Iterable[Cell]) -> frozenset[Cell]:
        return frozenset((row - h_row, column - h_column) for row, column in cells)

    return {
        "reachable": shift(level.reachable_cells()),
        "boulders": shift(level.start.boulders),
        "skeletons": shift(level.start.skeletons),
        "traps lowered at the start": shift(level.traps_lowered),
        "traps raised at the start": shift(level.traps_raised),
        "spikes": shift(level.spikes),
        "key": shift([level.key] if level.key else []),
        "lock": shift([level.lock] if level.lock else []),
        "demons": shift(level.demons),
        "budget": level.budget,
    }


def puzzle_differences(first: Level, second: Level) -> dict[str, tuple[object, object]]:
    """What differs between two levels' puzzles (empty when they are the same puzzle)."""
    one, other = puzzle(first), puzzle(second)
    return {key: (one[key], other[key]) for key in one if one[key] != other[key]}
