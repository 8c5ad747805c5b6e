"""The life of a child forked by processes.py, from the fork to its exit: its signals and
folder, its `prepare`, its memory limit, its task and the result it sends back; and how the
parent reads its end (`how_it_ended`) and makes room for a reserved child's job.

A reserved child's task is `await_job`: the job (a `Task`) comes through a pipe once the
parent knows it, after the child has prepared, and its memory limit applies from then.
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import os
import pickle
import resource
import select
import shutil
import signal
import tempfile
from collections.abc import Callable, Set
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from strips_model.errors import RunError
from translator.runtime.memory_limits import inherited_address_space, means_out_of_memory
from translator.runtime.process_tree import kill_family

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

OUT_OF_MEMORY_EXIT = 86
"""The exit code of a child that ran out of memory before it could send its result."""


@dataclass(frozen=True, slots=True)
class Task:
    """What a child computes: `function(argument)` under `memory` bytes of address space."""

    function: Callable[[Any], Any]
    argument: Any
    memory: int | None


def run_child(task: Task, sender: Connection, receiver: Connection, scratch: str,
              blocked: set[int | signal.Signals], prepare: Callable[[], object] | None,
              folders: Set[str]) -> None:
    """The child's whole life; it never returns into the parent's code. `folders` are those
    of the children it starts itself, removed with its own when it is terminated."""
    code = 0
    try:
        receiver.close()
        # The parent answers Ctrl-C and ends its children; a child that raised
        # KeyboardInterrupt itself would only race it.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, functools.partial(_end_terminated, scratch, folders))
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
        tempfile.tempdir = scratch
        os.environ["TMPDIR"] = scratch
        if prepare is not None:
            # Before the limit: a library mapped under it can fail in C and end the child
            # with no word (OpenBLAS does), where a parent that imported it had been fine.
            prepare()
        _limit_memory(task.memory)
        code = _compute_and_send(task.function, task.argument, sender)
    except BaseException:  # noqa: BLE001 - nothing may escape into the parent's code
        code = 1
    finally:
        # os._exit: no atexit handlers, no flushing of buffers copied from the parent.
        os._exit(code)


def _limit_memory(memory: int | None) -> None:
    if memory is not None:
        # No process may raise its hard limit: an inherited one caps the headroom too.
        inherited = inherited_address_space()
        memory = memory if inherited is None else min(memory, inherited)
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))


def await_job(pipe: tuple[Connection, Connection]) -> Any:
    """A reserved child's task: the job it is handed (receiving end, parent's end of the
    pipe), under the job's memory limit. Never handed one, it is stopped by its parent, or
    sees the pipe closed (its parent died, or ended the reservation) and ends as if
    terminated: its folder removed."""
    jobs, parents_end = pipe
    parents_end.close()
    try:
        data = jobs.recv_bytes()
    except EOFError:
        signal.raise_signal(signal.SIGTERM)
        raise
    # Bytes this process's parent pickled (processes.py `_hand_over`).
    job: Task = pickle.loads(data)  # noqa: S301
    jobs.close()
    _limit_memory(job.memory)
    return job.function(job.argument)


def _end_terminated(scratch: str, folders: Set[str], *_: object) -> None:
    """SIGTERM in a child (its parent died, or anyone ended it): kill every process it
    started, remove their folders and its own, and exit, leaving nothing behind."""
    kill_family(os.getpid(), itself=False)
    for folder in (*folders, scratch):
        shutil.rmtree(folder, ignore_errors=True)
    os._exit(128 + signal.SIGTERM)


def _compute_and_send(function: Callable[[Any], Any], argument: Any,
                      sender: Connection) -> int:
    try:
        result = (True, function(argument))
    except MemoryError:
        return OUT_OF_MEMORY_EXIT
    except BaseException as error:  # noqa: BLE001 - handed to the parent, which re-raises it
        if means_out_of_memory(error):
            return OUT_OF_MEMORY_EXIT
        result = (False, error)
    try:
        sender.send(result)
    except MemoryError:
        return OUT_OF_MEMORY_EXIT
    except Exception as error:  # noqa: BLE001 - an exception that does not pickle
        sender.send((False, RunError(f"{type(error).__name__}: {error}")))
    finally:
        sender.close()
    return 0


def make_room(pipe: Connection, size: int) -> None:
    """In the parent, before it hands a reserved child its job: have the empty `pipe` hold
    `size` bytes and their header at once (Linux), so that sending never waits on a child
    still preparing; OSError when it cannot."""
    needed = size + 16
    if not hasattr(fcntl, "F_GETPIPE_SZ"):
        if needed > select.PIPE_BUF:
            raise OSError(f"a job of {size} bytes may not fit the pipe")
    elif fcntl.fcntl(pipe.fileno(), fcntl.F_GETPIPE_SZ) < needed:
        fcntl.fcntl(pipe.fileno(), fcntl.F_SETPIPE_SZ, needed)


def how_it_ended(status: int) -> str:
    """A child's wait status in words, for the parent's message."""
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        with contextlib.suppress(ValueError):
            return f"killed by {signal.Signals(number).name}"
        return f"killed by signal {number}"
    return f"exit code {os.waitstatus_to_exitcode(status)}"
