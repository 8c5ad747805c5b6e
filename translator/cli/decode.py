"""`helltaker decode`: a plan from an ASP or SAT solver's answer to an exported encoding."""

from __future__ import annotations

import argparse
import sys

from strips_model.errors import InputError, Position, read_text
from translator.cli.arguments import read_plan_file, write_outputs
from translator.cli.command_table import Subcommands, add_parser
from translator.cli.exit_codes import EXIT_STATUS_HELP, ExitCode
from translator.cli.options import at_least
from translator.ground.dimacs import is_dimacs_export
from translator.solving.ground_plans import format_ground_plan
from translator.solving.solver_answers import plan_of_clingo_output, plan_of_sat_model


def add_command(commands: Subcommands) -> None:
    command = add_parser(
        commands, "decode",
        description="Read ENCODING (a file `helltaker asp` or `helltaker cnf` wrote) and "
        "ANSWER (what clingo printed for it, or a SAT solver's model: `v` lines of "
        "literals, or bare literals as MiniSat writes them; `-` reads standard input), and "
        "write the plan as ground actions in Fast Downward's plan format, which "
        "`helltaker validate LEVEL @PLAN` checks against the rules. Example: clingo "
        "level.lp -n0 > answers.txt; helltaker decode level.lp answers.txt --answer 2 -o "
        "plan.txt; helltaker validate LEVEL @plan.txt",
        epilog=EXIT_STATUS_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    command.add_argument("encoding", metavar="ENCODING", help="the .lp or .cnf file exported")
    command.add_argument("answer", metavar="ANSWER", help="the solver's output (- for stdin)")
    command.add_argument("--answer", dest="answer_number", type=at_least(1), metavar="N",
                         help="with clingo's output: decode answer N (default: the last one "
                         "printed, the best under optimisation)")
    command.add_argument("-o", "--output", metavar="FILE",
                         help="write the plan there, atomically (default: standard output)")
    command.set_defaults(handler=command_decode)


def command_decode(args: argparse.Namespace) -> ExitCode:
    encoding = read_text(args.encoding)
    answer, source = read_plan_file(args.answer)
    if is_dimacs_export(encoding):
        if args.answer_number is not None:
            raise InputError("--answer applies to clingo's output, not to a SAT model")
        steps = plan_of_sat_model(encoding, args.encoding, answer, source)
    elif encoding.startswith("% helltaker asp"):
        steps = plan_of_clingo_output(answer, source, args.answer_number)
    else:
        raise InputError("not a file written by `helltaker asp` or `helltaker cnf`",
                         Position(args.encoding, 1))
    text = format_ground_plan(steps)
    if args.output is None:
        sys.stdout.write(text)
    else:
        write_outputs({args.output: text}, args.output)
    return ExitCode.OK
