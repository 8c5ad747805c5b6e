"""The options that say what a generated level looks like, shared by `generate` and `suite`
so that a suite is asked for in the same words as one level."""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from strips_model.errors import InputError
from strips_model.random_level import Counts
from translator.cli.level_cap import CAPS
from translator.cli.options import add_limits, at_least, memory_limit_of
from translator.generate.difficulty import PLAN_COUNT_CAP, TARGET_MECHANICS, Targets
from translator.generate.hard_levels import DEFAULT_STEPS
from translator.runtime.processes import Limits

LARGEST_SIDE = 1000
"""Rows or columns of a generated level: the layout is drawn in this process, before any
limit applies, so its size is bounded here (a million cells)."""

MOST_CELLS = min(CAPS.values())
"""Cells of a generated level (width x height): no more than every capped command reads
(`compare` and `pddl`, level_cap.py), which a suite's own PDDL export is too."""

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
                         help=f"columns, walls included (4 to {LARGEST_SIDE}; width x height "
                         f"at most {MOST_CELLS:,}, what compare and pddl read)")
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


def add_search_options(command: argparse.ArgumentParser) -> None:
    """--slack, the difficulty targets and the limits of checking one candidate layout."""
    command.add_argument("--slack", type=at_least(0), default=0, metavar="K",
                         help="budget = optimal cost + K (default 0: tight)")
    _add_difficulty_options(command)
    add_limits(command, "checking one candidate layout (default timeout 60 s)")


@dataclass(frozen=True, slots=True)
class Generation:
    """What the options of `add_layout_options` and `add_search_options` ask for."""

    counts: Counts
    targets: Targets
    steps: int
    """Local search steps: those asked for, or the default when targets need a search."""
    limits: Limits
    """For checking one candidate, with the generator's default time limit."""


def generation_of(args: argparse.Namespace) -> Generation:
    """What the options ask for; a grid past MOST_CELLS is bad input, before any work."""
    cells = args.width * args.height
    if cells > MOST_CELLS:
        raise InputError(f"--width {args.width} --height {args.height}: {cells:,} cells, more "
                         f"than the {MOST_CELLS:,} that compare and pddl read: "
                         "ask for a smaller level")
    targets = Targets(args.mechanics, args.min_expanded, args.min_cost, args.max_optimal_plans)
    return Generation(_counts_of(args), targets, _search_steps_of(args, targets),
                      Limits(CHECK_SECONDS if args.timeout is None else args.timeout,
                             memory_limit_of(args)))


def _counts_of(args: argparse.Namespace) -> Counts:
    """The objects asked for by the options of `add_layout_options`."""
    # argparse's float accepts any float; the share is checked here, as bad input.
    if not 0 <= args.walls < 1:
        raise InputError("--walls must be in [0, 1)")
    return Counts(args.boulders, args.skeletons, args.spikes, args.traps, args.key, args.walls)


def _search_steps_of(args: argparse.Namespace, targets: Targets) -> int:
    if args.search_steps is not None:
        return int(args.search_steps)
    return DEFAULT_STEPS if targets.any else 0


def _mechanic_list(text: str) -> tuple[str, ...]:
    names = tuple(name.strip() for name in text.split(",") if name.strip())
    for name in names:
        if name not in TARGET_MECHANICS:
            raise argparse.ArgumentTypeError(
                f"unknown mechanic {name!r}; expected some of {','.join(TARGET_MECHANICS)}")
    return tuple(dict.fromkeys(names))


def _optimal_plans(text: str) -> int:
    value = at_least(1)(text)
    if value >= PLAN_COUNT_CAP:
        raise argparse.ArgumentTypeError(f"must be below {PLAN_COUNT_CAP}, found {value}")
    return value


MECHANICS_HELP = "; ".join(f"{name}: it {words}"
                           for name, (_, words) in TARGET_MECHANICS.items())


def _add_difficulty_options(command: argparse.ArgumentParser) -> None:
    """The difficulty targets and the local search effort (translator/generate/hard_levels.py)."""
    group = command.add_argument_group(
        "difficulty targets",
        "With any of these, the sampled level is improved by a local search (move, add or "
        "remove a wall; move an object, the key, lock, demon or hero), each candidate solved "
        "by the exhaustive search over the simulator; an edit is kept when the level stays "
        "solvable and its score does not drop (targets met, then mechanics used, then fewer "
        "optimal plans, then states expanded, then cost). It stops once every target is met; "
        "100 steps without progress restart it from a shaken or a fresh layout. The same "
        "seed gives the same level. Targets still missed after the steps: one line naming "
        "the first one and the best values found, exit 2.")
    group.add_argument("--mechanics", type=_mechanic_list, default=(), metavar="LIST",
                       help="comma-separated: the exhaustive search's optimal plan must use "
                       f"each ({MECHANICS_HELP})")
    group.add_argument("--min-expanded", type=at_least(0), default=0, metavar="N",
                       help="the exhaustive search expands at least N states")
    group.add_argument("--min-cost", type=at_least(0), default=0, metavar="N",
                       help="optimal cost at least N")
    group.add_argument("--max-optimal-plans", type=_optimal_plans, default=None, metavar="K",
                       help=f"at most K distinct optimal plans (K < {PLAN_COUNT_CAP}; counted "
                       "over the simulator's states)")
    group.add_argument("--search-steps", type=at_least(0), default=None, metavar="S",
                       help="local search steps (default: 1000 with a target, else 0: the "
                       "sampled level as is)")
