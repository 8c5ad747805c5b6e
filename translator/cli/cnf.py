"""`helltaker cnf`: a level's ground task as a DIMACS formula over T steps, for any SAT
solver."""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from strips_model.level import Level
from translator.cli.command_table import Subcommands, add_parser
from translator.cli.exit_codes import EXIT_STATUS_HELP, ExitCode
from translator.cli.export_options import add_export_options, export_level, write_export
from translator.cli.options import at_least
from translator.ground.cnf_encoding import encode
from translator.ground.dimacs import dimacs_lines
from translator.ground.ground_task import ground_task
from translator.ground.horizon import MAX_HORIZON, horizon_of
from translator.model.specialised import specialise


def add_command(commands: Subcommands) -> None:
    command = add_parser(
        commands, "cnf",
        description="Write LEVEL's ground task (our model specialised to the level: "
        "docs/asp-sat.md) as a DIMACS CNF formula over T steps: satisfiable exactly when a "
        "plan of at most T steps costs <= the budget. Comment lines map variables to ground "
        "actions, named as the unspecialised model names them (`c action VAR STEP NAME`), "
        "and to the task's "
        "variable values (`c value VAR STEP VARIABLE=MEANING`); `helltaker decode FILE.cnf "
        "MODEL` turns a solver's model (`v ...` lines) into a plan that `helltaker validate "
        "LEVEL @PLAN` checks.",
        epilog=EXIT_STATUS_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_export_options(command, ".cnf")
    command.add_argument("--horizon", type=at_least(0, MAX_HORIZON), metavar="T",
                         help=f"number of steps, at most {MAX_HORIZON} (default: the most a "
                         "plan within the budget can take, the budget divided by the cheapest "
                         "action's cost)")
    command.set_defaults(handler=command_cnf)


@dataclass(frozen=True, slots=True)
class _CnfRequest:
    """The export to run in a child: `level` as CNF over `horizon` steps."""

    level: Level
    horizon: int | None
    """--horizon; None for the most steps a plan within the budget can take."""


def _cnf_text(request: _CnfRequest) -> str:
    level, horizon = request.level, request.horizon
    specialised = specialise(level)
    ground = ground_task(specialised)
    if horizon is None:
        horizon = horizon_of(ground, level.budget)
    encoding = encode(ground, horizon, level.budget)
    return "".join(dimacs_lines(encoding, level.budget, level.name, specialised))


def command_cnf(args: argparse.Namespace) -> ExitCode:
    return write_export(args, _cnf_text, _CnfRequest(export_level(args), args.horizon))
