"""Fast Downward's exit codes, read once for every run of its search or of its driver.

The codes are the ones `driver/returncodes.py` documents in both builds we run: Fast
Downward's in up-fast-downward and SymK's (a Fast Downward fork) in up-symk. SymK's build
predates code 13 ("unsolvable within the bound"): when its bounded search raises its lower
bound to the cost bound without a plan it exits 12 ("unsolved, incomplete"), which is a proof
all the same because the search is complete below the bound. `symk_status` is that one
exception, recognised from SymK's log.
"""

from __future__ import annotations

import re
from enum import IntEnum

from translator.planners.outcome import Status


class FastDownwardExit(IntEnum):
    SUCCESS = 0
    PLAN_FOUND_AND_OUT_OF_MEMORY = 1
    PLAN_FOUND_AND_OUT_OF_TIME = 2
    PLAN_FOUND_AND_OUT_OF_MEMORY_AND_TIME = 3
    TRANSLATE_UNSOLVABLE = 10
    SEARCH_UNSOLVABLE = 11
    SEARCH_UNSOLVED_INCOMPLETE = 12
    SEARCH_UNSOLVABLE_WITHIN_BOUND = 13
    TRANSLATE_OUT_OF_MEMORY = 20
    TRANSLATE_OUT_OF_TIME = 21
    SEARCH_OUT_OF_MEMORY = 22
    SEARCH_OUT_OF_TIME = 23
    SEARCH_OUT_OF_MEMORY_AND_TIME = 24
    TRANSLATE_CRITICAL_ERROR = 30
    TRANSLATE_INPUT_ERROR = 31
    SEARCH_CRITICAL_ERROR = 32
    SEARCH_INPUT_ERROR = 33
    SEARCH_UNSUPPORTED = 34
    DRIVER_CRITICAL_ERROR = 35
    DRIVER_INPUT_ERROR = 36
    DRIVER_UNSUPPORTED = 37


_STATUS_OF_EXIT: dict[FastDownwardExit, Status] = {
    FastDownwardExit.SUCCESS: Status.SOLVED,
    # A plan file was written before a limit hit (portfolios only): the plan stands.
    FastDownwardExit.PLAN_FOUND_AND_OUT_OF_MEMORY: Status.SOLVED,
    FastDownwardExit.PLAN_FOUND_AND_OUT_OF_TIME: Status.SOLVED,
    FastDownwardExit.PLAN_FOUND_AND_OUT_OF_MEMORY_AND_TIME: Status.SOLVED,
    FastDownwardExit.TRANSLATE_UNSOLVABLE: Status.UNSOLVABLE,
    FastDownwardExit.SEARCH_UNSOLVABLE: Status.UNSOLVABLE,
    # An incomplete search that gave up proves nothing.
    FastDownwardExit.SEARCH_UNSOLVED_INCOMPLETE: Status.ERROR,
    FastDownwardExit.SEARCH_UNSOLVABLE_WITHIN_BOUND: Status.UNSOLVABLE,
    FastDownwardExit.TRANSLATE_OUT_OF_MEMORY: Status.OUT_OF_MEMORY,
    FastDownwardExit.TRANSLATE_OUT_OF_TIME: Status.TIMEOUT,
    FastDownwardExit.SEARCH_OUT_OF_MEMORY: Status.OUT_OF_MEMORY,
    FastDownwardExit.SEARCH_OUT_OF_TIME: Status.TIMEOUT,
    FastDownwardExit.SEARCH_OUT_OF_MEMORY_AND_TIME: Status.TIMEOUT,
}
"""Codes 30-37 (errors) and any undocumented code are ERROR."""


def status_of_exit(code: int) -> Status:
    """What a Fast Downward exit code says about the task."""
    try:
        return _STATUS_OF_EXIT.get(FastDownwardExit(code), Status.ERROR)
    except ValueError:
        return Status.ERROR


_BOUND_LINE = re.compile(r"BOUND: (\d+) < (\d+)")
_NO_SOLUTION = "Search stopped without finding a solution"


def symk_bound_exhausted(log: str) -> bool:
    """SymK's log shows its search's lower bound reaching the cost bound with no plan."""
    bounds = _BOUND_LINE.findall(log)
    if not bounds or _NO_SOLUTION not in log:
        return False
    lower, bound = bounds[-1]
    return int(lower) >= int(bound)


def symk_status(code: int, log: str) -> Status:
    """`status_of_exit` for SymK's build, with its exhausted bound read as a proof."""
    if code == FastDownwardExit.SEARCH_UNSOLVED_INCOMPLETE and symk_bound_exhausted(log):
        return Status.UNSOLVABLE
    return status_of_exit(code)
