"""Independent levels solved in forked worker processes, results in input order.

Each task runs in a process forked for it from this one: what this process has imported (the
translator, planners) is not imported again, and every task starts from fresh module state
(Fast Downward's translator keeps module-level state that slows it down when reused).
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from multiprocessing.connection import Connection, wait
from typing import Any, TypeVar

from strips_model.errors import RunError

Item = TypeVar("Item")
Result = TypeVar("Result")


class WorkerDied(RunError):
    """A worker process ended without sending its result (killed, out of memory)."""


def default_jobs() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else \
        (os.cpu_count() or 1)


def _run_child(function: Callable[[Any], Any], item: Any, sender: Connection) -> None:
    try:
        sender.send((True, function(item)))
    except BaseException as error:  # noqa: BLE001 - handed to the parent, which re-raises it
        sender.send((False, error))
    finally:
        sender.close()


def run_ordered(function: Callable[[Item], Result], items: Sequence[Item],
                jobs: int, isolate: bool = False) -> Iterator[Result]:
    """Yield `function(item)` for each item, in order, running up to `jobs` at once.

    With `isolate`, every item runs in a process of its own even when one job at a time is
    asked for (benchmarks use it so that no run inherits state from the previous one).
    """
    if not isolate and (jobs <= 1 or len(items) <= 1):
        for item in items:
            yield function(item)
        return
    context = multiprocessing.get_context("fork")
    waiting = list(enumerate(items))
    running: dict[int, tuple[Any, Connection]] = {}
    finished: dict[int, tuple[bool, Any]] = {}
    next_index = 0
    try:
        while next_index < len(items):
            while waiting and len(running) < max(1, jobs):
                index, item = waiting.pop(0)
                receiver, sender = context.Pipe(duplex=False)
                process = context.Process(target=_run_child, args=(function, item, sender))
                process.start()
                sender.close()
                running[index] = (process, receiver)
            ready = wait([receiver for _, receiver in running.values()])
            for index, (process, receiver) in list(running.items()):
                if receiver not in ready:
                    continue
                try:
                    finished[index] = receiver.recv()
                except EOFError:
                    finished[index] = (False, WorkerDied(f"worker for task {index} died"))
                receiver.close()
                process.join()
                del running[index]
            while next_index in finished:
                ok, value = finished.pop(next_index)
                if not ok:
                    raise value
                yield value
                next_index += 1
    finally:
        for process, receiver in running.values():
            process.terminate()
            process.join()
            receiver.close()
