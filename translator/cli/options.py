"""Option values checked when the command line is read, before any work starts.

Each checker is an argparse `type`: a bad value stops the command with one line,
`helltaker COMMAND: --option: reason` (translator/cli/main.py), exit status 2, as a malformed
option does.
"""

from __future__ import annotations

import argparse
import math
import re
from collections.abc import Callable

from translator.runtime.memory_limits import default_memory_limit, within_inherited
from translator.runtime.own_work import OWN_WORK_FLOOR
from translator.runtime.processes import LONGEST_WAIT, Limits

BUDGET_HELP = ("any non-negative integer; a budget past a planner's integer range "
               "(2^31 - 2 or more for Fast Downward and SymK) means no cost bound for that "
               "planner, and its plan is still validated against the real budget")

_SIZE = re.compile(r"(?P<number>\d+(?:\.\d*)?|\.\d+)\s*(?P<unit>[kmgt]?)(?:i?b)?", re.I)
_UNIT_BYTES = {"": 2**20, "k": 2**10, "m": 2**20, "g": 2**30, "t": 2**40}
"""A bare number is MiB, as Fast Downward's driver reads its memory limits."""


def seconds(text: str) -> float | None:
    """A time limit: finite and positive; past LONGEST_WAIT (three years) it is no limit."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, found {text!r}") \
            from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(
            f"must be a finite number of seconds greater than 0, found {text!r}")
    return None if value > LONGEST_WAIT else value


def memory_size(text: str) -> int:
    """A memory limit: `4G`, `1.5GiB`, `500M`, `800000K`, or a bare number of MiB."""
    match = _SIZE.fullmatch(text.strip())
    if match is None:
        raise argparse.ArgumentTypeError(
            f"expected a size such as 4G, 500M or 2048 (MiB), found {text!r}")
    size = float(match["number"]) * _UNIT_BYTES[match["unit"].lower()]
    if size < 2**20:
        raise argparse.ArgumentTypeError(f"must be at least 1 MiB, found {text!r}")
    # Beyond what any machine holds the limit cannot bind: keep it within the kernel's range.
    return int(min(size, 2**62))


def at_least(minimum: int, maximum: int | None = None) -> Callable[[str], int]:
    """An integer option that must be >= `minimum` (counts, jobs, budgets), and <= `maximum`
    when there is a cap (a cap passed is bad input, refused before any work)."""

    def check(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected an integer, found {text!r}") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, found {value}")
        if maximum is not None and value > maximum:
            raise argparse.ArgumentTypeError(f"must be at most {maximum}, found {value}")
        return value

    check.__name__ = "integer"  # argparse names the type in its "invalid ... value" message
    return check


def add_limits(parser: argparse.ArgumentParser, scope: str) -> None:
    """`--timeout S` and `--memory-limit SIZE`, for every planner attempt of `scope`."""
    parser.add_argument(
        "--timeout", type=seconds, metavar="S",
        help=f"give up on {scope} after S seconds, translation included: status timeout, "
        "exit 3 (S finite and > 0; default: no limit); this process's own work (reading, "
        f"checking, exporting) gets S s of CPU time, at least {OWN_WORK_FLOOR:g}, between two "
        "runs or tasks, past which it stops with one line, exit 3")
    parser.add_argument(
        "--memory-limit", type=memory_size, metavar="SIZE",
        help=f"memory for each process of {scope} (address space, e.g. 4G or 500M; a bare "
        "number is MiB): past it the run ends with status 'out of memory', exit 3 "
        "(default: 3/4 of the machine's memory, shared among parallel jobs); given, it also "
        "bounds what this process adds to its own (at least 512 MiB): past it, exit 3")


def memory_limit_of(args: argparse.Namespace, parallel: int = 1) -> int | None:
    """`--memory-limit`, or the default share of the machine for `parallel` attempts; either
    lowered to fit under an inherited address-space limit (`ulimit -v`)."""
    if args.memory_limit:
        return within_inherited(args.memory_limit)
    return default_memory_limit(parallel)


def limits_of(args: argparse.Namespace, parallel: int = 1) -> Limits:
    """The limits of `add_limits` for one attempt among `parallel` at once."""
    return Limits(args.timeout, memory_limit_of(args, parallel))
