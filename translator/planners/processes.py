"""Work that may have to be stopped: an external command in a process group of its own, a
Python function in a forked child, each under a timeout; and a private working directory.

Planner drivers start children of their own (Fast Downward's driver runs its translator and
its search): a timeout therefore kills the command's whole process group, not just the
command. A function that ignores timeouts (pyperplan's search) runs in a forked child, which
is killed when its time is up.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import subprocess
import tempfile
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, TypeVar

from strips_model.errors import RunError

Argument = TypeVar("Argument")
Result = TypeVar("Result")


@dataclass(frozen=True, slots=True)
class CommandRun:
    exit_code: int | None
    """None when the timeout stopped the command."""
    output: str
    """Standard output and standard error, interleaved as the command printed them."""

    @property
    def timed_out(self) -> bool:
        return self.exit_code is None


def run_command(command: Sequence[str], cwd: str, timeout: float | None,
                stdin_path: str | None = None) -> CommandRun:
    """Run `command` in a session of its own; on a timeout, kill the session's processes."""
    with contextlib.ExitStack() as stack:
        stdin = stack.enter_context(open(stdin_path, "rb")) if stdin_path else subprocess.DEVNULL
        process = subprocess.Popen(command, cwd=cwd, stdin=stdin, stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, text=True, start_new_session=True)
        try:
            output, _ = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            _kill_group(process)
            output, _ = process.communicate()
            return CommandRun(None, output)
        except BaseException:
            _kill_group(process)
            process.wait()
            raise
    return CommandRun(process.returncode, output)


def _kill_group(process: subprocess.Popen[str]) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)


@contextlib.contextmanager
def own_working_directory(prefix: str) -> Iterator[str]:
    """A fresh temporary directory as the working directory of the block.

    Engines that write fixed file names into the current directory (Fast Downward's driver
    writes `output.sas`) then cannot overwrite each other's files from parallel processes."""
    with tempfile.TemporaryDirectory(prefix=prefix) as work, contextlib.chdir(work):
        yield work


class WorkerDied(RunError):
    """A child process ended without sending its result (killed, out of memory)."""


class WorkerTimeout(RunError):
    """A child process ran past its time limit and was stopped."""


@dataclass(frozen=True, slots=True)
class Child:
    """A forked process computing one result, and the pipe it sends the result on."""

    name: str
    process: BaseProcess
    receiver: Connection


def _compute_and_send(function: Callable[[Any], Any], argument: Any, sender: Connection) -> None:
    try:
        sender.send((True, function(argument)))
    except BaseException as error:  # noqa: BLE001 - handed to the parent, which re-raises it
        sender.send((False, error))
    finally:
        sender.close()


def start_child(name: str, function: Callable[[Argument], Result], argument: Argument) -> Child:
    """Fork a process that computes `function(argument)`. A forked child starts with what this
    process has imported and holds, so nothing is imported or pickled again but the result."""
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    process = context.Process(target=_compute_and_send, args=(function, argument, sender))
    process.start()
    sender.close()
    return Child(name, process, receiver)


def receive(child: Child) -> Any:
    """The child's result, or the exception it raised, raised here; the child is reaped."""
    try:
        ok, value = child.receiver.recv()
    except EOFError:
        child.process.join()
        raise WorkerDied(f"{child.name} ended with exit code {child.process.exitcode} "
                         "without a result") from None
    finally:
        child.receiver.close()
    child.process.join()
    if not ok:
        raise value
    return value


def stop(child: Child) -> None:
    """Kill the child if it still runs and reap it."""
    if child.process.is_alive():
        child.process.kill()
    child.process.join()
    child.receiver.close()


def run_in_child(name: str, function: Callable[[Argument], Result], argument: Argument,
                 timeout: float | None) -> Result:
    """`function(argument)` computed in a forked child that is killed after `timeout` seconds
    (WorkerTimeout); WorkerDied when it ends without a result."""
    child = start_child(name, function, argument)
    try:
        if not child.receiver.poll(timeout):
            raise WorkerTimeout(f"{name} stopped after {timeout} s")
        return receive(child)
    finally:
        stop(child)
