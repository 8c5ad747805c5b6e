"""A pure implementation of the rules of RULES.md sections 3-5.

`step` applies one key press and says which rules it applied, so that a replay can explain
every outcome; it never mutates anything. The exhaustive search and the validator share it.
"""

from __future__ import annotations

from dataclasses import dataclass

from strips_model.level import DIRECTIONS, Cell, Level, State


@dataclass(frozen=True, slots=True)
class Move:
    """The result of a key press that is an action."""

    state: State
    cost: int
    rules: tuple[str, ...]
    """Rule ids applied, in order (R-A*, then R-E1, R-E2 when a skeleton died, R-E3 on damage)."""
    events: tuple[str, ...]
    """One short sentence per thing that happened; empty unless asked for."""


@dataclass(frozen=True, slots=True)
class NotAnAction:
    """A key press the game ignores (R-A0): the hero faces a wall, the outside or a demon."""

    obstacle: str
    cell: Cell
    rule: str = "R-A0"


def cell_text(cell: Cell) -> str:
    return f"({cell[0]},{cell[1]})"


def free_for_object(level: Level, state: State, cell: Cell) -> bool:
    """RULES.md section 3: inside, not wall/demon, no boulder or skeleton, not a closed lock."""
    return (
        level.is_open(cell)
        and cell not in state.boulders
        and cell not in state.skeletons
        and not (state.lock_closed and cell == level.lock)
    )


def _what_blocks(level: Level, cell: Cell) -> str:
    if not level.inside(cell):
        return "the outside of the grid"
    if cell in level.demons:
        return "a demon"
    return "a wall"


def step(level: Level, state: State, direction: str, explain: bool = False) -> Move | NotAnAction:
    """Apply the key press `direction` (one of `udlr`) to `state`."""
    d_row, d_column = DIRECTIONS[direction]
    hero = state.hero
    n1 = (hero[0] + d_row, hero[1] + d_column)
    if not level.is_open(n1):
        return NotAnAction(_what_blocks(level, n1), n1)
    n2 = (n1[0] + d_row, n1[1] + d_column)
    boulders, skeletons = state.boulders, state.skeletons
    has_key, lock_closed = state.has_key, state.lock_closed
    events: list[str] = []
    if lock_closed and n1 == level.lock:
        if not has_key:
            rule = "R-A1"
            if explain:
                events.append(f"bumps the closed lock at {cell_text(n1)} without the key")
        else:
            rule = "R-A2"
            hero, lock_closed = n1, False
            if explain:
                events.append(f"opens the lock at {cell_text(n1)} with the key and steps in")
    elif n1 in boulders:
        rule = "R-A3"
        if free_for_object(level, state, n2):
            boulders = (boulders - {n1}) | {n2}
            if explain:
                events.append(f"kicks the boulder from {cell_text(n1)} to {cell_text(n2)}")
        elif explain:
            events.append(f"kicks the boulder at {cell_text(n1)}, which cannot move")
    elif n1 in skeletons:
        rule = "R-A4"
        skeletons = skeletons - {n1}
        if free_for_object(level, state, n2):
            skeletons = skeletons | {n2}
            if explain:
                events.append(f"kicks the skeleton from {cell_text(n1)} to {cell_text(n2)}")
        elif explain:
            events.append(f"kicks the skeleton at {cell_text(n1)} into an obstacle: destroyed")
    else:
        rule = "R-A5"
        hero = n1
        if explain:
            events.append(f"steps to {cell_text(n1)}")
        if n1 == level.key and not has_key:
            has_key = True
            if explain:
                events.append("takes the key")
    parity = 1 - state.parity
    rules = [rule, "R-E1"]
    doomed = frozenset(cell for cell in skeletons if level.hurts(cell, parity))
    if doomed:
        skeletons = skeletons - doomed
        rules.append("R-E2")
        if explain:
            for cell in sorted(doomed):
                events.append(f"skeleton at {cell_text(cell)} destroyed by spikes or a raised trap")
    cost = 1
    if level.hurts(hero, parity):
        cost = 2
        rules.append("R-E3")
        if explain:
            events.append(f"damage: the hero's cell {cell_text(hero)} is spiked after the toggle")
    new_state = State(hero, boulders, skeletons, has_key, lock_closed, parity)
    return Move(new_state, cost, tuple(rules), tuple(events))


def is_goal(level: Level, state: State) -> bool:
    """R-G1: the hero stands on an orthogonal neighbour of a demon."""
    row, column = state.hero
    return any((row + dr, column + dc) in level.demons for dr, dc in DIRECTIONS.values())

