"""The command's own work held to `--timeout` and `--memory-limit`, as its attempts are.

A planner attempt runs in a child that the parent ends at its limits (processes.py). What
runs in `helltaker`'s own process (reading and expanding a model, inferring its reading,
linting it, the repair's evidence, an export, a replay), and in each worker it forks for a
level or a model (workers.py), has no parent watching it: it ends itself.

- Time: CPU time of the process (ITIMER_PROF), `max(S, OWN_WORK_FLOOR)` seconds between two
  steps, a step being an attempt or a task finished (`step`). CPU time, not the clock: a
  command waiting on its attempts, or on a key press (`show --step`), spends none, so only
  work is counted, and a loaded machine does not make the bound fire earlier. The floor is
  there because `--timeout` also bounds attempts that may rightly be tiny
  (`--timeout 0.001` to see a timeout's report), while a normal model's reading takes a
  second or two. Past it, `OwnWorkTimeout` is raised where the work is, and every `finally`
  on the way out ends the children it knows of; the timer repeats, so that an `except`
  that swallows it meets it again.
- Memory: the soft RLIMIT_AS of the process, raised nowhere past an inherited one: what it
  holds when the command starts, plus the attempt's own limit and headroom, and at least
  MEMORY_GROWTH_FLOOR. A larger allocation is a MemoryError, which the command line reports
  in one line (main.py). Its workers inherit the limit; an attempt sets its own below it.

Both are undone when the command returns: `main` also runs inside a test's process.
"""

from __future__ import annotations

import contextlib
import functools
import os
import resource
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import TypeVar

from strips_model.errors import RunError
from translator.runtime.memory_limits import memory_headroom
from translator.runtime.process_tree import address_space

Item = TypeVar("Item")
Result = TypeVar("Result")

OWN_WORK_FLOOR = 5.0
"""The least CPU time the command's own work gets between two steps, whatever `--timeout`
says: reading a model of a few hundred schemas and linting it takes 1-3 s (measured in
docs/limits.md)."""

MEMORY_GROWTH_FLOOR = 512 * 2**20
"""The least address space the command's own work may add to what it holds at the start:
its libraries (unified-planning, the planners' modules) take some 200 MB of it."""


class OwnWorkTimeout(RunError):
    """The command's own work, outside its attempts, passed its CPU time between two steps."""


_seconds: float | None = None
"""CPU seconds between two steps in this process; None when no bound is in place."""
_allowed: float = 0.0
"""Seconds added to the bound while a search with a bound of its own runs (`allowing`)."""
_timeout: float | None = None
"""The `--timeout` given, for the message."""
_memory_given: int | None = None
"""The `--memory-limit` the last bounded command ran under, for main's out-of-memory line."""


def _expired(signal_number: int, frame: FrameType | None) -> None:
    budget = (_seconds or 0.0) + _allowed
    raise OwnWorkTimeout(
        f"timeout: the command's own work (reading and checking its inputs, outside the "
        f"planner runs) took more than {budget:g} s of CPU time without finishing a step "
        f"(--timeout {_timeout:g} bounds each run and this work between two, with at least "
        f"{OWN_WORK_FLOOR:g} s): give a smaller input or a larger --timeout")


def step() -> None:
    """A step is done (an attempt, a task, a stage of a long computation): the time of the
    command's own work counts from here again. Nothing without a bound in place."""
    if _seconds is not None:
        budget = _seconds + _allowed
        signal.setitimer(signal.ITIMER_PROF, budget, budget)


@contextmanager
def own_work_bounded(timeout: float | None, memory: int | None) -> Iterator[None]:
    """Within: this process's own work under `timeout` seconds (or the floor) between two
    steps and `memory` bytes (plus headroom) more address space than it holds now; either
    None for no bound. Undone on the way out."""
    global _seconds, _timeout, _memory_given
    handler = signal.getsignal(signal.SIGPROF)
    limit = resource.getrlimit(resource.RLIMIT_AS)
    _memory_given = memory
    if timeout is not None:
        _seconds, _timeout = max(timeout, OWN_WORK_FLOOR), timeout
        signal.signal(signal.SIGPROF, _expired)
        step()
    try:
        if memory is not None:
            _limit_address_space(memory)
        yield
    finally:
        if timeout is not None:
            signal.setitimer(signal.ITIMER_PROF, 0)
            _seconds = _timeout = None
            signal.signal(signal.SIGPROF, handler)
        if memory is not None:
            resource.setrlimit(resource.RLIMIT_AS, limit)


@contextmanager
def allowing(seconds: float) -> Iterator[None]:
    """Within: `seconds` more between two steps, for a search in this process that keeps a
    bound of its own (`compare --repair-seconds`): the bound then holds what surrounds it."""
    global _allowed
    _allowed += seconds
    step()
    try:
        yield
    finally:
        _allowed -= seconds
        step()


def memory_given() -> int | None:
    """The `--memory-limit` of the last command run under a bound here (main's message)."""
    return _memory_given


def in_a_worker(function: Callable[[Item], Result]) -> Callable[[Item], Result]:
    """`function`, run in a worker forked for it: its own work is bounded there, counted
    from its start (a fork does not inherit the timer)."""
    return functools.partial(_bounded_call, function)


def _bounded_call(function: Callable[[Item], Result], item: Item) -> Result:
    step()
    return function(item)


def _limit_address_space(memory: int) -> None:
    """The soft RLIMIT_AS: what this process holds, plus `memory` and an attempt's headroom,
    at least MEMORY_GROWTH_FLOOR more; never above an inherited limit. At least the
    attempt's own limit and headroom, so that no attempt's limit is lowered under it
    (memory_limits.py `within_inherited`)."""
    # Mapped before the limit, as an attempt's `prepare` is (child_side.py): OpenBLAS,
    # loaded with numpy by the planners' modules, reserves buffers per core and, refused
    # them, ends the process in C with no word of ours.
    with contextlib.suppress(ImportError):
        import numpy  # noqa: F401
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    wanted = address_space(os.getpid()) + max(memory + memory_headroom(memory),
                                               MEMORY_GROWTH_FLOOR)
    inherited = [bound for bound in (soft, hard) if bound != resource.RLIM_INFINITY]
    resource.setrlimit(resource.RLIMIT_AS, (min([wanted, *inherited]), hard))
