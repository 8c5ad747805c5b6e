"""Memory limits of a planner attempt: the default share of the machine, and the watch that
ends an attempt once one of its processes passes its limit.

The limit bounds the address space of each process of the attempt, as Fast Downward's own
driver limits its components. The parent reads it from /proc every few hundredths of a second
(`MemoryWatch`) and ends the attempt when a process passes the limit; each process also
carries the limit, plus some headroom (`memory_headroom`), as RLIMIT_AS, so that one huge
allocation between two readings fails at once (MemoryError in Python, exit code 22 in Fast
Downward's search). Either way an attempt that runs out of memory ends within moments instead
of swapping the machine to a halt.

An address-space limit this process inherited (`ulimit -v`, as batch schedulers set) bounds
every limit given here: no child may raise its own limit past it, so the default and any
`--memory-limit` are lowered until the limit plus its headroom fits under it (`within_inherited`).
"""

from __future__ import annotations

import errno
import os
import resource
import time

from translator.runtime.process_tree import address_space, family_below

MEMORY_POLL_SECONDS = 0.05
"""How often the parent reads the attempt's memory use; the child's own address-space limit
is set `memory_headroom` higher, so that the parent, not a failing allocation, ends it."""

FAMILY_SCAN_SECONDS = 0.5
"""How often the processes the attempt started are looked up again (a scan of /proc)."""


def default_memory_limit(parallel: int = 1) -> int | None:
    """Three quarters of the machine's memory, shared among `parallel` attempts at once; None
    where the system does not say how much memory it has."""
    try:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError):
        return None
    if total <= 0:
        return within_inherited(None)
    return within_inherited(total * 3 // (4 * max(1, parallel)))


def inherited_address_space() -> int | None:
    """The address-space limit this process runs under (the lower of RLIMIT_AS's soft and
    hard limits), None when there is none."""
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    bounds = [bound for bound in (soft, hard) if bound != resource.RLIM_INFINITY]
    return min(bounds) if bounds else None


def within_inherited(limit: int | None) -> int | None:
    """`limit`, lowered so that it and its headroom fit under the inherited address-space
    limit; that limit's share when `limit` is None. At least 1 byte: a limit that leaves no
    room runs out of memory, as any too small limit does."""
    inherited = inherited_address_space()
    if inherited is None:
        return limit
    # The largest L with L + memory_headroom(L) <= inherited.
    room = max(1, min(inherited - 64 * 2**20, inherited * 8 // 9))
    return room if limit is None else min(limit, room)


def memory_headroom(limit: int) -> int:
    """Room past the limit for the child's own RLIMIT_AS. At the exact limit CPython cannot
    even raise MemoryError cleanly (handling it needs memory too) and may spin on failing
    allocations: the parent's watch stops it first, and the kernel's limit only catches a
    single allocation that jumps past the limit between two readings."""
    return max(64 * 2**20, limit // 8)


class MemoryWatch:
    """The processes of one attempt (a process and its descendants) against a limit in bytes
    of address space each."""

    def __init__(self, pid: int, limit: int) -> None:
        self.pid = pid
        self.limit = limit
        self._family = {pid}
        self._next_scan = time.monotonic() + FAMILY_SCAN_SECONDS

    def exceeded(self) -> bool:
        """Whether a process of the attempt is past the limit now; the family is looked up
        again every FAMILY_SCAN_SECONDS."""
        now = time.monotonic()
        if now >= self._next_scan:
            self._family = {self.pid} | family_below(self.pid)
            self._next_scan = now + FAMILY_SCAN_SECONDS
        return any(address_space(pid) > self.limit for pid in self._family)


def means_out_of_memory(error: BaseException) -> bool:
    """Whether `error` is the address-space limit refusing memory in words other than
    MemoryError: a fork or exec refused (ENOMEM), a shared library that cannot be mapped
    (an ImportError), or either of these wrapped by the code that met it."""
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, MemoryError) or \
                isinstance(current, OSError) and current.errno == errno.ENOMEM:
            return True
        text = str(current)
        if "failed to map segment" in text or "Cannot allocate memory" in text:
            return True
        current = current.__cause__ or current.__context__
    return False
