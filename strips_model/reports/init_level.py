"""A report's `Init(...)` rebuilt as a level, read through a vocabulary (vocabulary.py).

Seed 001's vocabulary (vocabularies/seed001.toml) places things with `pred(X, Y)`: X is the
column and Y counts rows upward from the bottom, so `helltaker(3, 8)` in a 10-row level is row
9 - 8 = 1, column 3 (RULES.md F2 counts rows downward). `trap(X, Y, S)` and `lock(X, Y, S)`
carry a state: a trap lowered (0) or raised (1), a lock closed (0) or opened (1); other
vocabularies say other numbers or words (`up`, `closed`), and may give a key a state too
(`cle(X, Y, true)` lying there, `cle(X, Y, false)` taken: no key on the board). `openTrap`
marks static spikes. Other vocabularies swap X and Y, count rows downward, or have no state
values (a lock listed is then closed), write a place after a state argument or as one cell
constant (`Vocabulary.place_of` reads it). A vocabulary without a counter reads an Init without
a budget (NO_BUDGET); one counting up from 0 gives it as its `counter_limit` (`limit(23)`).
The Init lists only the walls that bound the hero's
area: a cell it does not mention is floor when the hero can walk to it and wall otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from strips_model.errors import Position, SchemaError
from strips_model.level import Cell, Level
from strips_model.level_file import format_level, level_from_rows
from strips_model.reports.facts import InitBlock
from strips_model.reports.vocabulary import Vocabulary, shipped_vocabularies

MOST_CELLS: Final = 10_000
"""The largest grid an Init may span (100 x 100); the course's levels have under 100 cells."""
PLACE_ROLES: Final = ("hero", "demon", "wall", "boulder", "skeleton", "lock", "key", "trap",
                      "spikes")
"""Roles whose predicates take a cell: its two coordinates, first unless the vocabulary's
[places] says otherwise, or one cell constant ([coordinates] cell)."""
NO_BUDGET: Final = 999
"""The budget of a level rebuilt from the Init of a model without a counter: the model says no
budget, so none binds (the least cost decides; the course's levels need under 50 points)."""
STATEFUL: Final = ("trap", "lock", "key")
"""Roles whose predicates take a state after the cell, when the vocabulary gives its values."""


def report_vocabulary() -> Vocabulary:
    """Seed 001's vocabulary (also seed 000's), shipped in vocabularies/seed001.toml."""
    return next(v for v in shipped_vocabularies() if v.source.endswith("seed001.toml"))


def place_predicates(vocabulary: Vocabulary) -> dict[str, str]:
    """Predicate -> role, for the roles placed on a cell that the vocabulary names."""
    return {predicate: role for role in PLACE_ROLES
            if (predicate := vocabulary.predicate(role)) is not None}


@dataclass(frozen=True, slots=True)
class Coordinates:
    """A vocabulary's coordinates on a level's grid. In seed 001's, X is the column (from
    `left`) and Y the row counted upward (row = top - Y); others swap X and Y or count rows
    downward (row = Y - top)."""

    top: int
    left: int = 0
    first_is_column: bool = True
    rows_upward: bool = True

    def cell(self, x: int, y: int) -> Cell:
        column, row = (x, y) if self.first_is_column else (y, x)
        return (self.top - row if self.rows_upward else row - self.top), column + self.left

    def xy(self, cell: Cell) -> tuple[int, int]:
        row = self.top - cell[0] if self.rows_upward else cell[0] + self.top
        column = cell[1] - self.left
        return (column, row) if self.first_is_column else (row, column)

    @staticmethod
    def of_level(level: Level, vocabulary: Vocabulary | None = None) -> Coordinates:
        """Rows from 0 on the last grid row (upward) or the first (downward), columns from 0
        on the first column."""
        upward = True if vocabulary is None else vocabulary.rows_upward
        first_is_column = True if vocabulary is None else vocabulary.first_is_column
        return Coordinates(level.height - 1 if upward else 0, 0, first_is_column, upward)


@dataclass(frozen=True, slots=True)
class RebuiltLevel:
    level: Level
    coordinates: Coordinates
    """Where the Init's coordinates fall on the rebuilt grid."""
    text: str
    """The level file the Init describes."""
    budgeted: bool = True
    """The Init gives the budget (a counter); else the level's is NO_BUDGET, and a level file
    of the same puzzle brings its own."""


def _integers(atom_name: str, args: tuple[str, ...], position: Position) -> tuple[int, ...]:
    try:
        return tuple(int(arg) for arg in args)
    except ValueError:
        raise SchemaError(f"{atom_name} needs integer arguments, found ({', '.join(args)})",
                          position) from None


def rebuild_level(init: InitBlock, title: str = "rebuilt from a report's Init",
                  vocabulary: Vocabulary | None = None) -> RebuiltLevel:
    """The level an `Init(...)` describes in `vocabulary` (seed 001's by default; see the
    module doc)."""
    words = vocabulary or report_vocabulary()
    roles = place_predicates(words)
    counter, successor = words.predicate("counter"), words.predicate("successor")
    stateful = {role for role in STATEFUL
                if any(name.startswith(role) for name, _ in words.values)}
    places: dict[str, dict[tuple[int, int], str | None]] = {role: {} for role in PLACE_ROLES}
    budget: int | None = None
    limit = words.predicate("counter_limit")
    bound: int | None = None
    """A counter counting up starts at 0: its limit is the budget."""
    for atom in init.atoms:
        args = tuple(term.name for term in atom.args)
        role = roles.get(atom.predicate)
        if role is not None:
            arity = words.width + (role in stateful)
            if len(args) != arity:
                raise SchemaError(f"{atom.predicate} takes {arity} arguments, found {len(args)}",
                                  atom.position)
            try:
                x, y, state = words.place_of(atom.predicate, args)
            except ValueError as error:
                raise SchemaError(str(error), atom.position) from None
            # A state is a number or a word (`trap(up, X, Y)`), compared as written.
            xy = _integers(atom.predicate, (x, y), atom.position)
            places[role][xy[0], xy[1]] = state[0] if state else None
        elif atom.predicate == successor:
            _integers(atom.predicate, args, atom.position)
        elif atom.predicate == limit and len(args) == 1:
            (bound,) = _integers(atom.predicate, args, atom.position)
        elif atom.predicate == counter:
            if budget is not None:
                raise SchemaError("a second counter: the budget must be one value", atom.position)
            if len(args) != 1:
                raise SchemaError(f"{counter} takes 1 argument, found {len(args)}",
                                  atom.position)
            (budget,) = _integers(atom.predicate, args, atom.position)
            if budget < 0:
                raise SchemaError(f"{counter}({budget}): the budget must be non-negative (F1)",
                                  atom.position)
    budget = bound if bound is not None and budget is not None else budget
    hero = words.required("hero")
    if len(places["hero"]) != 1:
        raise SchemaError(f"Init needs exactly one {hero}(X, Y), found {len(places['hero'])}",
                          init.position)
    if budget is None and counter is not None:
        raise SchemaError(f"Init has no {counter}(N): the budget is missing",
                          init.position)
    every = [xy for role in PLACE_ROLES for xy in places[role]]
    columns = [xy[0] if words.first_is_column else xy[1] for xy in every]
    rows = [xy[1] if words.first_is_column else xy[0] for xy in every]
    coordinates = Coordinates(max(rows) if words.rows_upward else min(rows), -min(columns),
                              words.first_is_column, words.rows_upward)
    height, width = max(rows) - min(rows) + 1, max(columns) - min(columns) + 1
    if height * width > MOST_CELLS:
        # The grid is drawn cell by cell: far-flung coordinates would take the memory.
        raise SchemaError(f"Init spans {width} x {height} cells, more than {MOST_CELLS}",
                          init.position)
    closed = str(words.value("lock_closed")) if "lock" in stateful else None
    lowered = str(words.value("trap_lowered")) if "trap" in stateful else None
    lying = str(words.value("key_lying")) if "key" in stateful else None

    def draw(floor: frozenset[Cell] | None) -> Level:
        rows_text = ["".join(_symbol(places, coordinates.xy((row, column)),
                                     floor is None or (row, column) in floor,
                                     closed, lowered, lying)
                             for column in range(width)) for row in range(height)]
        # A grid the Init draws wrongly (no demon, the demon on the hero) is the Init's fault.
        return level_from_rows(title, NO_BUDGET if budget is None else budget, rows_text,
                               source=str(init.position),
                               where=lambda _cell: init.position)

    # First every unlisted cell as floor, to find where the hero can walk; then the rest
    # of the grid as wall.
    level = draw(draw(None).reachable_cells())
    return RebuiltLevel(level, coordinates, format_level(level), budget is not None)


def _symbol(places: dict[str, dict[tuple[int, int], str | None]], xy: tuple[int, int],
            walkable: bool, closed: str | None, lowered: str | None, lying: str | None
            ) -> str:
    if xy in places["demon"]:
        return "D"
    if xy in places["wall"] or not walkable:
        return "#"
    if xy in places["hero"]:
        return "H"
    # A key with a state is on the board only while it lies there (not once taken).
    if xy in places["key"] and places["key"][xy] in (lying, None):
        return "K"
    # A lock without a state value is a closed lock (its predicate goes when it opens).
    if xy in places["lock"] and places["lock"][xy] in (closed, None):
        return "L"
    rock = xy in places["boulder"]
    if xy in places["spikes"]:
        return "O" if rock else "S"
    if xy in places["trap"]:
        is_lowered = lowered is None or places["trap"][xy] == lowered
        return ("P" if is_lowered else "Q") if rock else ("T" if is_lowered else "U")
    if rock:
        return "B"
    if xy in places["skeleton"]:
        return "M"
    return " "
