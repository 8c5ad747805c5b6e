"""External commands (planner binaries and drivers): each in a session of its own, so that a
timeout ends it and every process it started; and a private working directory for engines
that write fixed file names."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from translator.runtime.processes import bounded_seconds


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
            output, _ = process.communicate(timeout=bounded_seconds(timeout))
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
