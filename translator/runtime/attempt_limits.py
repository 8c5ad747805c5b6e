"""What bounds an attempt in a child process, and the ways a child can fail to give a result:
the values the process runner (processes.py) and its callers share, kept apart from the
runner's machinery."""

from __future__ import annotations

import math
from dataclasses import dataclass

from strips_model.errors import RunError

LONGEST_WAIT = 1e8
"""Seconds (three years): a timeout beyond this is no limit (the system's waits overflow)."""


@dataclass(frozen=True, slots=True)
class Limits:
    seconds: float | None = None
    """Wall-clock seconds; None for no limit."""
    memory: int | None = None
    """Bytes of address space for each process of the attempt; None for no limit."""


NO_LIMITS = Limits()


def bounded_seconds(seconds: float | None) -> float | None:
    """`seconds` as a limit the system can wait for: None (no limit) beyond LONGEST_WAIT."""
    if seconds is None or not math.isfinite(seconds) or seconds > LONGEST_WAIT:
        return None
    return seconds


class WorkerFailed(RunError):
    """A child process gave no result: one of the three kinds below."""


class WorkerDied(WorkerFailed):
    """A child process ended without sending its result (killed, crashed)."""


class WorkerTimeout(WorkerFailed):
    """A child process ran past its time limit and was stopped."""


class WorkerOutOfMemory(WorkerFailed):
    """A child process needed more memory than its limit."""
