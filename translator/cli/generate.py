"""`helltaker generate`: a random level in the course format, solvable and tight."""

from __future__ import annotations

import argparse
import sys

from strips_model.errors import InputError
from translator.cli.arguments import Subcommands, write_outputs
from translator.cli.exit_codes import ExitCode
from translator.cli.options import add_limits, at_least

LARGEST_SIDE = 1000
"""Rows or columns of a generated level: the layout is drawn in this process, before any
limit applies, so its size is bounded here (a million cells)."""


def grid_side(text: str) -> int:
    side = at_least(4)(text)
    if side > LARGEST_SIDE:
        raise argparse.ArgumentTypeError(f"must be at most {LARGEST_SIDE}, found {side}")
    return side


def add_command(commands: Subcommands) -> None:
    command = commands.add_parser(
        "generate", help="write a random level whose budget is its optimal cost (+ slack)",
        description="Generate a walled WIDTH x HEIGHT level with the requested objects, "
        "solve it optimally with Fast Downward and set its budget to the optimum plus "
        "--slack, so it is solvable and, with slack 0, unsolvable at budget - 1. The same "
        "--seed always gives the same level. The hero starts near the top-left corner, the "
        "demon stands near the bottom-right one.",
    )
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
    command.add_argument("--seed", type=int, required=True, metavar="S")
    command.add_argument("--slack", type=at_least(0), default=0, metavar="K",
                         help="budget = optimal cost + K (default 0: tight)")
    add_limits(command, "checking one candidate layout (default timeout 60 s)")
    command.add_argument("-o", "--output", metavar="FILE",
                         help="write the level there (default: standard output)")
    command.set_defaults(handler=command_generate)


def command_generate(args: argparse.Namespace) -> ExitCode:
    from strips_model.random_level import Counts
    from translator.bench.generator import GenerationError, generate_level
    from translator.planners.processes import Limits, default_memory_limit

    if not 0 <= args.walls < 1:
        raise InputError("--walls must be in [0, 1)")
    counts = Counts(args.boulders, args.skeletons, args.spikes, args.traps, args.key, args.walls)
    try:
        limits = Limits(60.0 if args.timeout is None else args.timeout,
                        args.memory_limit or default_memory_limit())
        generated = generate_level(args.width, args.height, counts, args.seed, args.slack,
                                   limits=limits)
    except (ValueError, GenerationError) as error:
        raise InputError(str(error)) from None
    if args.output:
        write_outputs({args.output: generated.text}, args.output)
    else:
        sys.stdout.write(generated.text)
    print(f"generated: optimal cost {generated.optimum}, budget "
          f"{generated.optimum + args.slack}, {generated.attempts} layout(s) tried",
          file=sys.stderr)
    return ExitCode.OK
