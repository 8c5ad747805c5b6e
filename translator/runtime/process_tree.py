"""A process and everything it started, as /proc shows them (Linux): found, measured, ended.

A planner attempt is a family of processes (Fast Downward's driver and search binary, SymK's
translator, unified-planning's subprocesses); its memory is the largest address space among
them, and stopping it means stopping them all, frozen first so that none can start another.
Elsewhere than Linux a process has no descendants here.
"""

from __future__ import annotations

import contextlib
import functools
import os
import signal
import time
from collections.abc import Collection


def kill_family(pid: int, itself: bool = True) -> None:
    """SIGKILL `pid` and its descendants, frozen first so that none can start another; only
    its descendants when not `itself` (a process ending its own family)."""
    kill_families((pid,), itself)


def kill_families(pids: Collection[int], itself: bool = True) -> None:
    """`kill_family` of every pid of `pids` at once: all frozen, then all killed, then one
    wait, so that stopping N processes (a local Dask cluster's workers) takes the time of one."""
    roots = set(pids)
    family = set(roots) if itself else descendants(*roots)
    _signal_all(family, signal.SIGSTOP)
    while True:
        newcomers = descendants(*roots) - family
        if not newcomers:
            break
        _signal_all(newcomers, signal.SIGSTOP)
        family |= newcomers
    _signal_all(family, signal.SIGKILL)
    # Killed descendants are reaped by whoever adopts them; wait (briefly) until they are
    # gone, the roots too (a zombie counts as gone), so that a command that returns has no
    # process of its own left running and the folders they owned are seen as orphans.
    deadline = time.monotonic() + 1.0
    while family and time.monotonic() < deadline:
        family = {member for member in family if running(member)}
        if family:
            time.sleep(0.005)


def descendants(*pids: int) -> set[int]:
    """Every process below any of `pids`, from one reading of /proc (Linux); none
    elsewhere."""
    children: dict[int, list[int]] = {}
    with contextlib.suppress(FileNotFoundError):
        for entry in os.scandir("/proc"):
            if entry.name.isdigit():
                fields = _stat_fields(int(entry.name))
                if fields is not None:
                    children.setdefault(int(fields[1]), []).append(int(entry.name))
    found: set[int] = set()
    waiting = list(pids)
    while waiting:
        for child in children.get(waiting.pop(), ()):
            if child not in found:
                found.add(child)
                waiting.append(child)
    return found


def family_below(pid: int) -> set[int]:
    """The processes below `pid`, walked down from it through each of its threads' list of
    children (/proc/PID/task/TID/children): a few reads for an attempt's family, where
    `descendants` reads every process of the machine (0.2 ms against 4 ms with 78 processes
    running; on a server running thousands, the watch of each attempt every half second would
    cost a tenth of a core). Without those lists (a kernel built without them),
    `descendants`. A child started or ended during the walk may be missed; the watch
    walks again within a second."""
    if not _children_listed():
        return descendants(pid)
    found: set[int] = set()
    waiting = [pid]
    while waiting:
        parent = waiting.pop()
        with contextlib.suppress(OSError):  # gone, or a thread gone: so are what they listed
            for thread in os.listdir(f"/proc/{parent}/task"):
                with contextlib.suppress(OSError):
                    with open(f"/proc/{parent}/task/{thread}/children", "rb") as stream:
                        listed = stream.read().split()
                    for child in map(int, listed):
                        if child not in found:
                            found.add(child)
                            waiting.append(child)
    return found


@functools.cache
def _children_listed() -> bool:
    """Whether the kernel lists each thread's children (CONFIG_PROC_CHILDREN)."""
    pid = os.getpid()
    return os.path.exists(f"/proc/{pid}/task/{pid}/children")


def address_space(pid: int) -> int:
    """Bytes of address space of `pid` (VmSize, what RLIMIT_AS bounds); 0 when it is gone."""
    try:
        with open(f"/proc/{pid}/status", "rb") as stream:
            for line in stream:
                if line.startswith(b"VmSize:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return 0


def _stat_fields(pid: int) -> list[bytes] | None:
    """The fields of /proc/PID/stat after the command name (state first), or None."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stream:
            stat = stream.read()
    except OSError:
        return None
    # The command name may hold spaces and parentheses: the fields follow the last ')'.
    return stat[stat.rindex(b")") + 2:].split()


def running(pid: int) -> bool:
    """`pid` exists and is not a zombie."""
    fields = _stat_fields(pid)
    return fields is not None and fields[0] != b"Z"


def _signal_all(pids: set[int], number: signal.Signals) -> None:
    for pid in pids:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, number)
