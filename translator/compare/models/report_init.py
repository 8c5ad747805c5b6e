"""An Init in a report's vocabulary, generated from a level file, for the levels a report does
not describe itself (its own `Init(...)` describes one level, classic level 6 for seed 001).

The atoms are the report's: its predicates, its coordinates (strips_model/reports/init_level.py
`Coordinates`), its state values (a trap's phase, a lock closed, a hero without the key, a key
lying) and its counter. Where the level and the report's schemas do
not fit (the schemas need two traps, a level may have none), a treatment makes them fit, and a
sentence says which.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from strips_model.errors import Position, SchemaError
from strips_model.level import Level
from strips_model.moves import Direction
from strips_model.reports.init_level import Coordinates
from strips_model.reports.vocabulary import ADJACENT_ROLES, Vocabulary
from translator.compare.models.counter_steps import successor_step
from translator.compare.models.floor import (
    FLOORS,
    OCCUPYING,
    bounding,
    free_cells,
    taken_cells,
)
from translator.model.level_facts import Atom

PHANTOM_TRAP: Final = (-1, -1)
"""Where a level without traps gets one: no cell of any level is there or next to it."""


def generated_init(level: Level, vocabulary: Vocabulary, offsets: frozenset[str] = frozenset(),
                   traps_everywhere: bool = True, counting_up: bool = False,
                   occupied: Mapping[str, frozenset[str]] | None = None,
                   true_at_start: frozenset[Atom] = frozenset(), places_stepped: bool = True
                   ) -> tuple[tuple[Atom, ...], tuple[str, ...]]:
    """An Init for `level` in the report's vocabulary and coordinates, with the treatments the
    level needed (one sentence each). `offsets` are the arithmetic relations the schemas use
    (`plus_1`, `minus_2`; strips_model/reports/arithmetic.py), listed over the level's numbers;
    `traps_everywhere`: every action requires a trap (seed 001's), so a level needs one;
    `counting_up`: the counter starts at 0 and stops at the budget, its `counter_limit` or,
    without one, the end of its successor chain (counter_steps.py); `occupied`: the parts
    that make a cell not free, for each floor role (floor.py; by default, the floor's
    `OCCUPYING`); `true_at_start`: the flags and slots the
    schemas need true when a level starts (start_flags.py); `places_stepped`: the successor
    steps the places' coordinates too (counter_steps.py `successor_numbers_places`).

    Every role but the hero's is optional: a part of the level the vocabulary names no
    predicate for is left out of the Init, and a note says so (the comparison then shows what
    the model makes of a level it cannot see whole)."""
    return _kept_init(level, vocabulary, offsets, traps_everywhere, counting_up,
                      None if occupied is None else tuple(sorted(occupied.items())),
                      true_at_start, places_stepped)


@lru_cache(maxsize=1_024)
def _kept_init(level: Level, vocabulary: Vocabulary, offsets: frozenset[str],
               traps_everywhere: bool, counting_up: bool,
               occupied: tuple[tuple[str, frozenset[str]], ...] | None,
               true_at_start: frozenset[Atom], places_stepped: bool
               ) -> tuple[tuple[Atom, ...], tuple[str, ...]]:
    """`generated_init`, kept by what it reads: a repair sets up hundreds of models that
    differ in one schema on the same levels, and most read those levels alike."""
    writer = _Writer(level, vocabulary, Coordinates.of_level(level, vocabulary), [])
    atoms = [*_hero_and_counter(writer, counting_up),
             *_parts(writer, traps_everywhere, None if occupied is None else dict(occupied)),
             *_walls_and_goal(writer),
             *_relations(writer, offsets, counting_up, places_stepped),
             *sorted(true_at_start)]
    return tuple(atoms), tuple(writer.notes)


@dataclass(frozen=True, slots=True)
class _Writer:
    """Atoms of one level in the report's vocabulary and coordinates; `notes` gathers the
    treatments the level needed."""

    level: Level
    vocabulary: Vocabulary
    coordinates: Coordinates
    notes: list[str]

    def at(self, predicate: str, cell: tuple[int, int], *state: int | str) -> Atom:
        x, y = self.coordinates.xy(cell)
        return self.vocabulary.placed(predicate, str(x), str(y), tuple(str(s) for s in state))

    def placed(self, role: str, cells: Iterable[tuple[int, int]], what: str,
               *state: int | str) -> list[Atom]:
        listed = sorted(cells)
        predicate = self.vocabulary.predicate(role)
        if predicate is None:
            if listed:
                self.notes.append(f"the model names no {role} predicate: the level's {what} "
                                  "are not in its Init")
            return []
        return [self.at(predicate, cell, *state) for cell in listed]


def _hero_and_counter(writer: _Writer, counting_up: bool) -> list[Atom]:
    level, vocabulary = writer.level, writer.vocabulary
    values = dict(vocabulary.values)
    flag = (values["hero_without_key"],) if "hero_without_key" in values else ()
    atoms: list[Atom] = [writer.at(vocabulary.required("hero"), level.start.hero, *flag)]
    counter = vocabulary.predicate("counter")
    if counter is not None:  # a model without one is bounded by the budget as a cost
        atoms.append((counter, "0" if counting_up else str(level.budget)))
    limit = vocabulary.predicate("counter_limit")
    return atoms + ([(limit, str(level.budget))] if limit is not None else [])


def _parts(writer: _Writer, traps_everywhere: bool,
           occupied: Mapping[str, frozenset[str]] | None) -> list[Atom]:
    level, placed = writer.level, writer.placed
    values = dict(writer.vocabulary.values)
    atoms = placed("demon", level.demons, "demons")
    lock_state = (values["lock_closed"],) if "lock_closed" in values else ()
    atoms += placed("lock", [level.lock] if level.lock else [], "lock", *lock_state)
    # A key with a state (`cle(x, y, true)`) lies at the start.
    key_state = (values["key_lying"],) if "key_lying" in values else ()
    atoms += placed("key", [level.key] if level.key else [], "key", *key_state)
    atoms += _traps(level, writer.vocabulary, writer.at, writer.notes, traps_everywhere)
    atoms += _phase(writer.vocabulary)
    atoms += _trap_list(writer)
    atoms += placed("spikes", level.spikes, "spikes")
    atoms += placed("boulder", level.start.boulders, "boulders")
    atoms += placed("skeleton", level.start.skeletons, "skeletons")
    for floor in FLOORS:
        if writer.vocabulary.predicate(floor) is not None:
            parts = OCCUPYING if occupied is None else occupied.get(floor, OCCUPYING)
            atoms += placed(floor, taken_cells(level, parts), "cells not free") \
                if floor == "occupied" else placed(floor, free_cells(level, parts), "free cells")
    return atoms


def _walls_and_goal(writer: _Writer) -> list[Atom]:
    level = writer.level
    # Like the report, only the walls that bound the hero's area.
    atoms = writer.placed("wall", (cell for cell in bounding(level) if not level.is_open(cell)
                                   and cell not in level.demons), "walls")
    next_to_demons = {(row + d_row, column + d_column) for row, column in level.demons
                      for d_row, d_column in (direction.delta for direction in Direction)}
    if writer.vocabulary.predicate("goal") is not None:
        atoms += writer.placed("goal", (cell for cell in next_to_demons if level.is_open(cell)),
                               "cells next to a demon")
    return atoms


def _relations(writer: _Writer, offsets: frozenset[str], counting_up: bool,
               places_stepped: bool) -> list[Atom]:
    """The numbers' relations: the successor, the adjacency, the arithmetic offsets."""
    level, vocabulary = writer.level, writer.vocabulary
    atoms: list[Atom] = []
    successor = vocabulary.predicate("successor")
    if successor is not None:
        atoms += _successor(level, successor, successor_step(vocabulary),
                            counting_up and vocabulary.predicate("counter") is not None
                            and vocabulary.predicate("counter_limit") is None,
                            vocabulary.width > 1 and places_stepped)
    atoms += _adjacency(level, vocabulary, writer.coordinates)
    top = max(level.budget, level.width, level.height)
    # A coordinate's own relation (axis_successors.py) over the grid's numbers, never the
    # budget's: those would multiply the grounding.
    ends = [v for cell in ((0, 0), (level.height - 1, level.width - 1))
            for v in writer.coordinates.xy(cell)]
    for relation in filter(None, map(vocabulary.predicate, ("successor_first",
                                                            "successor_second"))):
        atoms += [(relation, str(k), str(k + 1)) for k in range(min(ends) - 2, max(ends) + 2)]
    for relation in sorted(offsets):
        sign, step = relation.split("_")
        offset = int(step) if sign == "plus" else -int(step)
        atoms += [(relation, str(k), str(k + offset)) for k in range(-2, top + 2)
                  if -2 <= k + offset <= top + 1]
    return atoms


def _successor(level: Level, successor: str, step: int, bounding: bool,
               numbered_places: bool) -> list[Atom]:
    """The successor over the level's numbers, from -1, each pair in the order the model's
    relation runs (`step` -1: `next(a, b)` means a = b + 1). `bounding`: it is the only
    bound of a counter counting up, so it ends at the budget. `numbered_places`: places are
    pairs of numbers, which it steps too (a place that is one cell term needs no number)."""
    top = max(level.budget, level.width, level.height) if numbered_places else level.budget
    if bounding and top > level.budget:
        raise SchemaError(f"the counter counts up along {successor} and stops where it ends, "
                          f"at the budget ({level.budget}), but the level's {top} columns or "
                          "rows need it further: write its bound as a `counter_limit` fact",
                          Position(level.source))
    pairs = [(str(k), str(k + 1)) for k in range(-1, top)]
    return [(successor, *(pair if step > 0 else pair[::-1])) for pair in pairs]


def _adjacency(level: Level, vocabulary: Vocabulary, coordinates: Coordinates) -> list[Atom]:
    """A direction relation on cells, for every cell of the grid and each of its neighbours
    (those past the edge too, so that an action can find a wall there): one relation with the
    direction as an argument, one relation per direction, or one of no direction that holds
    between each cell and its four neighbours."""
    relations: list[tuple[str, tuple[str, ...], Direction]] = [
        (predicate, (), direction) for role, direction in ADJACENT_ROLES.items()
        if (predicate := vocabulary.predicate(role)) is not None]
    undirected = vocabulary.predicate("adjacent_any")
    if undirected is not None:
        relations += [(undirected, (), direction) for direction in Direction]
    general = vocabulary.predicate("adjacent")
    constants = dict(vocabulary.directions)
    if general is not None:
        relations += [(general, (constants.get(direction, direction.name.lower()),), direction)
                      for direction in Direction]
    atoms: list[Atom] = []
    # A model with no wall predicate writes walls as missing adjacency: none into a wall.
    # One with a floor says where walls are by its absence, and a skeleton is crushed against
    # a wall only through an adjacency into it.
    walled = all(vocabulary.predicate(role) is None for role in ("wall", "floor", "occupied"))

    def blocked(cell: tuple[int, int]) -> bool:
        return walled and not level.is_open(cell) and cell not in level.demons

    for predicate, said, direction in relations:
        d_row, d_column = direction.delta
        for row in range(level.height):
            for column in range(level.width):
                if blocked((row, column)) or blocked((row + d_row, column + d_column)):
                    continue
                here = vocabulary.place_args(*map(str, coordinates.xy((row, column))))
                there = vocabulary.place_args(
                    *map(str, coordinates.xy((row + d_row, column + d_column))))
                first, last = (said, ()) if vocabulary.direction_first else ((), said)
                atoms.append((predicate, *first, *here, *there, *last))
    return atoms


def _trap_list(writer: _Writer) -> list[Atom]:
    """The level's traps in reading order, as a list whose first, next and last a model's
    turn walks to toggle them one by one (translator/compare/vocabulary/trap_walk.py)."""
    words, xy = writer.vocabulary, writer.coordinates.xy
    traps = sorted(writer.level.traps_lowered | writer.level.traps_raised)
    first, last = words.predicate("trap_first"), words.predicate("trap_last")
    after, none = words.predicate("trap_next"), words.predicate("trap_none")
    atoms: list[Atom] = [(none,)] if none is not None and not traps else []
    if traps:
        atoms += [writer.at(first, traps[0])] if first is not None else []
        atoms += [writer.at(last, traps[-1])] if last is not None else []
    if after is not None:
        atoms += [(after, *words.place_args(*map(str, xy(here))),
                   *words.place_args(*map(str, xy(there))))
                  for here, there in itertools.pairwise(traps)]
    return atoms


def _phase(vocabulary: Vocabulary) -> list[Atom]:
    """A phase written as a value: its value at the start, under which a trap raised at the
    start is listed, and its flip both ways (translator/compare/vocabulary/valued_parity.py)."""
    flip = vocabulary.predicate("trap_flip")
    if flip is None:
        return []
    start, other = str(vocabulary.value("trap_raised")), str(vocabulary.value("trap_lowered"))
    return [(vocabulary.required("trap_parity"), start), (flip, start, other),
            (flip, other, start)]


def _traps(level: Level, vocabulary: Vocabulary, at: Callable[..., Atom], notes: list[str],
           traps_everywhere: bool) -> list[Atom]:
    """Traps as one predicate with a phase (`trap(X, Y, S)`), as one without (every trap
    listed), or as two (`piegeActive`, `piegeInactive`)."""
    traps = len(level.traps_lowered) + len(level.traps_raised)
    trap = vocabulary.predicate("trap")
    values = dict(vocabulary.values)
    if trap is not None and "trap_lowered" in values:
        lowered, raised = values["trap_lowered"], vocabulary.value("trap_raised")
        atoms = [at(trap, cell, lowered) for cell in sorted(level.traps_lowered)]
        atoms += [at(trap, cell, raised) for cell in sorted(level.traps_raised)]
        if traps == 0 and traps_everywhere:
            x, y = PHANTOM_TRAP
            atoms.append(vocabulary.placed(trap, str(x), str(y), (str(lowered),)))
            notes.append(f"no trap: every action of the report needs two, so a phantom trap "
                         f"stands at X={x}, Y={y}, outside the grid, where nothing can reach it")
        elif traps == 1 and traps_everywhere:
            notes.append("one trap: both trap parameters of an action name it")
        elif traps > 2 and traps_everywhere:
            notes.append(f"{traps} traps: each action toggles the two it names (or one named "
                         "twice) and the others keep their phase, as the report's schemas say")
        if level.traps_lowered and level.traps_raised and traps_everywhere:
            notes.append("traps start in both phases: an action needs its two traps in one "
                         "phase")
        return atoms
    if trap is not None:
        return [at(trap, cell) for cell in sorted(level.traps_lowered | level.traps_raised)]
    up, down = vocabulary.predicate("trap_raised"), vocabulary.predicate("trap_lowered")
    if up is None and down is None:
        if traps:
            notes.append("the model names no trap predicate: the level's traps are not in its "
                         "Init")
        return []
    atoms = [at(up, cell) for cell in sorted(level.traps_raised)] if up else []
    return atoms + ([at(down, cell) for cell in sorted(level.traps_lowered)] if down else [])
