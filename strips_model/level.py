"""A level of the course (RULES.md sections 1 and 2): its static cells, its budget and the
dynamic state it starts in, with the questions the rules ask of its grid.

Levels are read from and written to their file format by strips_model/level_file.py; the
rules that move a state on are strips_model/simulator.py's.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from strips_model.moves import Direction

Cell = tuple[int, int]
"""(row, column), row 0 = first grid row (RULES.md F2)."""


@dataclass(frozen=True, slots=True)
class State:
    """The dynamic part of a level (RULES.md section 2); moves spent are tracked by replay."""

    hero: Cell
    boulders: frozenset[Cell]
    skeletons: frozenset[Cell]
    has_key: bool
    lock_closed: bool
    parity: int
    """Number of actions taken, modulo 2 (R-T1)."""


@dataclass(frozen=True, slots=True)
class Level:
    """Static cells, initial dynamic state and budget of one level."""

    title: str
    budget: int
    height: int
    width: int
    walls: frozenset[Cell]
    """Wall cells inside the padded rectangle; cells outside it are walls too (F3)."""
    demons: frozenset[Cell]
    spikes: frozenset[Cell]
    traps_lowered: frozenset[Cell]
    """`T`/`P`: lowered at the start, raised after an odd number of actions (R-T1)."""
    traps_raised: frozenset[Cell]
    """`U`/`Q`: raised at the start, raised after an even number of actions (R-T1)."""
    key: Cell | None
    lock: Cell | None
    start: State
    source: str = "<level>"

    @property
    def name(self) -> str:
        """A short name for tables: the file name without directory and extension."""
        base = self.source.replace("\\", "/").rsplit("/", 1)[-1]
        return base.rsplit(".", 1)[0] if "." in base else base

    def inside(self, cell: Cell) -> bool:
        row, column = cell
        return 0 <= row < self.height and 0 <= column < self.width

    def is_open(self, cell: Cell) -> bool:
        """Inside the grid and neither wall nor demon: a cell something may ever occupy."""
        return self.inside(cell) and cell not in self.walls and cell not in self.demons

    def open_cells(self) -> list[Cell]:
        return [
            (row, column)
            for row in range(self.height)
            for column in range(self.width)
            if self.is_open((row, column))
        ]

    def reachable_cells(self) -> frozenset[Cell]:
        """Open cells connected to the hero's start, movable objects ignored: the room, as
        opposed to the rectangle the file pads it to (F3)."""
        seen = {self.start.hero}
        todo = [self.start.hero]
        while todo:
            row, column = todo.pop()
            for direction in Direction:
                cell = (row + direction.delta[0], column + direction.delta[1])
                if cell not in seen and self.is_open(cell):
                    seen.add(cell)
                    todo.append(cell)
        return frozenset(seen)

    def goal_cells(self) -> frozenset[Cell]:
        """Open cells orthogonally next to a demon (R-G1)."""
        return frozenset(
            (row + direction.delta[0], column + direction.delta[1])
            for row, column in self.demons
            for direction in Direction
            if self.is_open((row + direction.delta[0], column + direction.delta[1]))
        )

    def is_trap(self, cell: Cell) -> bool:
        return cell in self.traps_lowered or cell in self.traps_raised

    def trap_raised(self, cell: Cell, parity: int) -> bool:
        """A trap at `cell` that is raised once `parity` actions (mod 2) are done (R-T1):
        `T` traps rise after an odd count, `U` traps after an even one."""
        if cell in self.traps_lowered:
            return parity == 1
        return cell in self.traps_raised and parity == 0

    def hurts(self, cell: Cell, parity_after: int) -> bool:
        """Static spikes, or a trap raised once `parity_after` actions (mod 2) are done (R-E2/3)."""
        return cell in self.spikes or self.trap_raised(cell, parity_after)

    def with_budget(self, budget: int) -> Level:
        return replace(self, budget=budget)
