"""`helltaker asp` and `helltaker cnf`: a level's ground task for any ASP or SAT solver."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TypeVar

from strips_model.errors import RunError
from strips_model.level import Level, load_level
from translator.cli.arguments import Subcommands, write_outputs
from translator.cli.exit_codes import EXIT_STATUS_HELP, ExitCode
from translator.cli.options import BUDGET_HELP, add_limits, at_least

Argument = TypeVar("Argument")


def add_command(commands: Subcommands) -> None:
    asp = commands.add_parser(
        "asp", help="export a level as an answer-set program (facts + planning encoding)",
        description="Write LEVEL's ground task (Fast Downward's translation of our PDDL) as "
        "ASP facts, followed by the sequential planning encoding that `--planner asp` "
        "solves with. `clingo FILE.lp -n0` then lists every plan of cost <= the budget, one "
        "answer set each (`#show occurs/2.`: occurs(ACTION,STEP)); `helltaker decode "
        "FILE.lp ANSWERS` turns clingo's output into a plan that `helltaker validate LEVEL "
        "@PLAN` checks. For the cheapest plan, give clingo a second file holding "
        "`#minimize { C,T : occurs(A,T), cost(A,C) }.` (the encoding's `optimal` part, "
        "which plain clingo does not ground).",
        epilog=EXIT_STATUS_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    _common(asp, ".lp")
    asp.set_defaults(handler=command_asp)
    cnf = commands.add_parser(
        "cnf", help="export a level as CNF in DIMACS (sequential planning, horizon T)",
        description="Write LEVEL's ground task as a DIMACS CNF formula over T steps: "
        "satisfiable exactly when a plan of at most T steps costs <= the budget. Comment "
        "lines map variables to ground actions (`c action VAR STEP NAME`) and to the task's "
        "variable values (`c value VAR STEP VARIABLE=MEANING`); `helltaker decode FILE.cnf "
        "MODEL` turns a solver's model (`v ...` lines) into a plan that `helltaker validate "
        "LEVEL @PLAN` checks.",
        epilog=EXIT_STATUS_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    _common(cnf, ".cnf")
    cnf.add_argument("--horizon", type=at_least(0), metavar="T",
                     help="number of steps (default: the most a plan within the budget can "
                     "take, the budget divided by the cheapest action's cost)")
    cnf.set_defaults(handler=command_cnf)


def _common(command: argparse.ArgumentParser, suffix: str) -> None:
    command.add_argument("level", metavar="LEVEL", help="level file in the course format")
    command.add_argument("-o", "--output", metavar=f"FILE{suffix}",
                         help="write there, atomically (default: standard output)")
    command.add_argument("--budget", type=at_least(0), metavar="N",
                         help=f"the cost bound, instead of the level's budget ({BUDGET_HELP})")
    add_limits(command, "the export")


def _asp_text(level: Level) -> str:
    from translator.ground.asp_program import asp_program
    from translator.ground.ground_task import ground_task

    return asp_program(ground_task(level), level.budget)


def _cnf_text(task: tuple[Level, int | None]) -> str:
    from translator.ground.cnf_encoding import encode
    from translator.ground.dimacs import dimacs_lines
    from translator.ground.ground_task import ground_task
    from translator.ground.horizon import MAX_HORIZON, horizon_of

    level, horizon = task
    ground = ground_task(level)
    if horizon is None:
        horizon = horizon_of(ground, level.budget)
    elif horizon > MAX_HORIZON:
        raise RunError(f"--horizon {horizon} is past the {MAX_HORIZON} steps this export "
                       "grounds")
    encoding = encode(ground, horizon, level.budget)
    return "".join(dimacs_lines(encoding, level.budget, level.name))


def _export(args: argparse.Namespace, build: Callable[[Argument], str],
            argument: Argument) -> ExitCode:
    from translator.planners.outcome import status_of_failure
    from translator.runtime.processes import (
        Limits,
        WorkerFailed,
        default_memory_limit,
        run_in_child,
    )

    limits = Limits(args.timeout, args.memory_limit or default_memory_limit())
    try:
        text = run_in_child(f"helltaker {args.command}", build, argument, limits)
    except WorkerFailed as failure:
        raise RunError(f"{args.level}: {status_of_failure(failure).value}: {failure}") from None
    if args.output is None:
        sys.stdout.write(text)
    else:
        write_outputs({args.output: text}, args.output)
    return ExitCode.OK


def _level(args: argparse.Namespace) -> Level:
    level = load_level(args.level)
    return level if args.budget is None else level.with_budget(args.budget)


def command_asp(args: argparse.Namespace) -> ExitCode:
    return _export(args, _asp_text, _level(args))


def command_cnf(args: argparse.Namespace) -> ExitCode:
    return _export(args, _cnf_text, (_level(args), args.horizon))
