"""Python functions in forked children, under a wall-clock and a memory limit.

Every planner attempt runs in a child forked for it (`run_in_child`). The child is the only
place heavy work happens, so the parent can always end it: on a timeout, on Ctrl-C, or when the
attempt's worker is no longer wanted, the parent freezes the child and everything it started
(Fast Downward's search binary, SymK's driver and its translator, unified-planning's
subprocesses) and kills them all (process_tree.py). Each child also gets a temporary folder of
its own, which it and its descendants use as TMPDIR and which the parent removes when the child
ends, however it ends: nothing a killed attempt wrote is left behind. When the parent itself
is killed outright, its children learn it from the kernel (parent_death.py) and end the same
way; the folders are named for their owner (temporary_folders.py) so that a later command
removes any that outlived theirs. How the memory limit is watched and enforced:
memory_limits.py. External commands: commands.py.

A child can also be forked before its job is known (`reserve_child`): it runs its `prepare`
(the back-end's imports) at once, while this process reads its input, and waits. The first
`run_in_child` prepared the same way hands it the job through a pipe instead of forking, and
its limits count from then; a reserved child never handed a job is stopped like any other.
"""

from __future__ import annotations

import gc
import os
import pickle
import shutil
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, TypeVar

from translator.runtime.attempt_limits import LONGEST_WAIT as LONGEST_WAIT
from translator.runtime.attempt_limits import NO_LIMITS as NO_LIMITS
from translator.runtime.attempt_limits import Limits as Limits
from translator.runtime.attempt_limits import WorkerDied as WorkerDied
from translator.runtime.attempt_limits import WorkerFailed as WorkerFailed
from translator.runtime.attempt_limits import WorkerOutOfMemory as WorkerOutOfMemory
from translator.runtime.attempt_limits import WorkerTimeout as WorkerTimeout
from translator.runtime.attempt_limits import bounded_seconds as bounded_seconds
from translator.runtime.child_side import (
    OUT_OF_MEMORY_EXIT,
    Task,
    await_job,
    how_it_ended,
    make_room,
    run_child,
)
from translator.runtime.memory_limits import MEMORY_POLL_SECONDS, MemoryWatch, memory_headroom
from translator.runtime.own_work import step
from translator.runtime.parent_death import die_with_parent
from translator.runtime.process_tree import kill_family
from translator.runtime.temporary_folders import make_temporary_folder, stop_signals_held

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

Argument = TypeVar("Argument")
Result = TypeVar("Result")

GRACE_SECONDS = 0.4
"""How long past its limit an attempt may report its own timeout (with its log): < 1 s."""

@dataclass(frozen=True, slots=True)
class Child:
    """A forked process computing one result, the pipe it sends it on, and its own folder."""

    name: str
    pid: int
    receiver: Connection
    scratch: str
    """The child's TMPDIR, removed with the child."""


@dataclass(frozen=True, slots=True)
class _Reservation:
    child: Child
    prepare: Callable[[], object]
    """What the child ran first: a `run_in_child` with an equal `prepare` takes it."""
    jobs: Connection
    """Where its job is sent."""


_LIVE: dict[int, Child] = {}
"""Children started and not yet reaped, so that an interrupt can end them all."""
_FOLDERS: set[str] = set()
"""Children's folders not yet removed: also a reaped child's whose `stop` a signal cut short."""
_RESERVED: list[_Reservation] = []
"""Children reserved and not yet handed a job, all also in `_LIVE`."""


def start_child(name: str, function: Callable[[Argument], Result], argument: Argument,
                memory: int | None = None, prepare: Callable[[], object] | None = None
                ) -> Child:
    """Fork a process that computes `function(argument)` and sends it back. A forked child
    starts with what this process has imported and holds: nothing is imported or pickled
    again but the result. Ctrl-C or SIGTERM waits until the folder and the child are known."""
    parent = os.getpid()
    with stop_signals_held() as blocked:
        scratch = make_temporary_folder()
        _FOLDERS.add(scratch)
        try:
            from multiprocessing import Pipe  # with the first child: not for a run without

            receiver, sender = Pipe(duplex=False)
            pid = os.fork()
        except BaseException:
            _remove(scratch)
            raise
        if pid == 0:
            # What the parent holds is the child's to read, not to collect: a full collection
            # would rescan every object inherited (a repair's grounding memo: a mutant's
            # 0.25 s search took 0.5 s) and copy each page it touches.
            gc.freeze()
            die_with_parent(parent, signal.SIGTERM)
            # The parent's other children, reservations and folders are the parent's to
            # stop; the set object stays, to hold this child's own children's folders.
            _LIVE.clear()
            _FOLDERS.clear()
            _RESERVED.clear()
            run_child(Task(function, argument, memory), sender, receiver, scratch, blocked,
                      prepare, _FOLDERS)
        sender.close()
        child = Child(name, pid, receiver, scratch)
        _LIVE[pid] = child
    return child


def receive(child: Child) -> Any:
    """The child's result, or the exception it raised, raised here; the child is reaped."""
    try:
        ok, value = child.receiver.recv()
    except EOFError:
        status = _reap(child, block=True)
        if os.WIFEXITED(status) and os.WEXITSTATUS(status) == OUT_OF_MEMORY_EXIT:
            raise WorkerOutOfMemory(f"{child.name} ran out of memory") from None
        raise WorkerDied(f"{child.name} ended ({how_it_ended(status)}) without a result") \
            from None
    _reap(child, block=True)
    if not ok:
        raise value
    return value


def _reap(child: Child, block: bool) -> int:
    """The child's wait status once it has ended; -1 while it runs (without `block`)."""
    try:
        pid, status = os.waitpid(child.pid, 0 if block else os.WNOHANG)
    except ChildProcessError:
        return 0  # reaped already
    if pid == 0:
        return -1
    _LIVE.pop(child.pid, None)
    return status


def reserve_child(prepare: Callable[[], object]) -> Child:
    """Fork now a child that runs `prepare()` at once, then waits for the job that the first
    `run_in_child` with an equal `prepare` hands it. Until then it is a running child like any
    other: `stop`, `stop_every_child` and its parent's death end it and remove its folder."""
    from multiprocessing import Pipe

    jobs, sender = Pipe(duplex=False)
    try:
        child = start_child("reserved child", await_job, (jobs, sender), None, prepare)
    except BaseException:
        sender.close()
        raise
    finally:
        jobs.close()
    _RESERVED.append(_Reservation(child, prepare, sender))
    return child


def _hand_over(prepare: Callable[[], object] | None, name: str,
               function: Callable[[Any], Any], argument: Any, memory: int | None
               ) -> Child | None:
    """The reserved child prepared as `prepare`, its job handed to it; None when there is
    none, or when the job does not pickle or fit the pipe at once (the child is stopped and
    the caller forks: the time limit must not wait on a child still preparing)."""
    reservation = next((each for each in _RESERVED if each.prepare == prepare), None)
    if reservation is None:
        return None
    _RESERVED.remove(reservation)
    child = replace(reservation.child, name=name)
    _LIVE[child.pid] = child
    try:
        job = pickle.dumps(Task(function, argument, memory))
        make_room(reservation.jobs, len(job))
    except Exception:  # noqa: BLE001 - no pickle, no room: the job runs in a fresh fork
        reservation.jobs.close()
        stop(child)
        return None
    try:
        reservation.jobs.send_bytes(job)
    except OSError:
        pass  # it died while preparing: `receive` says how it ended
    finally:
        reservation.jobs.close()
    return child


def cancel_reservation(child: Child) -> None:
    """Stop `child` if it is still reserved, never handed a job: its reservation is over."""
    for reservation in [each for each in _RESERVED if each.child.pid == child.pid]:
        _RESERVED.remove(reservation)
        reservation.jobs.close()
        stop(reservation.child)


def stop(child: Child) -> None:
    """End the child and every process it started, reap it and remove its folder; a second
    Ctrl-C or SIGTERM waits until this is done."""
    with stop_signals_held():
        if child.pid in _LIVE and _reap(child, block=False) == -1:
            kill_family(child.pid)
            _reap(child, block=True)
        _LIVE.pop(child.pid, None)
        child.receiver.close()
        _remove(child.scratch)


def _remove(folder: str) -> None:
    shutil.rmtree(folder, ignore_errors=True)
    _FOLDERS.discard(folder)


def stop_every_child() -> None:
    """Stop every child still running and remove every folder left (Ctrl-C)."""
    for reservation in list(_RESERVED):
        cancel_reservation(reservation.child)
    for child in list(_LIVE.values()):
        stop(child)
    with stop_signals_held():
        for folder in list(_FOLDERS):
            _remove(folder)


def _await_result(child: Child, limits: Limits) -> None:
    """Return when the child's result is ready; WorkerTimeout or WorkerOutOfMemory when it
    passes a limit first."""
    seconds = bounded_seconds(limits.seconds)
    deadline = None if seconds is None else time.monotonic() + seconds + GRACE_SECONDS
    memory = None if limits.memory is None else MemoryWatch(child.pid, limits.memory)
    while True:
        remaining = None if deadline is None else max(0.0, deadline - time.monotonic())
        wait = remaining if memory is None else \
            MEMORY_POLL_SECONDS if remaining is None else min(remaining, MEMORY_POLL_SECONDS)
        if child.receiver.poll(wait):
            return
        if deadline is not None and time.monotonic() >= deadline:
            raise WorkerTimeout(f"{child.name} stopped after {limits.seconds:g} s")
        if memory is not None and memory.exceeded():
            raise WorkerOutOfMemory(f"{child.name} ran out of memory")


def run_in_child(name: str, function: Callable[[Argument], Result], argument: Argument,
                 limits: Limits = NO_LIMITS, prepare: Callable[[], object] | None = None
                 ) -> Result:
    """`function(argument)` computed in a forked child under `limits`: WorkerTimeout past the
    time limit, WorkerOutOfMemory past the memory limit, WorkerDied when it ends without a
    result. The child and all it started are ended before this returns or raises.
    `prepare()` runs in the child before its limits apply (imports it needs); a child
    reserved with an equal `prepare` (`reserve_child`) is taken instead of a new one."""
    result: Result = result_of(start_in_child(name, function, argument, limits, prepare), limits)
    return result


def start_in_child(name: str, function: Callable[[Argument], Result], argument: Argument,
                   limits: Limits = NO_LIMITS, prepare: Callable[[], object] | None = None
                   ) -> Child:
    """`run_in_child`'s first half: the child started on its job, which runs while the caller
    does other work (auto's search beside Fast Downward); `result_of` or `stop` ends it."""
    memory = None if limits.memory is None else limits.memory + memory_headroom(limits.memory)
    return _hand_over(prepare, name, function, argument, memory) \
        or start_child(name, function, argument, memory, prepare)


def result_of(child: Child, limits: Limits = NO_LIMITS) -> Any:
    """`run_in_child`'s second half: the result of `child`, its limits counted from now."""
    try:
        _await_result(child, limits)
        return receive(child)
    finally:
        stop(child)
        step()  # an attempt done: the command's own work counts from here (own_work.py)
