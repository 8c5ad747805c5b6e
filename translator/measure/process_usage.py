"""What a measured run used: CPU time and peak memory of this process and of the children it
has waited for (a planner's search binary), read from the kernel's resource accounting."""

from __future__ import annotations

import resource
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
