"""Independent tasks (levels) run in forked worker processes: results as they finish, or in
input order.

Each task runs in a process forked for it from this one: what this process has imported (the
translator, planners) is not imported again, and every task starts from fresh module state
(Fast Downward's translator keeps module-level state that slows it down when reused).

`run_completed` is the one pool of worker processes; `run_ordered` only puts its results back
in input order.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from typing import Any, TypeVar

from translator.runtime.own_work import in_a_worker
from translator.runtime.processes import Child, receive, start_child, stop
from translator.runtime.progress import task_finished

Item = TypeVar("Item")
Result = TypeVar("Result")
Value = TypeVar("Value")


def default_jobs() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else \
        (os.cpu_count() or 1)


def run_completed(function: Callable[[Item], Result], items: Sequence[Item], jobs: int,
                  isolate: bool = False,
                  ) -> Generator[tuple[int, Result | BaseException], None, None]:
    """Yield `(index, function(items[index]))` as each task finishes, running up to `jobs` at
    once; a task that raised, or whose worker died (WorkerDied), yields its exception instead.

    With `isolate`, every item runs in a process of its own even when one job at a time is
    asked for (benchmarks use it so that no run inherits state from the previous one).
    Closing the generator (or an exception in the caller) stops the workers still running.
    """
    if not isolate and (jobs <= 1 or len(items) <= 1):
        # Not worth a fork: run here, one at a time; Ctrl-C still reaches the caller.
        for index, item in enumerate(items):
            try:
                value: Result | BaseException = function(item)
            except Exception as error:  # noqa: BLE001 - handed to the caller as the result
                value = error
            task_finished(isinstance(value, BaseException))
            yield index, value
        return
    from multiprocessing.connection import wait  # with the first worker, as processes.py

    waiting = list(enumerate(items))
    waiting.reverse()  # popped from the end: input order
    running: dict[int, Child] = {}
    try:
        while waiting or running:
            while waiting and len(running) < max(1, jobs):
                index, item = waiting.pop()
                running[index] = start_child(f"worker for task {index}", in_a_worker(function),
                                             item)
            ready = wait([child.receiver for child in running.values()])
            for index, child in list(running.items()):
                if child.receiver in ready:
                    del running[index]
                    outcome = _outcome(child)
                    task_finished(isinstance(outcome, BaseException))
                    yield index, outcome
    finally:
        for child in running.values():
            stop(child)


def run_ordered(function: Callable[[Item], Result], items: Sequence[Item],
                jobs: int, isolate: bool = False) -> Generator[Result, None, None]:
    """Yield `function(item)` for each item, in input order (see `run_completed`). A task's
    exception is raised here when its turn comes; a worker that dies raises WorkerDied."""
    results = run_completed(function, items, jobs, isolate)
    try:
        for _, value in in_input_order(results):
            if isinstance(value, BaseException):
                raise value
            yield value
    finally:
        results.close()


def run_batched(function: Callable[[Item], Result], items: Sequence[Item], jobs: int,
                batches: int) -> Generator[Result, None, None]:
    """`run_ordered` with the items dealt into `batches` runs of consecutive items, a worker
    each: for many short tasks, where a fork per task (15 ms of CPU for the compare stage)
    costs as much as the task. Yields one result per item, in input order."""
    size = max(1, -(-len(items) // max(1, batches)))
    runs = [items[start:start + size] for start in range(0, len(items), size)]

    def each(run: Sequence[Item]) -> list[Result]:
        return [function(item) for item in run]

    ran = run_ordered(each, runs, jobs)
    try:
        for results in ran:
            yield from results
    finally:
        ran.close()


def in_input_order(pairs: Iterable[tuple[int, Value]]) -> Iterator[tuple[int, Value]]:
    """`(index, value)` pairs arriving in any order, passed on in index order (0, 1, ...) as
    soon as each one's turn comes: output that people read stays the same from run to run."""
    finished: dict[int, Value] = {}
    next_index = 0
    for index, value in pairs:
        finished[index] = value
        while next_index in finished:
            yield next_index, finished.pop(next_index)
            next_index += 1


def _outcome(child: Child) -> Any:
    """The task's result or its exception. The child is stopped either way, which removes
    its temporary folder."""
    try:
        return receive(child)
    except Exception as error:  # noqa: BLE001 - the task's outcome, handed to the caller
        return error
    finally:
        stop(child)
