"""What a measured run used: CPU time and peak memory of this process and of the children it
has waited for (a planner's search binary), read from the kernel's resource accounting."""

from __future__ import annotations

import resource
import time
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ProcessUsage:
    cpu: float
    """User and system seconds, children included."""
    peak_mb: float
    """The largest resident size of this process or any waited-for child, in MB."""


def process_usage() -> ProcessUsage:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime
    return ProcessUsage(cpu, max(own.ru_maxrss, children.ru_maxrss) / 1024)  # Linux: KB


@dataclass(frozen=True, slots=True)
class RunUsage:
    """What one measured run used, from its meter's start to its reading."""

    seconds: float
    """Wall-clock seconds."""
    cpu: float
    """CPU seconds spent in the run, children included."""
    peak_mb: float
    """The peak resident size at the end (a process's peak never goes down)."""
    baseline_mb: float
    """The peak resident size at the start: what the run inherited from its process."""


class UsageMeter:
    """Started when made; `elapsed()` and `read()` measure from then. Made in the process
    forked for the run, so that its CPU time and peak are the run's own."""

    def __init__(self) -> None:
        self._before = process_usage()
        self._started = time.perf_counter()

    def elapsed(self) -> float:
        """Wall-clock seconds since the meter started."""
        return time.perf_counter() - self._started

    def read(self) -> RunUsage:
        seconds = self.elapsed()
        after = process_usage()
        return RunUsage(seconds, after.cpu - self._before.cpu, after.peak_mb,
                        self._before.peak_mb)
