"""The rule every output path passes, once when the outputs are checked before any work
(output_checks.py) and again in the writer itself (atomic_write.py), so that no command can
write around it: nothing a user gives is ever lost to an output.

- An output that is, through any symbolic links and hard links, the same regular file as an
  input (same device and inode) is refused: `cnf L.txt -o L.txt` would replace the level.
- A character device or a FIFO (/dev/null, a terminal, a named pipe) is written through:
  opened and written, never renamed over, so that it stays what it is. A rename would
  replace /dev/null itself with a regular file when run as root.
- A link to one of this process's open files (/dev/stdout, /dev/stderr, /dev/fd/N,
  /proc/self/fd/N) is written through that open file, as a shell's `>` does: the bytes go
  where standard output goes, a pipe, a terminal or a file, and the link stays.
- A symbolic link to a regular file, or to nothing yet, is followed: its target is written
  atomically and the link survives.
- Anything else that exists and is not a regular file or a folder (a block device, a
  socket) is refused: writing through a disk would destroy it.
A folder is left to the callers, which refuse it with their own words.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Sequence
from dataclasses import dataclass

from strips_model.errors import InputError, Position

_MOST_LINKS = 40
"""Links followed before giving up, as the kernel's ELOOP does."""

_DESCRIPTOR_LINK = re.compile(r"/(?:dev/fd|proc/(?:self|thread-self|(?P<pid>\d+))/fd)/(?P<fd>\d+)")
"""A path that names an open file of a process by its descriptor."""


@dataclass(frozen=True, slots=True)
class OutputTarget:
    """Where and how one output is written."""

    path: str
    """The file replaced atomically, or the one opened and written through."""
    through: bool = False
    """Written through an open file (a device, a FIFO), never staged and renamed."""
    descriptor: int | None = None
    """This process's open file to write through (/dev/stdout), when the path names one."""


@dataclass(frozen=True, slots=True)
class _Identity:
    """A file as the kernel knows it, whatever path reaches it."""

    device: int
    inode: int


def output_target(path: str, inputs: Sequence[str] = ()) -> OutputTarget:
    """How `path` is written, or an `InputError` naming it when writing it would replace an
    input or a file that is not a regular one (see the module's rules)."""
    try:
        status = os.stat(path)
    except OSError:
        # Nothing there yet (or not reachable): no input can be it; a dangling link's target
        # is created, the link kept. The write itself reports a path it cannot reach.
        return OutputTarget(os.path.realpath(path))
    if stat.S_ISREG(status.st_mode):
        _refuse_an_input(path, status, inputs)
    descriptor = _own_descriptor(path)
    if descriptor is not None:
        return OutputTarget(path, through=True, descriptor=descriptor)
    if stat.S_ISCHR(status.st_mode) or stat.S_ISFIFO(status.st_mode):
        return OutputTarget(path, through=True)
    if stat.S_ISDIR(status.st_mode):
        return OutputTarget(path)
    if not stat.S_ISREG(status.st_mode):
        raise InputError(f"is {_kind(status.st_mode)}: an output is written only to a regular "
                         "file, a character device or a FIFO", Position(path))
    resolved = os.path.realpath(path)
    if resolved != os.path.abspath(path) and _identity_of(resolved) != _identity(status):
        # A link whose target cannot be named (a file of another process, deleted).
        raise InputError("is a link to a file that cannot be named: not written",
                         Position(path))
    return OutputTarget(resolved)


def _refuse_an_input(path: str, status: os.stat_result, inputs: Sequence[str]) -> None:
    identity = _identity(status)
    for given in inputs:
        if _identity_of(given) == identity:
            raise InputError(f"would replace the input {given}: choose another output",
                             Position(path))


def _identity(status: os.stat_result) -> _Identity:
    return _Identity(status.st_dev, status.st_ino)


def _identity_of(path: str) -> _Identity | None:
    """The regular file `path` reaches, None for anything else (standard input, a device,
    a path that does not exist): only a regular file is lost when written over."""
    try:
        status = os.stat(path)
    except (OSError, ValueError):
        return None
    return _identity(status) if stat.S_ISREG(status.st_mode) else None


def _own_descriptor(path: str) -> int | None:
    """The descriptor of this process that `path` leads to through its links (/dev/stdout
    leads to /proc/self/fd/1), None when it leads to none."""
    current = os.path.abspath(path)
    for _ in range(_MOST_LINKS):
        match = _DESCRIPTOR_LINK.fullmatch(current)
        if match is not None and match["pid"] in (None, str(os.getpid())):
            return int(match["fd"])
        if not os.path.islink(current):
            return None
        target = os.readlink(current)
        current = os.path.normpath(os.path.join(os.path.dirname(current), target))
    return None


def _kind(mode: int) -> str:
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"
