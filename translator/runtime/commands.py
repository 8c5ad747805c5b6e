"""External commands (planner binaries and drivers): each in a session of its own, so that a
timeout ends it and every process it started, and dying with this process (parent_death.py);
and a private working directory for engines that write fixed file names.

A command that writes without bound (SymK's top-k search writes one file per plan) can be
given a cap on the bytes of its working directory: past it the command is stopped, as on a
timeout, so that what it leaves for removal stays small.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from translator.runtime.parent_death import dying_with
from translator.runtime.processes import bounded_seconds
from translator.runtime.temporary_folders import temporary_folder

FOLDER_POLL_SECONDS = 0.25
"""How often a capped command's working directory is measured."""


@dataclass(frozen=True, slots=True)
class CommandRun:
    exit_code: int | None
    """None when the timeout or the folder cap stopped the command."""
    output: str
    """Standard output and standard error, interleaved as the command printed them."""
    overflowed: bool = False
    """The command was stopped because its working directory passed its cap."""

    @property
    def timed_out(self) -> bool:
        return self.exit_code is None and not self.overflowed


def run_command(command: Sequence[str], cwd: str, timeout: float | None,
                stdin_path: str | None = None, folder_cap: int | None = None) -> CommandRun:
    """Run `command` in a session of its own; on a timeout, or once the files in `cwd` pass
    `folder_cap` bytes, kill the session's processes."""
    with contextlib.ExitStack() as stack:
        stdin = stack.enter_context(open(stdin_path, "rb")) if stdin_path else subprocess.DEVNULL
        process = subprocess.Popen(command, cwd=cwd, stdin=stdin, stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, text=True, start_new_session=True,
                                   preexec_fn=dying_with(os.getpid()))
        try:
            output, overflowed = _wait(process, cwd, bounded_seconds(timeout), folder_cap)
        except BaseException:
            _kill_group(process)
            process.wait()
            raise
        if output is None or overflowed:
            _kill_group(process)
            rest, _ = process.communicate()
            return CommandRun(None, (output or "") + rest, overflowed)
    return CommandRun(process.returncode, output)


def _wait(process: subprocess.Popen[str], cwd: str, timeout: float | None,
          folder_cap: int | None) -> tuple[str | None, bool]:
    """The command's output once it ends, with whether it passed the cap; None for the output
    when the timeout or the cap came first."""
    if folder_cap is None:
        try:
            return process.communicate(timeout=timeout)[0], False
        except subprocess.TimeoutExpired:
            return None, False
    deadline = None if timeout is None else time.monotonic() + timeout
    while True:
        step = FOLDER_POLL_SECONDS if deadline is None else \
            max(0.0, min(FOLDER_POLL_SECONDS, deadline - time.monotonic()))
        try:
            return process.communicate(timeout=step)[0], False
        except subprocess.TimeoutExpired:
            if _folder_bytes(cwd) > folder_cap:
                return None, True
            if deadline is not None and time.monotonic() >= deadline:
                return None, False


def _folder_bytes(folder: str) -> int:
    """Bytes of the files directly in `folder` (the plans a driver writes)."""
    total = 0
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            with contextlib.suppress(OSError):
                total += entry.stat(follow_symlinks=False).st_size
    return total


def _kill_group(process: subprocess.Popen[str]) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)


@contextlib.contextmanager
def own_working_directory(kind: str) -> Iterator[str]:
    """A fresh temporary directory (`helltaker-<pid>-<kind>...`) as the working directory of
    the block.

    Engines that write fixed file names into the current directory (Fast Downward's driver
    writes `output.sas`) then cannot overwrite each other's files from parallel processes."""
    with temporary_folder(kind) as work, contextlib.chdir(work):
        yield work
