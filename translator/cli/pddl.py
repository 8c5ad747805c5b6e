"""`helltaker pddl`: write domain.pddl and problem files for levels."""

from __future__ import annotations

import argparse
import os

from strips_model.errors import InputError, shown_name
from translator.cli.arguments import input_paths, write_outputs
from translator.cli.command_table import Subcommands, add_parser
from translator.cli.exit_codes import ExitCode
from translator.cli.level_cap import cap_text, load_capped_levels
from translator.cli.options import add_limits
from translator.runtime.output import print_out
from translator.runtime.output_checks import check_outputs


def add_command(commands: Subcommands) -> None:
    command = add_parser(
        commands, "pddl",
        description="Translate the STRIPS schemas and LEVEL into a unified-planning problem and "
        "write it with PDDLWriter. One level gives DIR/domain.pddl and DIR/problem.pddl; several "
        "levels give DIR/domain.pddl (shared) and DIR/<level>.pddl each. Files are written "
        "atomically: on any error nothing is left half-written. " + cap_text("pddl"),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    command.add_argument("levels", nargs="+", metavar="LEVEL", help="level files")
    command.add_argument("-o", "--output", metavar="DIR", default=".",
                         help="directory to write into (default: the current directory)")
    command.add_argument(
        "--strips", action="store_true",
        help="pure STRIPS, compiled with unified-planning: no negative preconditions (each "
        "becomes a complementary not_F fluent), no conditional effects, and no action costs: "
        "damage becomes an explicit endure_damage_1 step, so the plan length is the cost and "
        "the budget bounds it. Fast Downward and pyperplan read it; drop the "
        "endure_damage_* steps of a plan to get the key presses.")
    command.add_argument(
        "--action-costs", action="store_true",
        help="with --strips: keep damage as action costs (:action-costs) instead of steps")
    add_limits(command, "each level's export")
    command.set_defaults(handler=command_pddl)


def command_pddl(args: argparse.Namespace) -> ExitCode:
    # The names known before the levels are read; a level's own name (several levels) is
    # checked by the writer's guard, before anything is written.
    named = ["domain.pddl"] + (["problem.pddl"] if len(args.levels) == 1 else [])
    check_outputs([os.path.join(args.output, name) for name in named], [args.output],
                  input_paths(args))
    if args.action_costs and not args.strips:
        raise InputError("--action-costs only applies to --strips exports")
    levels = load_capped_levels(args.levels, "pddl")
    # Here, not at the top: these import unified-planning (over a second), which
    # `helltaker pddl --help` and a refused argument or level do not need.
    from translator.model.model_cache import helltaker_parts
    from translator.model.pddl_text import problem_name
    from translator.model.pddl_writer import pddl_texts
    from translator.model.strips_compile import strips_pddl_texts
    from translator.runtime.own_work import step

    parts = helltaker_parts()
    files: dict[str, str] = {}
    names: dict[str, str] = {}
    for level in levels:
        if args.strips:
            texts = strips_pddl_texts(parts, level, args.action_costs)
        else:
            texts = pddl_texts(parts, level)
        files[os.path.join(args.output, "domain.pddl")] = texts.domain
        if len(levels) == 1:
            target = os.path.join(args.output, "problem.pddl")
        else:
            name = problem_name(level)
            if name in names:
                raise InputError(f"two levels would both be written as {name}.pddl "
                                     f"({shown_name(names[name])} and {shown_name(level.source)})")
            names[name] = level.source
            target = os.path.join(args.output, f"{name}.pddl")
        files[target] = texts.problem
        step()  # --timeout bounds each level's export (own_work.py)
    write_outputs(files, args.output, input_paths(args))
    for path in files:
        print_out(path)
    return ExitCode.OK
