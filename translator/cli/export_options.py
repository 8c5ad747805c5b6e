"""What `helltaker asp` and `helltaker cnf` share: their options, the level they read and the
export run in a child under the limits, written atomically or to standard output."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TypeVar

from strips_model.errors import InputError, RunError
from strips_model.level import Level
from strips_model.level_file import load_level
from translator.cli.arguments import input_paths, write_outputs
from translator.cli.exit_codes import ExitCode
from translator.cli.options import BUDGET_HELP, add_limits, at_least, limits_of
from translator.ground.horizon import HorizonTooLong
from translator.planners.outcome import status_of_failure
from translator.runtime.output import write_out
from translator.runtime.output_checks import check_outputs
from translator.runtime.processes import WorkerFailed, run_in_child

Argument = TypeVar("Argument")


def add_export_options(command: argparse.ArgumentParser, suffix: str) -> None:
    """LEVEL, -o FILE`suffix`, --budget and the limits."""
    command.add_argument("level", metavar="LEVEL", help="level file in the course format")
    command.add_argument("-o", "--output", metavar=f"FILE{suffix}",
                         help="write there, atomically (default: standard output)")
    command.add_argument("--budget", type=at_least(0), metavar="N",
                         help=f"the cost bound, instead of the level's budget ({BUDGET_HELP})")
    add_limits(command, "the export")


def export_level(args: argparse.Namespace) -> Level:
    """LEVEL, with --budget when given; -o is checked here, before the export's work."""
    if args.output is not None:
        check_outputs([args.output], inputs=input_paths(args))
    level = load_level(args.level)
    return level if args.budget is None else level.with_budget(args.budget)


def write_export(args: argparse.Namespace, build: Callable[[Argument], str],
                 argument: Argument) -> ExitCode:
    """`build(argument)`, computed in a child under the limits, written to -o or printed."""
    try:
        text = run_in_child(f"helltaker {args.command}", build, argument, limits_of(args))
    except HorizonTooLong as error:
        # The bound is the user's (the level's budget or --budget): past the cap, bad input.
        raise InputError(f"{args.level}: {error}") from None
    except WorkerFailed as failure:
        raise RunError(f"{args.level}: {status_of_failure(failure).value}: {failure}") from None
    if args.output is None:
        write_out(text)
    else:
        write_outputs({args.output: text}, args.output, input_paths(args))
    return ExitCode.OK
