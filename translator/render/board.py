"""What each cell of a level shows in a given state: ground, item and occupant.

The terminal glyphs, the picture sprites and the replay page all draw from this one reading of
a state, so they cannot disagree about what stands where.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from strips_model.level import Cell, Level, State

Ground = Literal["void", "floor", "wall", "demon", "spikes", "trap_raised", "trap_lowered"]
Item = Literal["key", "lock"]
Occupant = Literal["hero", "boulder", "skeleton"]


@dataclass(frozen=True, slots=True)
class CellView:
    ground: Ground
    item: Item | None
    """The key while nobody has taken it; the lock while it is closed."""
    occupant: Occupant | None


def ground_at(level: Level, cell: Cell, parity: int, reachable: frozenset[Cell]) -> Ground:
    """`reachable` is `level.reachable_cells()`: floor outside it (beyond the walls, F3
    padding) is void, so pictures show the room rather than the rectangle the file pads."""
    if cell in level.walls or not level.inside(cell):
        return "wall"
    if cell in level.demons:
        return "demon"
    if cell in level.spikes:
        return "spikes"
    if level.is_trap(cell):
        return "trap_raised" if level.trap_raised(cell, parity) else "trap_lowered"
    return "floor" if cell in reachable else "void"


def cell_view(level: Level, state: State, cell: Cell, reachable: frozenset[Cell]) -> CellView:
    item: Item | None = None
    if cell == level.key and not state.has_key:
        item = "key"
    elif cell == level.lock and state.lock_closed:
        item = "lock"
    occupant: Occupant | None = None
    if cell == state.hero:
        occupant = "hero"
    elif cell in state.boulders:
        occupant = "boulder"
    elif cell in state.skeletons:
        occupant = "skeleton"
    ground = ground_at(level, cell, state.parity, reachable)
    if ground == "void" and (item or occupant):
        ground = "floor"
    return CellView(ground, item, occupant)


def cells(level: Level) -> list[Cell]:
    """Every cell of the padded rectangle, row by row."""
    return [(row, column) for row in range(level.height) for column in range(level.width)]
