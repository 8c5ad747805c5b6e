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
time limit. Both searches are optimal under the same cost bound, so the choice never changes
a cost or a verdict.

On a level of at most `MIN_STATES` / `EXPANSIONS_PER_CELL` open cells (every shipped
level), the search runs in the calling process: it starts no process and checks its own time
limit, and its memory, a few megabytes, is bounded by its budget of states, as the level's
own reading is; so clean-up and parent death hold (nothing is started) and so do the time and
memory limits, which are the attempt's. On a bigger level, whose budget of states can hold
much more, it runs in a child under the memory limit, as every other attempt.
"""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Final

from strips_model.level import Level
from translator.planners.best_first import SearchTimeout
from translator.planners.catalogue import Preparation
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
imported yet, its child is forked ahead (translator/runtime/processes.py `reserve_child`), to
import it on the other core while the search goes on: a level that takes the search this far
often goes to Fast Downward (levels 6, 7, 9), and that child's imports (0.3 s) are then
hidden. The levels the search settles before it (1, 2, 3, 5, 8) start no child; level 4
(3,776 states) pays for one it does not use."""


@dataclass(frozen=True, slots=True)
class Attempt:
    """What the simulator's search was allowed and what it spent."""

    states: int
    """The budget of expansions."""
    seconds: float


def state_budget(level: Level) -> int:
    """The expansions `auto`'s search may spend on `level`."""
    return max(MIN_STATES, EXPANSIONS_PER_CELL * len(level.open_cells()))


InChild = Callable[[PlannerOptions, bool], PlannerOutcome | None]
"""The registry's attempt in a child under the options' limits: auto's search alone (True),
or Fast Downward (False)."""


def search_first(level: Level, options: PlannerOptions, in_child: InChild,
                 fork_ahead: Callable[[], object] | None = None) -> PlannerOutcome:
    """The simulator's search under its budget of states, here (on a big level, in a child);
    if it does not settle the level, Fast Downward in its child with what is left of the
    time limit. `fork_ahead` is called once the search here passes `FORK_AHEAD_AT` states."""
    started = time.perf_counter()
    settled = settle_by_search(level, options, fork_ahead) \
        if state_budget(level) <= MIN_STATES else in_child(options, True)
    if settled is not None:
        return settled
    spent = time.perf_counter() - started
    outcome = in_child(remaining(options, spent), False)
    assert outcome is not None  # Fast Downward always answers
    return fd_label(outcome, Attempt(state_budget(level), spent))


def settle_by_search(level: Level, options: PlannerOptions,
                     fork_ahead: Callable[[], object] | None = None) -> PlannerOutcome | None:
    """The simulator search's answer within `state_budget(level)` expansions; None when the
    budget ran out and Fast Downward is to be run."""
    states = state_budget(level)
    milestone = None if fork_ahead is None else (FORK_AHEAD_AT, fork_ahead)
    try:
        result = solve_exhaustively(level, options.budget, options.timeout,
                                    expansion_limit=states, milestone=milestone)
    except TooManyExpansions:
        return None
    except SearchTimeout as timeout:
        return PlannerOutcome(Status.TIMEOUT, _search_label(0, states), False,
                              log_tail=str(timeout))
    label = _search_label(result.expanded, states)
    counts = (("expanded", result.expanded),)
    if result.plan is None:
        return PlannerOutcome(Status.UNSOLVABLE, label, True, counts=counts)
    return PlannerOutcome(Status.SOLVED, label, True, key_presses=result.plan,
                          cost=result.cost, counts=counts)


@contextlib.contextmanager
def child_forked_on_demand(planner: str, back_end: str) -> Iterator[Callable[[], object]]:
    """A function that forks the child of `planner`'s attempt ahead of its job, once, unless
    its back-end (module `back_end`) is imported here already (a prepared parent's worker);
    the child is stopped at the end if no attempt took it."""
    from translator.runtime.processes import Child, cancel_reservation, reserve_child

    forked: list[Child] = []

    def fork() -> None:
        if not forked and back_end not in sys.modules:
            forked.append(reserve_child(Preparation(planner)))

    try:
        yield fork
    finally:
        for child in forked:
            cancel_reservation(child)


def remaining(options: PlannerOptions, spent: float) -> PlannerOptions:
    """The options for Fast Downward after the search spent `spent` seconds of the limit."""
    if options.timeout is None:
        return options
    return replace(options, timeout=max(0.001, options.timeout - spent))


def fd_label(outcome: PlannerOutcome, attempt: Attempt) -> PlannerOutcome:
    """Fast Downward's outcome, its label saying that the search came first."""
    note = (f"auto -> {outcome.planner} (the simulator's search did not settle it within "
            f"{attempt.states} states, {attempt.seconds:.2f} s)")
    timings = (("simulator", attempt.seconds), *outcome.timings)
    return replace(outcome, planner=note, timings=timings)


def _search_label(expanded: int, states: int) -> str:
    return (f"auto -> search (A* over the simulator: {expanded} states expanded, within "
            f"{states})")
