"""A pure implementation of the rules of RULES.md sections 3-5.

`step` applies one key press and reports what happened as structured events and the ids of
the rules it applied, so that a replay can explain every outcome; it never mutates anything.
The exhaustive search and the validator share it; the validator puts events into words.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, auto
from typing import Final, NamedTuple

from strips_model.level import Cell, Level, State
from strips_model.moves import Direction

_DELTAS: Final[dict[Direction, Cell]] = {direction: direction.delta for direction in Direction}


class Happening(Enum):
    """What a key press can do, one member per sentence of a trace."""

    LOCK_BUMPED = auto()
    """R-A1: the hero faces the closed lock without the key; nothing moves."""
    LOCK_OPENED = auto()
    """R-A2: the hero opens the lock with the key and steps onto its cell."""
    BOULDER_MOVED = auto()
    """R-A3: a kicked boulder slides one cell."""
    BOULDER_STUCK = auto()
    """R-A3: a kicked boulder has no room and stays."""
    SKELETON_MOVED = auto()
    """R-A4: a kicked skeleton slides one cell."""
    SKELETON_SMASHED = auto()
    """R-A4: a skeleton kicked into an obstacle is destroyed."""
    HERO_STEPPED = auto()
    """R-A5: the hero steps onto a free cell."""
    KEY_TAKEN = auto()
    """R-A5: the step lands on the key."""
    SKELETON_IMPALED = auto()
    """R-E2: after the toggle a skeleton stands on spikes or a raised trap."""
    HERO_HURT = auto()
    """R-E3: after the toggle the hero's cell hurts; the action costs one more move."""


class Event(NamedTuple):
    """One thing a key press made happen.

    A named tuple rather than a frozen dataclass: every step of every search builds one or two,
    and a tuple is built in half the time (the exhaustive search makes 300k steps on level 9).
    """

    happening: Happening
    cell: Cell
    """Where: the lock, the kicked object's cell, the hero's new cell, the doomed skeleton."""
    to: Cell | None = None
    """Where a kicked object went (BOULDER_MOVED, SKELETON_MOVED)."""


@dataclass(frozen=True, slots=True)
class Move:
    """The result of a key press that is an action."""

    state: State
    cost: int
    rules: tuple[str, ...]
    """Rule ids applied, in order (R-A*, then R-E1, R-E2 when a skeleton died, R-E3 on damage)."""
    events: tuple[Event, ...]
    """What happened, in order."""


class Obstacle(Enum):
    """What the hero faces when a key press is not an action (R-A0)."""

    WALL = auto()
    OUTSIDE = auto()
    """Beyond the padded grid, a wall too (F3)."""
    DEMON = auto()


@dataclass(frozen=True, slots=True)
class NotAnAction:
    """A key press the game ignores (R-A0): the hero faces a wall, the outside or a demon."""

    obstacle: Obstacle
    cell: Cell
    rule: str = "R-A0"


def _free_for_object(level: Level, state: State, cell: Cell) -> bool:
    """RULES.md section 3: inside, not wall/demon, no boulder or skeleton, not a closed lock."""
    return (
        level.is_open(cell)
        and cell not in state.boulders
        and cell not in state.skeletons
        and not (state.lock_closed and cell == level.lock)
    )


def _obstacle(level: Level, cell: Cell) -> Obstacle:
    if not level.inside(cell):
        return Obstacle.OUTSIDE
    if cell in level.demons:
        return Obstacle.DEMON
    return Obstacle.WALL


def step(level: Level, state: State, direction: Direction) -> Move | NotAnAction:
    """Apply the key press `direction` to `state`."""
    d_row, d_column = _DELTAS[direction]
    hero = state.hero
    n1 = (hero[0] + d_row, hero[1] + d_column)
    if not level.is_open(n1):
        return NotAnAction(_obstacle(level, n1), n1)
    n2 = (n1[0] + d_row, n1[1] + d_column)
    boulders, skeletons = state.boulders, state.skeletons
    has_key, lock_closed = state.has_key, state.lock_closed
    events: tuple[Event, ...]
    if lock_closed and n1 == level.lock:
        if not has_key:
            rule = "R-A1"
            events = (Event(Happening.LOCK_BUMPED, n1),)
        else:
            rule = "R-A2"
            hero, lock_closed = n1, False
            events = (Event(Happening.LOCK_OPENED, n1),)
    elif n1 in boulders:
        rule = "R-A3"
        if _free_for_object(level, state, n2):
            boulders = (boulders - {n1}) | {n2}
            events = (Event(Happening.BOULDER_MOVED, n1, n2),)
        else:
            events = (Event(Happening.BOULDER_STUCK, n1),)
    elif n1 in skeletons:
        rule = "R-A4"
        skeletons = skeletons - {n1}
        if _free_for_object(level, state, n2):
            skeletons = skeletons | {n2}
            events = (Event(Happening.SKELETON_MOVED, n1, n2),)
        else:
            events = (Event(Happening.SKELETON_SMASHED, n1),)
    else:
        rule = "R-A5"
        hero = n1
        events = (Event(Happening.HERO_STEPPED, n1),)
        if n1 == level.key and not has_key:
            has_key = True
            events += (Event(Happening.KEY_TAKEN, n1),)
    parity = 1 - state.parity
    rules: tuple[str, ...] = (rule, "R-E1")
    hurts = level.hurts
    doomed = [cell for cell in skeletons if hurts(cell, parity)]
    if doomed:
        skeletons = skeletons.difference(doomed)
        rules += ("R-E2",)
        events += tuple(Event(Happening.SKELETON_IMPALED, cell) for cell in sorted(doomed))
    cost = 1
    if hurts(hero, parity):
        cost = 2
        rules += ("R-E3",)
        events += (Event(Happening.HERO_HURT, hero),)
    new_state = State(hero, boulders, skeletons, has_key, lock_closed, parity)
    return Move(new_state, cost, rules, events)


def is_goal(level: Level, state: State) -> bool:
    """R-G1: the hero stands on an orthogonal neighbour of a demon."""
    row, column = state.hero
    demons = level.demons
    return any((row + d_row, column + d_column) in demons for d_row, d_column in _DELTAS.values())
