"""`helltaker generate`: a random level in the course format, solvable and tight."""

from __future__ import annotations

import argparse
import sys

from strips_model.errors import InputError
from translator.cli.arguments import write_outputs
from translator.cli.command_table import Subcommands, add_parser
from translator.cli.exit_codes import ExitCode
from translator.cli.generation_options import add_layout_options, add_search_options, generation_of
from translator.generate.difficulty import describe
from translator.generate.generator import GenerationError, generate_level
from translator.generate.hard_levels import generate_hard_level
from translator.runtime.output import write_out
from translator.runtime.output_checks import check_outputs


def add_command(commands: Subcommands) -> None:
    command = add_parser(
        commands, "generate",
        description="Generate a walled WIDTH x HEIGHT level with the requested objects, "
        "solve it optimally with Fast Downward and set its budget to the optimum plus "
        "--slack, so it is solvable and, with slack 0, unsolvable at budget - 1. The same "
        "--seed always gives the same level. The hero starts near the top-left corner, the "
        "demon stands near the bottom-right one. With difficulty targets (below), the level "
        "is then searched for locally until it meets them, checked by the exhaustive search.",
        epilog="example: helltaker generate --width 8 --height 8 --boulders 2 --skeletons 2 "
        "--spikes 2 --mechanics boulders,skeletons,spikes --min-expanded 500 --seed 5",
    )
    add_layout_options(command)
    command.add_argument("--seed", type=int, required=True, metavar="S")
    add_search_options(command)
    command.add_argument("-o", "--output", metavar="FILE",
                         help="write the level there (default: standard output)")
    command.set_defaults(handler=command_generate)


def command_generate(args: argparse.Namespace) -> ExitCode:
    asked = generation_of(args)
    if args.output:
        check_outputs([args.output])
    try:
        if asked.steps or asked.targets.any:
            generated = generate_hard_level(args.width, args.height, asked.counts, args.seed,
                                            asked.targets, asked.steps, args.slack,
                                            limits=asked.limits)
        else:
            generated = generate_level(args.width, args.height, asked.counts, args.seed,
                                       args.slack, limits=asked.limits)
    except (ValueError, GenerationError) as error:
        raise InputError(str(error)) from None
    if args.output:
        write_outputs({args.output: generated.text}, args.output)
    else:
        write_out(generated.text)
    print(f"generated: optimal cost {generated.optimum}, budget "
          f"{generated.optimum + args.slack}, {generated.attempts} layout(s) tried"
          + (f"; {describe(generated.difficulty)}"
             if generated.difficulty is not None else ""), file=sys.stderr)
    return ExitCode.OK
