"""A fix that holds only by accident of coordinates is no fix (issue "The reading is a
hypothesis the game tests", item 6).

An edit such as `add ¬soldat(y', y')` compares a row with a column: on the evidence's boards
it may never bite, yet it says nothing true of the game. The game is the same on a board
moved down and right, its new first rows and columns walls (cells outside a level are walls
already, F3), so a fixed model must give every case the same verdict once the board is
moved. Rows and columns move by different amounts, so that no row and column that were equal
stay equal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from strips_model.level import Cell, Level, State
from strips_model.schema import Schema
from translator.compare.models.compared import UnbuildableModel
from translator.compare.repair.search_terms import Repair, Subject
from translator.compare.repair.verify import check_case
from translator.compare.runs.evidence import Case

SHIFT: tuple[int, int] = (2, 3)
"""Rows and columns a board is moved by: unequal, and past a coincidence of one."""


def shifted_level(level: Level, rows: int, columns: int) -> Level:
    """`level` moved down by `rows` and right by `columns`, the cells it leaves walls."""
    def moved(cell: Cell) -> Cell:
        return cell[0] + rows, cell[1] + columns

    def cells(group: frozenset[Cell]) -> frozenset[Cell]:
        return frozenset(map(moved, group))

    height, width = level.height + rows, level.width + columns
    border = {(r, c) for r in range(height) for c in range(width) if r < rows or c < columns}
    start = level.start
    return replace(level, height=height, width=width,
                   walls=cells(level.walls) | frozenset(border), demons=cells(level.demons),
                   spikes=cells(level.spikes), traps_lowered=cells(level.traps_lowered),
                   traps_raised=cells(level.traps_raised),
                   key=None if level.key is None else moved(level.key),
                   lock=None if level.lock is None else moved(level.lock),
                   start=State(moved(start.hero), cells(start.boulders),
                               cells(start.skeletons), start.has_key, start.lock_closed,
                               start.parity))


def shifted_case(case: Case, rows: int = SHIFT[0], columns: int = SHIFT[1]) -> Case:
    return replace(case, name=f"{case.name} (moved by {rows} rows, {columns} columns)",
                   level=shifted_level(case.level, rows, columns))


def by_coordinates(subject: Subject, written: tuple[Schema, ...], repair: Repair,
                   cases: Sequence[Case]) -> str | None:
    """The first case whose verdict the fixed model changes once its board is moved (where
    the fix holds only by accident of coordinates), None if none does; judged with the
    fixes it was verified with (`after`) made."""
    model = subject.fixed(written, repair)
    if isinstance(model, UnbuildableModel):
        return None  # the search never returns one; nothing to move
    for case in cases:
        before = check_case(model, case) is None
        moved = shifted_case(case)
        if (check_case(model, moved) is None) != before:
            return f"{moved.name}: {'fails' if before else 'agrees'} once moved"
    return None
