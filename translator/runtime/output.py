"""The one writer of standard output: every result a command prints goes through here.

A result that cannot be delivered must not pass for one. Python drops `print()` silently when
standard output was closed before the start (`helltaker solve L >&-`) and raises a traceback
when the device is full (`>/dev/full`); here both become a `RunError` with one line, which the
command line turns into status 3. A reader that went away (`| head`) stays a
`BrokenPipeError`, status 141, as Unix filters report it.
"""

from __future__ import annotations

import errno
import os
import sys
from typing import Protocol

from strips_model.errors import RunError


def reserve_stdout() -> None:
    """Keep descriptor 1 taken when standard output is closed, so that no file opened later
    (a plan, a planner's log) gets it and receives what a child writes to its standard
    output; `sys.stdout` stays None, which `write_out` reports."""
    try:
        os.fstat(1)
    except OSError:
        descriptor = os.open(os.devnull, os.O_WRONLY)
        if descriptor != 1:
            os.dup2(descriptor, 1)
            os.close(descriptor)


def write_out(text: str, flush: bool = False) -> None:
    """Write `text` on standard output, flushed when `flush` (a result shown as it exists)."""
    stream = sys.stdout
    if stream is None:
        raise RunError("cannot write to standard output: it is closed")
    try:
        try:
            stream.write(text)
        except UnicodeEncodeError:
            # An output encoding narrower than the text (PYTHONIOENCODING=ascii, a C locale):
            # what it cannot hold is written as `\xe9`, as Python's own stderr does.
            encoding = stream.encoding or "utf-8"
            stream.write(text.encode(encoding, "backslashreplace").decode(encoding))
        if flush:
            stream.flush()
    except OSError as error:
        _failed(error)


def print_out(line: str = "", flush: bool = False) -> None:
    """Write `line` and a newline on standard output."""
    write_out(f"{line}\n", flush)


def flush_out() -> None:
    """Deliver what is buffered, so a failure surfaces while the command can still report it
    (at the interpreter's exit it would be a traceback or nothing)."""
    if sys.stdout is None:
        return
    try:
        sys.stdout.flush()
    except OSError as error:
        _failed(error)


def _failed(error: OSError) -> None:
    _discard_buffered()
    if isinstance(error, BrokenPipeError) or error.errno == errno.EPIPE:
        raise BrokenPipeError(errno.EPIPE, "broken pipe") from None
    reason = error.strerror or str(error)
    if error.errno == errno.EBADF:
        reason = "it is closed"
    raise RunError(f"cannot write to standard output: {reason}") from None


class TextSink(Protocol):
    """Where text can be written a block at a time: a file, a StringIO, `STANDARD_OUTPUT`."""

    def write(self, text: str, /) -> object: ...

    def flush(self) -> object: ...


class _StandardOutput:
    """Standard output through this writer, for code written against a stream."""

    def write(self, text: str, /) -> int:
        write_out(text)
        return len(text)

    def flush(self) -> None:
        flush_out()


STANDARD_OUTPUT: TextSink = _StandardOutput()
"""Standard output as a `TextSink`: a replay drawn frame by frame, a table."""


def _discard_buffered() -> None:
    """Point descriptor 1 at /dev/null: what is still buffered would otherwise be written
    again, and fail again, at the interpreter's exit (a traceback after our one line)."""
    try:
        if sys.stdout is None or sys.stdout.fileno() != 1:
            return  # not the process's standard output (a test's stream): nothing to redirect
    except (OSError, ValueError):
        return
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    os.close(null)
