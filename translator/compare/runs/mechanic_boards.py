"""Small boards generated per mechanic and per pair of mechanics, in every orientation, for the
comparison on every reachable state (issue 41 item 3): a rule no classic level exercises still
gets a proof or a counterexample.

A board is a corridor one cell high: the hero at one end, then the parts of its mechanics side
by side (a pair in both orders), a floor cell, and the end: the demon, or for the wall a
wall. Under the floor cell and the end runs a bay (the demon in it, for the wall's end):

    #######      #######
    #HMB D#      #HMB ##
    ####  #      #### D#
    #######      #######

Kicking along the corridor brings every part into contact with the next (a boulder onto the
key cell, a skeleton onto a trap, either into the other, into the closed lock, the demon or
the wall); the hero steps over every static part and kicks from it; from the bay it walks
round a part stuck in the corridor and kicks it into the wall above (a wait, which changes
the phase of the traps). The turned and mirrored copies (evidence.py `SYMMETRIES`) make every
kick and step go in the four directions; copies that draw the same board are kept once.

The budget of a board is the least cost of its costliest state plus 2, the dearest key press:
every state the board can reach is within it, and every key press from every such state is
judged, so equal on every state is equal on the whole board, whatever the budget.
"""

from __future__ import annotations

import itertools
import sys
from dataclasses import dataclass, replace
from functools import cache
from typing import Final

from strips_model.level import Level
from strips_model.level_file import format_level, level_from_rows
from translator.compare.runs.evidence import SYMMETRIES
from translator.compare.runs.game_graph import GameGraph
from translator.planners.exhaustive import solve_exhaustively

BOARD_STATES: Final = 100
"""The most states a generated board may reach (the largest reaches 15; 2,352 over the 352
distinct boards): the bound of its comparison, which the generator checks each board
against."""
DEAREST_PRESS: Final = 2
"""The most one key press costs (a step onto spikes or a lowered trap, a kick from them)."""
GAP: Final = 1
"""Floor cells between the parts and the end: room for a part kicked off another, and one
only, so that the hero kicks a part stuck against the end from the part before it (a
boulder stuck while the hero stands on spikes: a second cell loses that)."""


@dataclass(frozen=True, slots=True)
class Mechanic:
    name: str
    symbols: str
    """What it puts in the corridor, in order ("" for an end)."""
    end: bool = False
    """It closes the corridor (the demon, the wall) instead of standing in it."""


MECHANICS: Final = (
    Mechanic("boulder", "B"), Mechanic("skeleton", "M"), Mechanic("key and lock", "KL"),
    Mechanic("spikes", "S"), Mechanic("trap raised at first", "U"),
    Mechanic("trap lowered at first", "T"), Mechanic("demon", "", end=True),
    Mechanic("wall", "", end=True))
DEMON, WALL = MECHANICS[-2], MECHANICS[-1]


@dataclass(frozen=True, slots=True)
class Board:
    """One generated board in one orientation, with what the game makes of it."""

    group: str
    """The mechanics it stands for ("boulder + spikes")."""
    layout: str
    """Its corridor as given, before turning ("HBS  D")."""
    orientation: str
    level: Level
    states: int
    """The game's states on it (every one reachable within the budget)."""
    cost: int | None
    """The game's least cost to the goal; None when the demon cannot be reached."""

    @property
    def name(self) -> str:
        return f"{self.group}: {self.layout!r}, {self.orientation}"

    @property
    def grid(self) -> tuple[str, ...]:
        return tuple(format_level(self.level).splitlines()[2:])


@dataclass(frozen=True, slots=True)
class BoardGroup:
    """A mechanic or a pair of mechanics and its boards (every order, every orientation)."""

    name: str
    mechanics: tuple[str, ...]
    boards: tuple[Board, ...]


def _rows(parts: str, end: Mechanic) -> list[str]:
    """The corridor, and under its floor cells and its end the bay (the module doc)."""
    corridor = "H" + parts + " " * GAP + ("D" if end is DEMON else "#")
    bay = "#" * (1 + len(corridor) - GAP - 1) + " " * GAP + (" " if end is DEMON else "D")
    return ["#" * (len(corridor) + 2), f"#{corridor}#", f"{bay}#",
            "#" * (len(corridor) + 2)]


def _layouts(mechanics: tuple[Mechanic, ...]) -> list[tuple[str, Mechanic]]:
    """The group's corridors: its parts in every order, before each of its ends (the demon
    when it names none: every board has one)."""
    parts = [m for m in mechanics if not m.end]
    ends = [m for m in mechanics if m.end] or [DEMON]
    orders = dict.fromkeys("".join(m.symbols for m in order)
                           for order in itertools.permutations(parts))
    return [(order, end) for end in ends for order in orders]


def _saturated(level: Level) -> tuple[int, int]:
    """How many states the board reaches at all, and the least cost of the costliest: a
    search of the simulator alone, won states not expanded."""
    best = GameGraph(level).explored(budget=sys.maxsize)
    return len(best), max(best.values())


def _board(group: str, parts: str, end: Mechanic) -> tuple[str, Level, int]:
    rows = _rows(parts, end)
    drawn = level_from_rows("board", 0, rows, "<board>")
    states, farthest = _saturated(drawn)
    if states > BOARD_STATES:
        raise AssertionError(f"the board {rows[1]} reaches {states} states, past the "
                             f"bound {BOARD_STATES}")
    return rows[1][1:-1], replace(drawn, budget=farthest + DEAREST_PRESS), states


def _group(mechanics: tuple[Mechanic, ...]) -> BoardGroup:
    name = " + ".join(m.name for m in mechanics)
    boards: list[Board] = []
    for parts, end in _layouts(mechanics):
        layout, level, states = _board(name, parts, end)
        cost = solve_exhaustively(level).cost
        copies = dict.fromkeys(symmetry for symmetry in SYMMETRIES)
        seen: set[Level] = set()
        for symmetry in copies:
            turned = symmetry.level(level)
            if turned not in seen:  # a copy that draws the same board tells nothing more
                seen.add(turned)
                boards.append(Board(name, layout, symmetry.name, turned, states, cost))
    return BoardGroup(name, tuple(m.name for m in mechanics), tuple(boards))


@cache
def board_groups() -> tuple[BoardGroup, ...]:
    """Every mechanic alone, then every pair of mechanics, each with its boards."""
    chosen = [(m,) for m in MECHANICS] + list(itertools.combinations(MECHANICS, 2))
    return tuple(_group(mechanics) for mechanics in chosen)


def distinct_boards() -> tuple[Board, ...]:
    """Every board once (a pair with the demon draws its other mechanic's boards again)."""
    boards: dict[Level, Board] = {}
    for group in board_groups():
        for board in group.boards:
            boards.setdefault(board.level, board)
    return tuple(boards.values())
