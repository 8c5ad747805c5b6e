"""The options that say what a generated level looks like, shared by `generate` and `suite`
so that a suite is asked for in the same words as one level."""

from __future__ import annotations

import argparse

from strips_model.errors import InputError
from strips_model.random_level import Counts
from translator.cli.options import at_least
from translator.planners.processes import Limits, default_memory_limit

LARGEST_SIDE = 1000
"""Rows or columns of a generated level: the layout is drawn in this process, before any
limit applies, so its size is bounded here (a million cells)."""

CHECK_SECONDS = 60.0
"""The time limit for checking one candidate layout when --timeout is not given."""


def grid_side(text: str) -> int:
    side = at_least(4)(text)
    if side > LARGEST_SIDE:
        raise argparse.ArgumentTypeError(f"must be at most {LARGEST_SIDE}, found {side}")
    return side


def add_layout_options(command: argparse.ArgumentParser) -> None:
    """--width, --height, the object counts, --key and --walls."""
    command.add_argument("--width", type=grid_side, required=True, metavar="W",
                         help=f"columns, walls included (4 to {LARGEST_SIDE})")
    command.add_argument("--height", type=grid_side, required=True, metavar="H",
                         help=f"rows, walls included (4 to {LARGEST_SIDE})")
    command.add_argument("--boulders", type=at_least(0), default=0, metavar="N")
    command.add_argument("--skeletons", type=at_least(0), default=0, metavar="N")
    command.add_argument("--spikes", type=at_least(0), default=0, metavar="N")
    command.add_argument("--traps", type=at_least(0), default=0, metavar="N",
                         help="toggling traps, each lowered (T) or raised (U) at random")
    command.add_argument("--key", action="store_true", help="add a key and a lock")
    command.add_argument("--walls", type=float, default=0.1, metavar="SHARE",
                         help="share of the remaining inner cells turned into walls "
                         "(default 0.1)")


def add_slack(command: argparse.ArgumentParser) -> None:
    command.add_argument("--slack", type=at_least(0), default=0, metavar="K",
                         help="budget = optimal cost + K (default 0: tight)")


def counts_of(args: argparse.Namespace) -> Counts:
    """The objects asked for by the options of `add_layout_options`."""
    # argparse's float accepts any float; the share is checked here, as bad input.
    if not 0 <= args.walls < 1:
        raise InputError("--walls must be in [0, 1)")
    return Counts(args.boulders, args.skeletons, args.spikes, args.traps, args.key, args.walls)


def check_limits_of(args: argparse.Namespace) -> Limits:
    """The limits of `add_limits` for checking one candidate, with the generator's default
    time limit."""
    return Limits(CHECK_SECONDS if args.timeout is None else args.timeout,
                  args.memory_limit or default_memory_limit())
