"""Independent levels solved in forked worker processes, results in input order.

Each task runs in a process forked for it from this one: what this process has imported (the
translator, planners) is not imported again, and every task starts from fresh module state
(Fast Downward's translator keeps module-level state that slows it down when reused).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from multiprocessing.connection import wait
from typing import Any, TypeVar

from translator.planners.processes import Child, receive, start_child, stop

Item = TypeVar("Item")
Result = TypeVar("Result")


def default_jobs() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else \
        (os.cpu_count() or 1)


def run_ordered(function: Callable[[Item], Result], items: Sequence[Item],
                jobs: int, isolate: bool = False) -> Iterator[Result]:
    """Yield `function(item)` for each item, in order, running up to `jobs` at once.

    With `isolate`, every item runs in a process of its own even when one job at a time is
    asked for (benchmarks use it so that no run inherits state from the previous one).
    A task's exception is raised here when its turn comes; a worker that dies raises
    WorkerDied.
    """
    if not isolate and (jobs <= 1 or len(items) <= 1):
        for item in items:
            yield function(item)
        return
    waiting = list(enumerate(items))
    running: dict[int, Child] = {}
    finished: dict[int, tuple[bool, Any]] = {}
    next_index = 0
    try:
        while next_index < len(items):
            while waiting and len(running) < max(1, jobs):
                index, item = waiting.pop(0)
                running[index] = start_child(f"worker for task {index}", function, item)
            ready = wait([child.receiver for child in running.values()])
            for index, child in list(running.items()):
                if child.receiver in ready:
                    del running[index]
                    finished[index] = _outcome(child)
            while next_index in finished:
                ok, value = finished.pop(next_index)
                if not ok:
                    raise value
                yield value
                next_index += 1
    finally:
        for child in running.values():
            stop(child)


def _outcome(child: Child) -> tuple[bool, Any]:
    """(True, result) or (False, the exception): raised only when the task's turn comes.
    The child is stopped either way, which removes its temporary folder."""
    try:
        return True, receive(child)
    except BaseException as error:  # noqa: BLE001 - re-raised in input order
        return False, error
    finally:
        stop(child)
