"""Children that die with their parent, even when the parent is killed outright (Linux).

The parent ends its children on every way out it sees (a limit, Ctrl-C, SIGTERM), but SIGKILL
and the OOM killer give it no way out. So each child asks the kernel, right after the fork, to
send it a signal when its parent dies (`prctl(PR_SET_PDEATHSIG)`), then checks that the parent
did not die before the request was made. The signal is SIGKILL, but for the forked children of
processes.py: they ask for SIGTERM, on which they kill what they started and remove their
folders before they exit. Forked workers and attempts call `die_with_parent`
first thing; external commands get it as their `preexec_fn`, so that it holds across `exec`
(Fast Downward's search binary, the planners' drivers). Elsewhere than Linux it does nothing.
"""

from __future__ import annotations

import ctypes
import os
import signal
from collections.abc import Callable

PR_SET_PDEATHSIG = 1
"""prctl's option number, from <linux/prctl.h>."""


def _load_prctl() -> Callable[[int, int], int] | None:
    # Loaded once, before any fork: the child only makes the call.
    if os.uname().sysname != "Linux":
        return None
    try:
        # The C library is already loaded in this process: no `find_library`, which runs
        # `ldconfig -p` as a child process at every start.
        libc = ctypes.CDLL(None, use_errno=True)
    except OSError:
        return None
    prctl: Callable[[int, int], int] | None = getattr(libc, "prctl", None)
    return prctl


_PRCTL = _load_prctl()


def die_with_parent(parent: int, number: signal.Signals = signal.SIGKILL) -> None:
    """In a child just forked from `parent`: signal `number` (SIGKILL) when `parent` dies;
    exit at once if it is gone already (then this process was adopted before it could ask).
    Forked children of ours ask for SIGTERM, whose handler removes their folders first."""
    if _PRCTL is not None:
        _PRCTL(PR_SET_PDEATHSIG, int(number))
    if os.getppid() != parent:
        os._exit(1)


def dying_with(parent: int) -> Callable[[], None]:
    """A `preexec_fn` for subprocess: the command dies with `parent`, this process."""
    return lambda: die_with_parent(parent)
