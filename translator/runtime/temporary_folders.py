"""Temporary folders that name their owner, and the sweep that removes those of dead owners.

Every temporary folder this project makes in TMPDIR is `helltaker-<pid>-<kind>...`, with the
pid of the process that made it. A process that ends normally removes its folders; one killed
outright (SIGKILL, the OOM killer) cannot, so the next command that makes temporary folders
removes, once, every `helltaker-<pid>-` folder whose pid no longer runs. A pid reused since
keeps its dead owner's folder until a later sweep: a folder is never removed while a process
with its pid lives.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import tempfile
from collections.abc import Iterator

from translator.runtime.process_tree import running

_OWNED = re.compile(r"helltaker-(?P<pid>\d+)-")
_swept = False


def temporary_prefix(kind: str = "") -> str:
    """The prefix of a temporary folder made by this process: `helltaker-<pid>-<kind>`."""
    return f"helltaker-{os.getpid()}-{kind}{'-' if kind else ''}"


def make_temporary_folder(kind: str = "") -> str:
    """A fresh folder in TMPDIR named for this process, after the sweep (once per command)."""
    sweep_once()
    return tempfile.mkdtemp(prefix=temporary_prefix(kind))


@contextlib.contextmanager
def temporary_folder(kind: str = "") -> Iterator[str]:
    """A folder named for this process for the block, removed when the block ends."""
    sweep_once()
    with tempfile.TemporaryDirectory(prefix=temporary_prefix(kind)) as folder:
        yield folder


def sweep_once() -> None:
    """`remove_orphaned_folders` the first time a process (or its forks) asks: one listing of
    TMPDIR per command."""
    global _swept
    if not _swept:
        _swept = True
        remove_orphaned_folders()


def remove_orphaned_folders(directory: str | None = None) -> list[str]:
    """Remove the `helltaker-<pid>-` folders of `directory` (TMPDIR) whose owner is gone;
    the paths removed."""
    directory = tempfile.gettempdir() if directory is None else directory
    removed: list[str] = []
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return removed
    for entry in entries:
        owned = _OWNED.match(entry.name)
        if owned is None or _alive(int(owned["pid"])):
            continue
        with contextlib.suppress(OSError):
            if entry.is_dir(follow_symlinks=False):
                shutil.rmtree(entry.path)
                removed.append(entry.path)
    return removed


def _alive(pid: int) -> bool:
    """`pid` runs: a zombie (killed, not yet reaped) owns nothing any more."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's process: alive, and not ours to judge
    # Elsewhere than Linux there is no /proc to tell a zombie from a live process.
    return running(pid) if os.path.isdir("/proc") else True
