"""Memory limits of a planner attempt: the default share of the machine, and the watch that
ends an attempt once one of its processes passes its limit.

The limit bounds the address space of each process of the attempt, as Fast Downward's own
driver limits its components. The parent reads it from /proc every few hundredths of a second
(`MemoryWatch`) and ends the attempt when a process passes the limit; each process also
carries the limit, plus some headroom (`memory_headroom`), as RLIMIT_AS, so that one huge
allocation between two readings fails at once (MemoryError in Python, exit code 22 in Fast
Downward's search). Either way an attempt that runs out of memory ends within moments instead
of swapping the machine to a halt.
"""

from __future__ import annotations

import os
import time

from translator.runtime.process_tree import address_space, descendants

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
    return total * 3 // (4 * max(1, parallel)) if total > 0 else None


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
            self._family = {self.pid} | descendants(self.pid)
            self._next_scan = now + FAMILY_SCAN_SECONDS
        return any(address_space(pid) > self.limit for pid in self._family)
