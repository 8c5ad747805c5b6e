"""`helltaker asp`: a level's ground task as an answer-set program, for any ASP solver."""

from __future__ import annotations

import argparse

from strips_model.level import Level
from translator.cli.command_table import Subcommands, add_parser
from translator.cli.exit_codes import EXIT_STATUS_HELP, ExitCode
from translator.cli.export_options import add_export_options, export_level, write_export
from translator.ground.asp_program import asp_program
from translator.ground.ground_task import ground_task
from translator.model.specialised import specialise


def add_command(commands: Subcommands) -> None:
    command = add_parser(
        commands, "asp",
        description="Write LEVEL's ground task (our model specialised to the level: "
        "docs/asp-sat.md) as ASP facts, followed by the sequential planning encoding that "
        "`--planner asp` solves with. `clingo FILE.lp -n0` then lists every plan of cost <= "
        "the budget, one answer set each (`#show occurs/2.`: occurs(ACTION,STEP)); "
        "`helltaker decode FILE.lp ANSWERS` turns clingo's output into a plan, in the "
        "unspecialised model's names, that `helltaker validate LEVEL @PLAN` checks. For the "
        "cheapest plan, give clingo a second file holding "
        "`#minimize { C,T : occurs(A,T), cost(A,C) }.` (the encoding's `optimal` part, "
        "which plain clingo does not ground).",
        epilog=EXIT_STATUS_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_export_options(command, ".lp")
    command.set_defaults(handler=command_asp)


def _asp_text(level: Level) -> str:
    # The answer sets are every plan within the budget: the waits are kept (specialised.py).
    specialised = specialise(level, keep_waits=True)
    return asp_program(ground_task(specialised), level.budget, specialised)


def command_asp(args: argparse.Namespace) -> ExitCode:
    return write_export(args, _asp_text, export_level(args))
