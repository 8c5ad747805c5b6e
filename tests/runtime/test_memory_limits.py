"""Memory limits (translator/runtime/memory_limits.py): the watch over an attempt's processes
and the default share of the machine."""

from __future__ import annotations

import os

from translator.runtime.memory_limits import MemoryWatch, default_memory_limit, memory_headroom


def test_the_watch_compares_the_address_space_with_the_limit() -> None:
    assert MemoryWatch(os.getpid(), 1).exceeded()
    assert not MemoryWatch(os.getpid(), 2**62).exceeded()


def test_the_default_is_shared_among_parallel_attempts() -> None:
    whole = default_memory_limit()
    if whole is not None:
        assert default_memory_limit(4) == whole // 4
    assert memory_headroom(2**30) == 2**27 and memory_headroom(2**20) == 64 * 2**20
