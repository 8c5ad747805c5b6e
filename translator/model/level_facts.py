"""A level in the vocabulary of `helltaker.strips`: objects, static facts, initial state, goal.

This is the one place that knows what the model's predicates mean for a `Level`; the
translator to unified-planning and the grounding used by the equivalence test both read it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final

from strips_model.level import Cell, Level, State
from strips_model.moves import Direction
from strips_model.simulator import is_goal

Atom = tuple[str, ...]
"""(predicate, argument, ...): object names as they appear in PDDL."""

WALL: Final = "wall"
LIMBO: Final[dict[int, str]] = {0: "limbo_even", 1: "limbo_odd"}
PARITY: Final[dict[int, str]] = {0: "even", 1: "odd"}


def cell_name(cell: Cell) -> str:
    return f"c{cell[0]}_{cell[1]}"


@cache  # an exhaustive comparison reads the same few names back hundreds of thousands of times
def cell_of_name(name: str) -> Cell | None:
    if not name.startswith("c") or "_" not in name:
        return None
    row, column = name[1:].split("_", 1)
    return int(row), int(column)


@dataclass(frozen=True, slots=True)
class Facts:
    objects: dict[str, tuple[str, ...]]
    """Type name -> object names, in a deterministic order."""
    static: frozenset[Atom]
    initial: frozenset[Atom]
    """Fluent atoms true at the start; every other fluent atom is false."""
    goal: tuple[Atom, ...]


def level_facts(level: Level) -> Facts:
    open_cells = level.open_cells()
    cells = tuple(cell_name(cell) for cell in open_cells) + (WALL, LIMBO[0], LIMBO[1])
    static: set[Atom] = set()
    goals = level.goal_cells()
    for cell in open_cells:
        name = cell_name(cell)
        for direction in Direction:
            d_row, d_column = direction.delta
            neighbour = (cell[0] + d_row, cell[1] + d_column)
            target = cell_name(neighbour) if level.is_open(neighbour) else WALL
            static.add(("adjacent", name, target, direction.pddl_name))
        for parity, parity_name in PARITY.items():
            # Parity P is the count before the action; traps are judged after it (R-E1).
            if level.hurts(cell, 1 - parity):
                static.add(("hurts", name, parity_name))
            else:
                static.add(("calm", name, parity_name))
                if level.is_trap(cell):
                    static.add(("dooms", name, parity_name))
        if not level.is_trap(cell) and cell not in level.spikes:
            static.add(("holds", name))
        for parity, parity_name in PARITY.items():
            static.add(("doom_site", name, parity_name, LIMBO[parity]))
            for direction in Direction:
                d_row, d_column = direction.delta
                middle = (cell[0] + d_row, cell[1] + d_column)
                site = (cell[0] + 2 * d_row, cell[1] + 2 * d_column)
                if level.is_open(middle) and level.is_open(site) and level.is_trap(site):
                    static.add(("doom_site", name, parity_name, cell_name(site)))
        static.add(("key_at", name, "yes" if cell == level.key else "no"))
        static.add(("goal_at", name, "yes" if cell in goals else "no"))
    static.update({("flip", "even", "odd"), ("flip", "odd", "even"),
                   ("limbo", "even", LIMBO[0]), ("limbo", "odd", LIMBO[1])})
    return Facts(
        objects={
            "cell": cells,
            "dir": tuple(direction.pddl_name for direction in Direction),
            "parity": tuple(PARITY.values()),
            "flag": ("yes", "no"),
        },
        static=frozenset(static),
        initial=state_atoms(level, level.start),
        goal=(("won", "yes"),),
    )


def doomed_skeleton(level: Level, state: State) -> Cell | None:
    """The skeleton standing on a trap: it is lowered now and rises at the next action (E3)."""
    on_traps = [cell for cell in state.skeletons if level.is_trap(cell)]
    if len(on_traps) > 1:
        raise ValueError(f"two skeletons on traps, unreachable under RULES.md: {on_traps}")
    return on_traps[0] if on_traps else None


def state_atoms(level: Level, state: State) -> frozenset[Atom]:
    """The model's fluent atoms that describe a simulator state (parity included)."""
    atoms: set[Atom] = {("hero", cell_name(state.hero)), ("has_key", "no"), ("won", "no"),
                        ("phase", PARITY[state.parity]), ("occupied", WALL)}
    if state.has_key:
        atoms.add(("has_key", "yes"))
    if is_goal(level, state):
        atoms.add(("won", "yes"))
    for cell in state.boulders:
        atoms.update({("boulder", cell_name(cell)), ("occupied", cell_name(cell))})
    for cell in state.skeletons:
        atoms.update({("skeleton", cell_name(cell)), ("occupied", cell_name(cell))})
    if state.lock_closed and level.lock is not None:
        atoms.update({("locked", cell_name(level.lock)), ("occupied", cell_name(level.lock))})
    doomed = doomed_skeleton(level, state)
    slot = cell_name(doomed) if doomed is not None else LIMBO[state.parity]
    atoms.update({("doomed", slot), ("skeleton", slot), ("occupied", slot)})
    return frozenset(atoms)
