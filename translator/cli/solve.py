"""`helltaker solve`: plans for levels, each replayed by the rules simulator before it is shown.

This module reads the arguments and nothing more, so that it is cheap. For one level on this
machine, with a planner whose attempt imports libraries of its own (fd and its family: clingo,
numpy, the grounding), the attempt's child is forked from here before the level is read: once
this process has what both need (the registry, lark, the parsed schemas), which the child
then inherits instead of loading it again, and before what only this process needs (the rest
of the command, the level). The child imports the back-end on the second core meanwhile, and
the attempt takes it (translator/runtime/processes.py `reserve_child`). The default, `auto`,
forks nothing here: its search runs in this process and forks Fast Downward's child ahead
only once it has gone far enough (translator/planners/automatic.py). The work itself is
solve_run.py; what is printed for each level, solve_output.py.
"""

from __future__ import annotations

import argparse
import contextlib

from translator.cli.arguments import add_alphabet, add_cluster, add_planner
from translator.cli.command_table import Subcommands, add_parser
from translator.cli.exit_codes import EXIT_STATUS_HELP, ExitCode
from translator.cli.options import BUDGET_HELP, add_limits, at_least
from translator.planners.catalogue import SOLVE_DEFAULT


def add_command(commands: Subcommands) -> None:
    command = add_parser(
        commands, "solve",
        description="Solve each LEVEL within its budget, map the plan to key presses and "
        "validate it with the rules simulator before printing it.",
        epilog=EXIT_STATUS_HELP, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    command.add_argument("levels", nargs="+", metavar="LEVEL", help="level files")
    add_planner(command, default=SOLVE_DEFAULT)
    command.add_argument("--optimal", action="store_true",
                         help="ask for a minimum-cost plan; every planner of --planner is "
                         "optimal, so plans are of minimum cost with or without it (it states "
                         "the intent in scripts)")
    command.add_argument("--budget", type=at_least(0), metavar="N",
                         help=f"override the budget written in the level files ({BUDGET_HELP})")
    add_limits(command, "a level")
    command.add_argument("--jobs", type=at_least(1), metavar="N", default=None,
                         help="solve up to N levels at once in worker processes "
                         "(default: the number of cores)")
    add_cluster(command)
    add_alphabet(command)
    command.add_argument("--pddl-plan", metavar="FILE",
                         help="with one LEVEL: write the plan found as ground actions of our "
                         "PDDL domain, in Fast Downward's plan format (one `(action objects)` "
                         "per line, then `; cost = N`), for other tools; `helltaker validate "
                         "LEVEL @FILE` reads it back. Written only when the level is solved")
    command.add_argument("--results", metavar="FILE.jsonl",
                         help="append each level's JSON record to FILE as it finishes; a "
                         "rerun with the same FILE skips the levels (and planner and budget) "
                         "already there, so a killed run resumes where it stopped")
    output = command.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print one JSON object per level")
    output.add_argument("--table", action="store_true",
                        help="print a table: level, budget, cost, par, plan, seconds "
                        "(par is the optimum found by the exhaustive search)")
    command.set_defaults(handler=command_solve)


def command_solve(args: argparse.Namespace) -> ExitCode:
    # Imported here: the registry loads lark and the schemas, which `solve --help` needs not.
    from translator.planners.registry import attempt_reserved

    one_attempt = len(args.levels) == 1 and args.cluster is None
    with attempt_reserved(args.planner) if one_attempt else contextlib.nullcontext():
        from translator.cli.solve_run import solve_levels

        return solve_levels(args)
