"""`--planner auto`, the default of `helltaker solve`: the simulator's search first, under a
budget of states, and Fast Downward only when that search does not settle the level.

Most levels a student times are small: the exhaustive search over the simulator
(exhaustive.py) settles them in a few thousand states, a few hundredths of a second, while
`fd` first pays for a child process that imports numpy and clingo (0.2-0.3 s) and for the
grounding. So `auto` runs that search in the calling process, under a budget of
`MIN_STATES` expansions, or `EXPANSIONS_PER_CELL` per open cell on a bigger level: a
budget counted in states, so that the choice is the same on every machine
and under any load. If it settles the level (a cheapest plan within the budget, or the proof
that none exists) that is the answer, and the planner's label says so; otherwise `fd`'s
grounding and search run in their child, as `--planner fd` does, with what is left of the
time limit: in a process for one level, that child was started beside the search once it
passed `FORK_AHEAD_AT` states, and is stopped unused if the search settles the level. Both
searches are optimal under the same cost bound, so the choice never changes a cost or a
verdict.

On a level of at most `MIN_STATES` / `EXPANSIONS_PER_CELL` open cells (every shipped
level), the search runs in the calling process: it checks its own time limit, and its
memory, a few megabytes, is bounded by its budget of states, as the level's own reading is;
it starts no process before `FORK_AHEAD_AT` states, and Fast Downward's child started then is
an attempt's child like any other (its limits, its clean-up, its death with its parent). On
a bigger level, whose budget of states can hold much more, the search runs in a child under
the memory limit, as every other attempt.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Final

from strips_model.level import Level
from translator.planners.best_first import SearchTimeout
from translator.planners.exhaustive import TooManyExpansions, solve_exhaustively
from translator.planners.outcome import PlannerOptions, PlannerOutcome, Status

EXPANSIONS_PER_CELL: Final = 4
"""On a big level, the search's budget per open cell: no more states than the 4 to 8 operators
per open cell that grounding would produce (an open 300x300 room is settled in 45,000
expansions, where its ground task has 350,000 operators). An expansion costs about what
grounding an operator does in an open room, up to ten times more among hundreds of objects."""

MIN_STATES: Final = 5_000
"""Expansions the search may spend on any level: every classic level but 6, 7 and 9 is
settled within it (1,267 states for level 1, 3,776 for level 4), in about 0.1 s of CPU, less
than `fd`'s child spends importing numpy and clingo before it grounds anything. Levels 6, 7
and 9 need 8,000 to 74,000 states: there `fd` is faster, and the search gives up after this
many."""

FORK_AHEAD_AT: Final = 2_000
"""Expansions past which, when the search runs here and Fast Downward's back-end is not
imported yet (a process for one level, whose other core is idle), Fast Downward's attempt is
started in its child beside the search (`AheadAttempt`), and the two race: the search goes on
past its budget, up to `RACE_STATES`, and whichever proves its answer first is taken (both are
optimal: the cost is the same, the plan may be another of the level's cheapest). Levels 6
and 7 are then the search's (8,000 to 20,000 states, sooner than Fast Downward's start and
grounding), level 9 Fast Downward's (74,000 states). The levels the search settles before
this (1, 2, 3, 5, 8) start no child; level 4 (3,776 states) starts one it stops unused. A
process that solves several levels has the back-end imported and its workers on every core:
there the search keeps its budget of states and Fast Downward waits for it, so that the
choice is the same on every machine."""

RACE_STATES: Final = 100_000
"""Expansions at most while Fast Downward runs beside the search: its memory stays bounded
(tens of megabytes) whatever Fast Downward does."""

WATCH_EVERY: Final = 250
"""Expansions between two looks at Fast Downward's child (one poll of its pipe)."""


@dataclass(frozen=True, slots=True)
class Attempt:
    """What the simulator's search was allowed and what it spent."""

    states: int
    """The budget of expansions."""
    seconds: float


def state_budget(level: Level) -> int:
    """The expansions `auto`'s search may spend on `level`."""
    return max(MIN_STATES, EXPANSIONS_PER_CELL * len(level.open_cells()))


Started = Any
"""What the registry's `start` gives `AheadAttempt` back: its child, or its outcome at once
(a package missing)."""

InChild = Callable[[PlannerOptions, bool], PlannerOutcome | None]
"""The registry's attempt in a child under the options' limits: auto's search alone (True),
or Fast Downward (False)."""


def search_first(level: Level, options: PlannerOptions, in_child: InChild,
                 ahead: AheadAttempt | None = None) -> PlannerOutcome:
    """The simulator's search under its budget of states, here (on a big level, in a child);
    if it does not settle the level, Fast Downward's answer: from the attempt `ahead` started
    beside the search once it passed `FORK_AHEAD_AT` states, else from its child started now
    with what is left of the time limit."""
    started = time.perf_counter()
    settled = settle_by_search(level, options, ahead) \
        if state_budget(level) <= MIN_STATES else in_child(options, True)
    if settled is not None:
        return settled
    spent = time.perf_counter() - started
    first = ahead is not None and ahead.first
    searched = RACE_STATES if ahead is not None and ahead.running() else state_budget(level)
    outcome = (ahead.outcome() if ahead is not None else None) \
        or in_child(remaining(options, spent), False)
    assert outcome is not None  # Fast Downward always answers
    return fd_label(outcome, Attempt(searched, spent), first)


def settle_by_search(level: Level, options: PlannerOptions,
                     ahead: AheadAttempt | None = None) -> PlannerOutcome | None:
    """The simulator search's answer within `state_budget(level)` expansions (`RACE_STATES`
    once `ahead` runs beside it, started at `FORK_AHEAD_AT`); None when the budget ran out, or
    Fast Downward answered first, and Fast Downward's answer is to be taken."""
    states = state_budget(level)
    began = time.perf_counter()

    def watch(expanded: int) -> None:
        if ahead is None:
            return
        if expanded >= FORK_AHEAD_AT:
            ahead.start(remaining(options, time.perf_counter() - began))
        if ahead.answered():
            raise TooManyExpansions(f"Fast Downward answered first, at {expanded} states")
        if expanded > states and not ahead.running():
            raise TooManyExpansions(f"more than {states} states expanded")

    racing = ahead is not None and ahead.wanted()
    try:
        result = solve_exhaustively(level, options.budget, options.timeout,
                                    expansion_limit=RACE_STATES if racing else states,
                                    watch=(WATCH_EVERY, watch))
    except TooManyExpansions:
        return None
    except SearchTimeout as timeout:
        return PlannerOutcome(Status.TIMEOUT, _search_label(0, states), False,
                              log_tail=str(timeout))
    label = _search_label(result.expanded, RACE_STATES if racing else states)
    counts = (("expanded", result.expanded),)
    if result.plan is None:
        return PlannerOutcome(Status.UNSOLVABLE, label, True, counts=counts)
    return PlannerOutcome(Status.SOLVED, label, True, key_presses=result.plan,
                          cost=result.cost, counts=counts)


class AheadAttempt:
    """Fast Downward's attempt started in its child beside the search (`FORK_AHEAD_AT`): its
    outcome once it answers first or the search gives up, or the child stopped when the search
    settles the level. `start`, `finish`, `stop` and `ready` are the registry's: the child
    started on a job under the options' limits, its outcome awaited under limits counted from
    then, the child ended, and whether its answer is there."""

    def __init__(self, start: Callable[[PlannerOptions], Started],
                 finish: Callable[[Started, PlannerOptions], PlannerOutcome],
                 stop: Callable[[Started], None], ready: Callable[[Started], bool],
                 wanted: bool) -> None:
        self._start, self._finish, self._stop, self._ready = start, finish, stop, ready
        self._wanted = wanted
        self._running: tuple[Started, PlannerOptions, float] | None = None
        self.first = False
        """Whether it answered before the search settled the level."""

    def wanted(self) -> bool:
        """Whether it is to start beside the search (or has)."""
        return self._wanted or self._running is not None

    def start(self, options: PlannerOptions) -> None:
        if self._wanted and self._running is None:
            self._wanted = False
            self._running = (self._start(options), options, time.perf_counter())

    def running(self) -> bool:
        return self._running is not None

    def answered(self) -> bool:
        """Whether it runs and its answer is there, to be taken before the search's."""
        self.first = self._running is not None and self._ready(self._running[0])
        return self.first

    def outcome(self) -> PlannerOutcome | None:
        """Fast Downward's outcome, its time limit counted from its start; None if never
        started."""
        if self._running is None:
            return None
        started, options, at = self._running
        self._running = None
        return self._finish(started, remaining(options, time.perf_counter() - at))

    def stop(self) -> None:
        """Stop the attempt if it runs still (the search settled the level, an error)."""
        if self._running is not None:
            started, self._running = self._running[0], None
            self._stop(started)


def remaining(options: PlannerOptions, spent: float) -> PlannerOptions:
    """The options for Fast Downward after the search spent `spent` seconds of the limit."""
    if options.timeout is None:
        return options
    return replace(options, timeout=max(0.001, options.timeout - spent))


def fd_label(outcome: PlannerOutcome, attempt: Attempt, first: bool = False) -> PlannerOutcome:
    """Fast Downward's outcome, its label saying that the search came first, or (`first`) ran
    beside it and was overtaken."""
    why = "it answered before the simulator's search" if first else \
        f"the simulator's search did not settle it within {attempt.states} states"
    note = f"auto -> {outcome.planner} ({why}, {attempt.seconds:.2f} s)"
    timings = (("simulator", attempt.seconds), *outcome.timings)
    return replace(outcome, planner=note, timings=timings)


def _search_label(expanded: int, states: int) -> str:
    return (f"auto -> search (A* over the simulator: {expanded} states expanded, within "
            f"{states})")
