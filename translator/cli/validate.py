"""`helltaker validate`: replay a plan in the rules simulator and judge it."""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
from typing import TYPE_CHECKING

from strips_model.errors import InputError, PlanError
from strips_model.level import Level
from strips_model.level_file import load_level
from strips_model.validator import Verdict, validate
from translator.cli.arguments import add_alphabet, read_plan_argument, read_plan_file
from translator.cli.command_table import Subcommands, add_parser
from translator.cli.exit_codes import EXIT_STATUS_HELP, ExitCode
from translator.runtime.output import print_out
from translator.solving.plan_input import PlanInput, first_disagreement, read_plan

if TYPE_CHECKING:
    from strips_model.ground_plan import GroundPlan

PLAN_FORMS = """\
plans:
  rrdl              key presses in the alphabet of --alphabet (spaces, commas ignored)
  @FILE             the plan held by FILE (or --plan-file FILE)
  -                 the plan read from standard input
A file or standard input may also hold a ground plan, as Fast Downward and most
planners write one for the PDDL of `helltaker pddl`: one action per line,
  (step_calm c1_4 c1_3 left even odd limbo_even limbo_odd no no)
with `;` comments such as `; cost = 14 (general cost)`, names in any case. It is
told apart by its first character after comments, `(`. Each action must be the
one our model takes for its key press on LEVEL; those key presses are judged."""


def add_command(commands: Subcommands) -> None:
    command = add_parser(
        commands, "validate",
        description="Replay PLAN on LEVEL in the rules simulator and say whether it is a valid "
        "solution: every letter an action (R-A0), the goal reached exactly at the last letter "
        "(R-G1, R-G2), total cost within the budget (R-G3).",
        epilog=f"{PLAN_FORMS}\n\n{EXIT_STATUS_HELP}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    command.add_argument("level", metavar="LEVEL", help="level file in the course format")
    command.add_argument(
        "plan", metavar="PLAN", nargs="?",
        help="the plan's key presses (e.g. rrdl), @FILE to read the plan from FILE, or - for "
        "standard input; a file may hold a ground plan (see below)",
    )
    command.add_argument("--plan-file", metavar="FILE",
                         help="read the plan from FILE, instead of giving PLAN")
    add_alphabet(command)
    command.add_argument("--trace", action="store_true",
                         help="print every letter with the rules it applied and the cost so far "
                         "(and the ground action it came from, for a ground plan)")
    command.add_argument("--json", action="store_true",
                         help="print one JSON object (with the ground plan's \"actions\" when "
                         "the plan was one)")
    command.set_defaults(handler=command_validate)


def command_validate(args: argparse.Namespace) -> ExitCode:
    level = load_level(args.level)
    plan_text, source = _plan_text(args)
    try:
        plan = read_plan(plan_text, args.alphabet, source)
    except PlanError as error:
        raise _with_file_hint(error, args.plan) from None
    # Without --trace the replay keeps nothing per letter: a plan of 16 M letters fits in
    # constant memory (docs/limits.md).
    verdict = _with_ground_check(validate(level, plan.directions, args.alphabet,
                                          explain=args.trace, keep_trace=args.trace),
                                 level, plan)
    if args.trace and not args.json:
        _print_trace(verdict, plan.ground)
    if args.json:
        print_out(json.dumps(_json(verdict, plan.ground)))
    else:
        print_out(verdict.summary())
    return ExitCode.OK if verdict.valid else ExitCode.FAILED


def _plan_text(args: argparse.Namespace) -> tuple[str, str]:
    if args.plan is not None and args.plan_file is not None:
        raise InputError("give the plan once: PLAN or --plan-file FILE, not both")
    if args.plan_file is not None:
        return read_plan_file(args.plan_file)
    if args.plan is None:
        raise InputError("no plan: give PLAN (key presses, @FILE or - for standard input) or "
                         "--plan-file FILE")
    return read_plan_argument(args.plan)


def _with_file_hint(error: PlanError, word: str | None) -> PlanError:
    """A word that is no plan but looks like a file name was most likely meant as one."""
    if word is None or word.startswith("@") or word == "-" \
            or not (os.path.exists(word) or any(char in word for char in "./\\")):
        return error
    return PlanError(f"{error.message}; PLAN is read as key presses, write @{word} to read "
                     "a file", error.position)


def _with_ground_check(verdict: Verdict, level: Level, plan: PlanInput) -> Verdict:
    """The verdict, made invalid when an action of a ground plan names other objects than
    the model's action for its key press: the file is then no plan of this level's task."""
    disagreement = first_disagreement(level, plan, verdict.applied)
    if disagreement is None:
        return verdict
    return dataclasses.replace(verdict, valid=False, reason=str(disagreement), rule=None,
                               failed_at=disagreement.index)


def _json(verdict: Verdict, ground: GroundPlan | None) -> dict[str, object]:
    data = verdict.as_json()
    if ground is not None:
        data["actions"] = [{"name": step.name, "arguments": list(step.arguments)}
                           for step in ground.steps]
    return data


def _print_trace(verdict: Verdict, ground: GroundPlan | None) -> None:
    for item in verdict.trace:
        happened = "; ".join(item.events)
        origin = f"  from {ground.steps[item.index - 1]}" if ground is not None else ""
        print_out(f"{item.index:3d} {item.letter}  cost {item.cost}  spent {item.spent:3d}  "
              f"[{' '.join(item.rules)}]  {happened}{origin}")
