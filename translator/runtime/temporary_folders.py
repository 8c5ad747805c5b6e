"""Temporary folders that name their owner, and the sweep that removes those of dead owners.

Every temporary folder this project makes in TMPDIR is `helltaker-<pid>-<kind>...`, with the
pid of the process that made it. A process that ends normally removes its folders; one killed
outright (SIGKILL, the OOM killer) cannot, so the next command that makes temporary folders
removes, once, every `helltaker-<pid>-` folder whose pid no longer runs. A pid reused since
keeps its dead owner's folder until a later sweep: a folder is never removed while a process
with its pid lives.

A folder exists only once its removal is guaranteed: Ctrl-C and SIGTERM (which raise in
Python's main thread) are held back from just before the folder is made until the code that
removes it is in place, and again while it is removed, so that a signal in the first instant
of a run, or during its clean-up, cannot leave an empty folder behind.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import tempfile
import threading
from collections.abc import Iterator
from typing import Any

from translator.runtime.process_tree import running

_OWNED = re.compile(r"helltaker-(?P<pid>\d+)-")
_swept = False

STOP_SIGNALS = frozenset({signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT,
                          signal.SIGUSR1, signal.SIGUSR2})
"""The signals a command answers by cleaning up on its way out (KeyboardInterrupt, Terminated)."""


def temporary_prefix(kind: str = "") -> str:
    """The prefix of a temporary folder made by this process: `helltaker-<pid>-<kind>`."""
    return f"helltaker-{os.getpid()}-{kind}{'-' if kind else ''}"


@contextlib.contextmanager
def stop_signals_held() -> Iterator[set[int | signal.Signals]]:
    """SIGINT and SIGTERM held back for the block and delivered when it ends, once what the
    block made is owned; yields the signal mask a child forked in the block restores once
    its own handlers are set. Blocked in this thread (and so in a forked child), and, in the
    main thread, where Python runs its handlers, recorded rather than handled: a signal sent
    to the process reaches any thread that does not block it (a library's thread)."""
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    caught: list[int] = []
    handlers = _record_stop_signals(caught)
    try:
        yield previous
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)
        for number, handler in handlers.items():
            signal.signal(number, handler)
        if caught:
            signal.raise_signal(caught[0])


def _record_stop_signals(caught: list[int]) -> dict[int, Any]:
    """In the main thread, handlers that append the stop signals to `caught`; the handlers
    they replace. None elsewhere, and for a handler set outside Python (left alone)."""
    if threading.current_thread() is not threading.main_thread():
        return {}
    replaced: dict[int, Any] = {}
    for number in STOP_SIGNALS:
        if signal.getsignal(number) is not None:
            replaced[number] = signal.signal(number, lambda got, _: caught.append(got))
    return replaced


def make_temporary_folder(kind: str = "") -> str:
    """A fresh folder in TMPDIR named for this process, after the sweep (once per command).
    The caller removes it: call this inside `stop_signals_held` and leave that block only once
    the folder's removal is registered (processes.py `start_child`)."""
    sweep_once()
    return tempfile.mkdtemp(prefix=temporary_prefix(kind))


@contextlib.contextmanager
def temporary_folder(kind: str = "") -> Iterator[str]:
    """A folder named for this process for the block, removed when the block ends, however it
    ends: made and removed with the stop signals held, so that none falls between the making
    and the `finally` that removes it."""
    folder: str | None = None
    try:
        with stop_signals_held():
            folder = make_temporary_folder(kind)
        yield folder
    finally:
        if folder is not None:
            with stop_signals_held():
                shutil.rmtree(folder, ignore_errors=True)


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
