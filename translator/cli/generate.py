"""`helltaker generate`: a random level in the course format, solvable and tight."""

from __future__ import annotations

import argparse
import sys

from strips_model.errors import InputError
from translator.cli.arguments import Subcommands, write_outputs
from translator.cli.exit_codes import ExitCode


def add_command(commands: Subcommands) -> None:
    command = commands.add_parser(
        "generate", help="write a random level whose budget is its optimal cost (+ slack)",
        description="Generate a walled WIDTH x HEIGHT level with the requested objects, "
        "solve it optimally with Fast Downward and set its budget to the optimum plus "
        "--slack, so it is solvable and, with slack 0, unsolvable at budget - 1. The same "
        "--seed always gives the same level. The hero starts near the top-left corner, the "
        "demon stands near the bottom-right one.",
    )
    command.add_argument("--width", type=int, required=True, metavar="W",
                         help="columns, walls included (>= 4)")
    command.add_argument("--height", type=int, required=True, metavar="H",
                         help="rows, walls included (>= 4)")
    command.add_argument("--boulders", type=int, default=0, metavar="N")
    command.add_argument("--skeletons", type=int, default=0, metavar="N")
    command.add_argument("--spikes", type=int, default=0, metavar="N")
    command.add_argument("--traps", type=int, default=0, metavar="N",
                         help="toggling traps, each lowered (T) or raised (U) at random")
    command.add_argument("--key", action="store_true", help="add a key and a lock")
    command.add_argument("--walls", type=float, default=0.1, metavar="SHARE",
                         help="share of the remaining inner cells turned into walls "
                         "(default 0.1)")
    command.add_argument("--seed", type=int, required=True, metavar="S")
    command.add_argument("--slack", type=int, default=0, metavar="K",
                         help="budget = optimal cost + K (default 0: tight)")
    command.add_argument("-o", "--output", metavar="FILE",
                         help="write the level there (default: standard output)")
    command.set_defaults(handler=command_generate)


def command_generate(args: argparse.Namespace) -> ExitCode:
    from strips_model.random_level import Counts
    from translator.bench.generator import GenerationError, generate_level

    for name in ("boulders", "skeletons", "spikes", "traps", "slack"):
        if getattr(args, name) < 0:
            raise InputError(f"--{name} must be non-negative")
    if not 0 <= args.walls < 1:
        raise InputError("--walls must be in [0, 1)")
    counts = Counts(args.boulders, args.skeletons, args.spikes, args.traps, args.key, args.walls)
    try:
        generated = generate_level(args.width, args.height, counts, args.seed, args.slack)
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
