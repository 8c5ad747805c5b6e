"""`helltaker validate`: replay a plan in the rules simulator and judge it."""

from __future__ import annotations

import argparse
import json

from strips_model.level import load_level
from strips_model.moves import parse_plan
from strips_model.validator import Verdict, validate
from translator.cli.arguments import Subcommands, add_alphabet, read_plan_argument
from translator.cli.exit_codes import EXIT_STATUS_HELP, ExitCode


def add_command(commands: Subcommands) -> None:
    command = commands.add_parser(
        "validate", help="check a plan against the game rules (RULES.md)",
        description="Replay PLAN on LEVEL in the rules simulator and say whether it is a valid "
        "solution: every letter an action (R-A0), the goal reached exactly at the last letter "
        "(R-G1, R-G2), total cost within the budget (R-G3).",
        epilog=EXIT_STATUS_HELP, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    command.add_argument("level", metavar="LEVEL", help="level file in the course format")
    command.add_argument(
        "plan", metavar="PLAN",
        help="the plan's letters, or a file holding them, or - for standard input",
    )
    add_alphabet(command)
    command.add_argument("--trace", action="store_true",
                         help="print every letter with the rules it applied and the cost so far")
    command.add_argument("--json", action="store_true", help="print one JSON object")
    command.set_defaults(handler=command_validate)


def command_validate(args: argparse.Namespace) -> ExitCode:
    level = load_level(args.level)
    plan_text, source = read_plan_argument(args.plan)
    directions = parse_plan(plan_text, args.alphabet, source)
    verdict = validate(level, directions, args.alphabet, explain=args.trace)
    if args.trace and not args.json:
        _print_trace(verdict)
    if args.json:
        print(json.dumps(verdict.as_json()))
    else:
        print(verdict.summary())
    return ExitCode.OK if verdict.valid else ExitCode.FAILED


def _print_trace(verdict: Verdict) -> None:
    for item in verdict.trace:
        happened = "; ".join(item.events)
        print(f"{item.index:3d} {item.letter}  cost {item.cost}  spent {item.spent:3d}  "
              f"[{' '.join(item.rules)}]  {happened}")
