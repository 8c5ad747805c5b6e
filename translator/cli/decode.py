"""`helltaker decode`: a plan from an ASP or SAT solver's answer to an exported encoding."""

from __future__ import annotations

import argparse

from strips_model.errors import InputError, Position
from strips_model.ground_plan import PlanStep
from strips_model.input_files import InputKind, read_input, source_name
from strips_model.schema import helltaker_domain
from translator.cli.arguments import input_paths, write_outputs
from translator.cli.command_table import Subcommands, add_parser
from translator.cli.exit_codes import EXIT_STATUS_HELP, ExitCode
from translator.cli.options import at_least
from translator.ground.dimacs import is_dimacs_export
from translator.model.specialised import renaming_of_note, restored_plan
from translator.runtime.output import write_out
from translator.runtime.output_checks import check_outputs
from translator.solving.answer_check import check_clingo_answer, check_sat_model
from translator.solving.ground_plans import format_ground_plan
from translator.solving.solver_answers import (
    clingo_answer,
    plan_of_clingo_answer,
    plan_of_sat_model,
    sat_model_literals,
)


def add_command(commands: Subcommands) -> None:
    command = add_parser(
        commands, "decode",
        description="Read ENCODING (a file `helltaker asp` or `helltaker cnf` wrote) and "
        "ANSWER (what clingo printed for it, or a SAT solver's model: `v` lines of "
        "literals, or bare literals as MiniSat writes them; `-` reads standard input), check "
        "that ANSWER is a model of ENCODING (anything else is exit 2, naming the first "
        "offending atom or clause), and write the plan as ground actions in Fast Downward's "
        "plan format, which `helltaker validate LEVEL @PLAN` checks against the rules. "
        "Example: clingo "
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


def _unspecialised(program: str, steps: tuple[PlanStep, ...]) -> tuple[PlanStep, ...]:
    """The plan in the unspecialised model's names, when the program's header says it is of
    a specialised task (`Specialised.note`); a CNF file names them so itself."""
    for line in program.splitlines():
        if not line.startswith("%"):
            break
        renaming = renaming_of_note(line[1:])
        if renaming is not None:
            return restored_plan(steps, helltaker_domain(), *renaming)
    return steps


def command_decode(args: argparse.Namespace) -> ExitCode:
    if args.output:
        check_outputs([args.output], inputs=input_paths(args))
    encoding = read_input(args.encoding, InputKind.ENCODING)
    answer, source = read_input(args.answer, InputKind.ANSWER), source_name(args.answer)
    if is_dimacs_export(encoding):
        if args.answer_number is not None:
            raise InputError("--answer applies to clingo's output, not to a SAT model")
        check_sat_model(encoding, args.encoding, sat_model_literals(answer, source), source)
        steps = plan_of_sat_model(encoding, args.encoding, answer, source)
    elif encoding.startswith("% helltaker asp"):
        chosen = clingo_answer(answer, source, args.answer_number)
        check_clingo_answer(encoding, args.encoding, chosen)
        steps = _unspecialised(encoding, plan_of_clingo_answer(chosen))
    else:
        raise InputError("not a file written by `helltaker asp` or `helltaker cnf`",
                         Position(args.encoding, 1))
    text = format_ground_plan(steps)
    if args.output is None:
        write_out(text)
    else:
        write_outputs({args.output: text}, args.output, input_paths(args))
    return ExitCode.OK
