"""What a repair is judged on: the levels and the rules' probes, each in its eight turned and
mirrored copies, with the game's answer on each.

The game's rules are the same on a turned or mirrored grid, so a copy's optimal plan is the
original's with its key presses turned alike: only the probes, a few cells each, are solved
here (by the simulator's exhaustive search); a level's plan is the one compare found for it.
A copy exercises the schemas of the other directions, which the original may never use.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from functools import cache

from strips_model.level import Cell, Level, State
from strips_model.moves import Direction
from strips_model.validator import validate
from translator.compare.runs.coverage import PROBES, Probe
from translator.planners.exhaustive import TooManyExpansions, solve_exhaustively
from translator.runtime.aside import Aside, computed_aside


@dataclass(frozen=True, slots=True)
class Symmetry:
    """A turn or mirror of the grid: transpose first, then flip the rows, then the columns."""

    transpose: bool
    flip_rows: bool
    flip_columns: bool

    @property
    def name(self) -> str:
        parts = [word for flag, word in ((self.transpose, "transposed"),
                                         (self.flip_rows, "rows flipped"),
                                         (self.flip_columns, "columns flipped")) if flag]
        return ", ".join(parts) or "as given"

    def cell(self, level: Level, cell: Cell) -> Cell:
        row, column = cell
        height, width = level.height, level.width
        if self.transpose:
            row, column, height, width = column, row, width, height
        if self.flip_rows:
            row = height - 1 - row
        if self.flip_columns:
            column = width - 1 - column
        return row, column

    def direction(self, direction: Direction) -> Direction:
        row, column = direction.delta
        if self.transpose:
            row, column = column, row
        if self.flip_rows:
            row = -row
        if self.flip_columns:
            column = -column
        return next(d for d in Direction if d.delta == (row, column))

    def level(self, level: Level) -> Level:
        def cells(group: frozenset[Cell]) -> frozenset[Cell]:
            return frozenset(self.cell(level, c) for c in group)

        def one(cell: Cell | None) -> Cell | None:
            return None if cell is None else self.cell(level, cell)

        start = level.start
        moved = State(self.cell(level, start.hero), cells(start.boulders),
                      cells(start.skeletons), start.has_key, start.lock_closed, start.parity)
        height, width = (level.width, level.height) if self.transpose \
            else (level.height, level.width)
        return replace(level, height=height, width=width, walls=cells(level.walls),
                       demons=cells(level.demons), spikes=cells(level.spikes),
                       traps_lowered=cells(level.traps_lowered),
                       traps_raised=cells(level.traps_raised), key=one(level.key),
                       lock=one(level.lock), start=moved)


SYMMETRIES: tuple[Symmetry, ...] = tuple(
    Symmetry(t, r, c) for t in (False, True) for r in (False, True) for c in (False, True))
IDENTITY = SYMMETRIES[0]


@dataclass(frozen=True, slots=True)
class Case:
    """One level, or probe, in one orientation, with what the game makes of it."""

    name: str
    level: Level
    plan: tuple[Direction, ...] | None
    """An optimal plan of the game within the budget; None when there is none."""
    cost: int | None
    rules: tuple[str, ...]
    """The rules a probe stands for; empty for a level."""
    judged: tuple[Direction, ...] | None = None
    """For a plan probe (E12): the key presses to judge, and `valid` the game's verdict."""
    valid: bool = False
    small: bool = False
    """Small enough for an exhaustive search of the model's own plan."""


def as_given(name: str) -> str:
    """The name of the case that a turned or mirrored copy named `name` was made from (`name`
    itself for a case as given)."""
    for symmetry in SYMMETRIES[1:]:
        if name.endswith(f" ({symmetry.name})"):
            return name[:-len(symmetry.name) - 3]
    return name


def _copies(name: str, level: Level, plan: tuple[Direction, ...] | None, cost: int | None,
            rules: tuple[str, ...], judged: tuple[Direction, ...] | None, valid: bool,
            small: bool) -> list[Case]:
    def turned(moves: tuple[Direction, ...] | None, symmetry: Symmetry
               ) -> tuple[Direction, ...] | None:
        return None if moves is None else tuple(map(symmetry.direction, moves))

    return [Case(name if symmetry == IDENTITY else f"{name} ({symmetry.name})",
                 symmetry.level(level), turned(plan, symmetry), cost, rules,
                 turned(judged, symmetry), valid, small) for symmetry in SYMMETRIES]


@cache
def probe_cases(symmetric: bool = True) -> tuple[Case, ...]:
    """Every probe of the coverage check, with the rules it stands for, the game's optimal
    plan (or the plan it judges), in its eight orientations when `symmetric`."""
    rules: dict[Probe, list[str]] = {}
    for rule, probes in PROBES.items():
        for probe in probes:
            rules.setdefault(probe, []).append(rule)
    cases: list[Case] = []
    for probe, named in rules.items():
        level = probe.level()
        judged = None if probe.plan is None else tuple(Direction(k) for k in probe.plan)
        valid = judged is not None and validate(level, judged).valid
        found = solve_exhaustively(level, probe.budget)
        copies = _copies(f"probe {'/'.join(named)}, {probe.situation}", level, found.plan,
                         found.cost,
                         tuple(named), judged, valid, True)
        cases.extend(copies if symmetric else copies[:1])
    return tuple(cases)


def solved_level_cases(levels: Sequence[Level], expansion_limit: int) -> tuple[Case, ...]:
    """The levels the simulator's search solves within `expansion_limit` states, each with
    the game's optimal plan (a larger level is left out: its plan costs more than it tells)."""
    while _ASIDE:
        _receive(*_ASIDE.pop())
    return tuple(case for level in levels
                 if (case := _solved_level(level, expansion_limit)) is not None)


_SOLVED: dict[tuple[Level, int], Case | None] = {}
"""Each level's case by its expansion limit, kept: a class's models are each tested on the
same levels."""
_SOLVED_KEPT = 64
_ASIDE: list[tuple[Aside[tuple[Case | None, ...]], tuple[Level, ...], int]] = []
"""The levels being solved aside (`levels_solved_aside`), until they are received."""


def _solved_level(level: Level, expansion_limit: int) -> Case | None:
    key = (level, expansion_limit)
    if key not in _SOLVED:
        if len(_SOLVED) >= _SOLVED_KEPT:
            _SOLVED.clear()
        _SOLVED[key] = _solved(level, expansion_limit)
    return _SOLVED[key]


def _solved(level: Level, expansion_limit: int) -> Case | None:
    try:
        found = solve_exhaustively(level, expansion_limit=expansion_limit)
    except TooManyExpansions:
        return None
    return Case(level.name, level, found.plan, found.cost, ())


def _all_solved(task: tuple[tuple[Level, ...], int]) -> tuple[Case | None, ...]:
    levels, expansion_limit = task
    return tuple(_solved(level, expansion_limit) for level in levels)


@contextmanager
def levels_solved_aside(levels: Sequence[Level], expansion_limit: int, jobs: int
                        ) -> Iterator[None]:
    """Inside, `solved_level_cases` takes the levels from a child forked on entry, which
    solves them while this process reads the model they test: with `jobs` > 1 the second
    core is otherwise idle then (0.4 s for classic levels 1-9). With one core, or every
    level kept already, nothing is forked."""
    missing = tuple(dict.fromkeys(level for level in levels
                                  if (level, expansion_limit) not in _SOLVED))
    with computed_aside("the game's plans of the levels", _all_solved,
                        (missing, expansion_limit), fork=jobs > 1 and bool(missing)) as solving:
        _ASIDE.append((solving, missing, expansion_limit))
        try:
            yield
        finally:
            if _ASIDE and _ASIDE[-1][0] is solving:
                _ASIDE.pop()


def _receive(solving: Aside[tuple[Case | None, ...]], levels: tuple[Level, ...],
             expansion_limit: int) -> None:
    solved = solving.result()
    if solved is None:  # nothing forked, or the child failed: solved here instead
        return
    for level, case in zip(levels, solved, strict=True):
        _SOLVED[(level, expansion_limit)] = case


def level_cases(levels: Sequence[tuple[Level, tuple[Direction, ...] | None, int | None]],
                symmetric: bool = True) -> tuple[Case, ...]:
    """The levels with the game's plan compare found for each (None: no plan within the
    budget), in their eight orientations when `symmetric`."""
    cases: list[Case] = []
    for level, plan, cost in levels:
        copies = _copies(level.name, level, plan, cost, (), None, False, False)
        cases.extend(copies if symmetric else copies[:1])
    return tuple(cases)
