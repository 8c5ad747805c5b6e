"""The vocabulary of seed report 001 and its coordinates, and its `Init(...)` rebuilt as a level.

The report places things with `pred(X, Y)`: X is the column and Y counts rows upward from the
bottom, so `helltaker(3, 8)` in a 10-row level is row 9 - 8 = 1, column 3 (RULES.md F2 counts
rows downward). `trap(X, Y, S)` and `lock(X, Y, S)` carry a state: a trap lowered (0) or
raised (1), a lock closed (0) or opened (1). `openTrap` marks static spikes. The Init lists
only the walls that bound the hero's area: a cell it does not mention is floor when the hero
can walk to it and wall otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from strips_model.errors import Position, SchemaError
from strips_model.level import Cell, Level, format_level, level_from_rows
from strips_model.reports.facts import InitBlock

HERO: Final = "helltaker"
DEMON: Final = "demon"
WALL: Final = "wall"
ROCK: Final = "rock"
SKELETON: Final = "skeleton"
LOCK: Final = "lock"
KEY: Final = "key"
TRAP: Final = "trap"
SPIKES: Final = "openTrap"
COUNTER: Final = "counter"
SUCCESSOR: Final = "plusOne"
PLACES: Final = (HERO, DEMON, WALL, ROCK, SKELETON, LOCK, KEY, TRAP, SPIKES)
"""Predicates whose first two arguments are a cell (X, Y)."""
LOWERED, RAISED = 0, 1
MOST_CELLS: Final = 10_000
"""The largest grid an Init may span (100 x 100); the course's levels have under 100 cells."""
CLOSED, OPENED = 0, 1


@dataclass(frozen=True, slots=True)
class Frame:
    """Report coordinates on a level's grid: row = top - Y, column = X + left."""

    top: int
    left: int = 0

    def cell(self, x: int, y: int) -> Cell:
        return self.top - y, x + self.left

    def xy(self, cell: Cell) -> tuple[int, int]:
        return cell[1] - self.left, self.top - cell[0]

    @staticmethod
    def of_level(level: Level) -> Frame:
        """Y = 0 on the last grid row, X = 0 on the first column."""
        return Frame(level.height - 1, 0)


@dataclass(frozen=True, slots=True)
class RebuiltLevel:
    level: Level
    frame: Frame
    """Where the Init's coordinates fall on the rebuilt grid."""
    text: str
    """The level file the Init describes."""


def _integers(atom_name: str, args: tuple[str, ...], position: Position) -> tuple[int, ...]:
    try:
        return tuple(int(arg) for arg in args)
    except ValueError:
        raise SchemaError(f"{atom_name} needs integer arguments, found ({', '.join(args)})",
                          position) from None


def rebuild_level(init: InitBlock, title: str = "rebuilt from a report's Init") -> RebuiltLevel:
    """The level an `Init(...)` in the report's vocabulary describes (see the module doc)."""
    places: dict[str, dict[tuple[int, int], int | None]] = {name: {} for name in PLACES}
    budget: int | None = None
    for atom in init.atoms:
        args = tuple(term.name for term in atom.args)
        if atom.predicate in PLACES:
            arity = 3 if atom.predicate in (TRAP, LOCK) else 2
            if len(args) != arity:
                raise SchemaError(f"{atom.predicate} takes {arity} arguments, found {len(args)}",
                                  atom.position)
            values = _integers(atom.predicate, args, atom.position)
            places[atom.predicate][values[0], values[1]] = values[2] if arity == 3 else None
        elif atom.predicate == SUCCESSOR:
            _integers(SUCCESSOR, args, atom.position)
        elif atom.predicate == COUNTER:
            if budget is not None:
                raise SchemaError("a second counter: the budget must be one value", atom.position)
            if len(args) != 1:
                raise SchemaError(f"{COUNTER} takes 1 argument, found {len(args)}",
                                  atom.position)
            (budget,) = _integers(COUNTER, args, atom.position)
            if budget < 0:
                raise SchemaError(f"{COUNTER}({budget}): the budget must be non-negative (F1)",
                                  atom.position)
    if len(places[HERO]) != 1:
        raise SchemaError(f"Init needs exactly one {HERO}(X, Y), found {len(places[HERO])}",
                          init.position)
    if budget is None:
        raise SchemaError(f"Init has no {COUNTER}(N): the budget is missing", init.position)
    every = [xy for name in PLACES for xy in places[name]]
    xs, ys = [x for x, _ in every], [y for _, y in every]
    frame = Frame(max(ys), -min(xs))
    height, width = max(ys) - min(ys) + 1, max(xs) - min(xs) + 1
    if height * width > MOST_CELLS:
        # The grid is drawn cell by cell: far-flung coordinates would take the memory.
        raise SchemaError(f"Init spans {width} x {height} cells, more than {MOST_CELLS}",
                          init.position)

    def draw(floor: frozenset[Cell] | None) -> Level:
        rows = ["".join(_symbol(places, frame.xy((row, column)),
                                floor is None or (row, column) in floor)
                        for column in range(width)) for row in range(height)]
        # A grid the Init draws wrongly (no demon, the demon on the hero) is the Init's fault.
        return level_from_rows(title, budget, rows, source=str(init.position),
                               where=lambda _cell: init.position)

    # First every unlisted cell as floor, to find where the hero can walk; then the rest
    # of the grid as wall.
    level = draw(draw(None).reachable_cells())
    return RebuiltLevel(level, frame, format_level(level))


def _symbol(places: dict[str, dict[tuple[int, int], int | None]], xy: tuple[int, int],
            walkable: bool) -> str:
    if xy in places[DEMON]:
        return "D"
    if xy in places[WALL] or not walkable:
        return "#"
    if xy in places[HERO]:
        return "H"
    if xy in places[KEY]:
        return "K"
    if places[LOCK].get(xy, OPENED) == CLOSED:
        return "L"
    rock = xy in places[ROCK]
    if xy in places[SPIKES]:
        return "O" if rock else "S"
    if xy in places[TRAP]:
        lowered = places[TRAP][xy] == LOWERED
        return ("P" if lowered else "Q") if rock else ("T" if lowered else "U")
    if rock:
        return "B"
    if xy in places[SKELETON]:
        return "M"
    return " "
