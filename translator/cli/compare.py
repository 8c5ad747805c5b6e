"""`helltaker compare`: run a hand-written STRIPS model through the pipeline next to ours."""

from __future__ import annotations

import argparse
import json
import os
import sys

from strips_model.errors import InputError, Position
from translator.cli.arguments import (
    Subcommands,
    add_planner,
    load_levels,
    write_outputs,
)
from translator.cli.exit_codes import ExitCode
from translator.cli.options import add_limits, at_least

DESCRIPTION = """\
Read REPORT (a markdown report with STRIPS schemas, an Init(...) and a But(...) goal, or a
plain .strips schema file), lint its schemas, translate its model to unified-planning on each
LEVEL, solve it with Fast Downward, replay its plans in the game and compare them with what
our model (strips_model/helltaker.strips) finds. Then check which rules of RULES.md the model
can express, on small probe levels, and write a markdown report.

The model is read in the vocabulary of seed report 001 (helltaker(X,Y), counter(C), plusOne)
or in ours (hero(C), adjacent(C,N,Dir)). In the report's vocabulary, X is the column and Y
counts rows upward from the bottom; the report's own Init is used for the level it describes
(classic level 6), an Init generated from the level file for any other.

Without LEVEL, the level REPORT's Init describes is used.
"""

EPILOG = """\
exit status: 0 no divergence from the game found, 1 the model departs from the game (a lint
finding, a level where it disagrees, or a rule it cannot express), 2 bad input, 3 planner
error or timeout.

examples:
  helltaker compare ../shared/seeds/001_*.txt ../shared/levels/classic/*.txt -o compare.md
  helltaker compare strips_model/helltaker.strips levels/level1.txt --json
"""


def add_command(commands: Subcommands) -> None:
    command = commands.add_parser(
        "compare", help="compare a hand-written STRIPS model with ours, level by level and "
        "rule by rule", description=DESCRIPTION, epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    command.add_argument("report", metavar="REPORT",
                         help="markdown report (schemas among prose) or .strips schema file")
    command.add_argument("levels", nargs="*", metavar="LEVEL", help="level files")
    command.add_argument("--json", action="store_true",
                         help="print one JSON object (keys schemas, lint, levels, coverage) "
                         "instead of the markdown")
    command.add_argument("-o", "--output", metavar="FILE.md",
                         help="write the markdown report to FILE.md (atomically)")
    add_planner(command, "planner for our model (the compared model is always solved by Fast "
                "Downward); ")
    add_limits(command, "one planner run")
    command.add_argument("--jobs", type=at_least(1), metavar="N",
                         help="levels and probes compared at once, in forked processes "
                         "(default: one per CPU)")
    command.set_defaults(handler=command_compare)


def command_compare(args: argparse.Namespace) -> ExitCode:
    from strips_model.reports.document import load_report, parse_report
    from strips_model.reports.init_level import rebuild_level
    from translator.compare.comparison import compare
    from translator.compare.markdown import render
    from translator.compare.models import compared_model
    from translator.planners.processes import Limits, default_memory_limit
    from translator.planners.registry import prepare_planner
    from translator.planners.workers import default_jobs

    if args.output and os.path.isdir(args.output):
        raise InputError("is a directory, expected a file name", Position(args.output))
    report = load_report(args.report)
    model = compared_model(report, args.report)
    ours_report = parse_report(_our_model_text(), OUR_MODEL, plain=True)
    ours = (ours_report, compared_model(ours_report, OUR_MODEL))
    if args.levels:
        levels = load_levels(args.levels)
    elif report.init is not None:
        levels = [rebuild_level(report.init, f"rebuilt from the Init of {args.report}").level]
    else:
        raise InputError("no LEVEL given, and REPORT has no Init(...) to rebuild one from",
                         Position(args.report))
    prepare_planner(args.planner)
    jobs = args.jobs or default_jobs()
    limits = Limits(args.timeout, args.memory_limit or default_memory_limit(jobs))
    comparison = compare(report, model, ours, levels, args.planner, limits, jobs)
    markdown = render(comparison)
    if args.output:
        write_outputs({args.output: markdown}, args.output)
    if args.json:
        print(json.dumps(comparison.as_json()))
    elif args.output:
        print(args.output)
    else:
        sys.stdout.write(markdown)
    if comparison.planner_failed:
        return ExitCode.RUN_FAILED
    return ExitCode.OK if comparison.agrees else ExitCode.FAILED


OUR_MODEL = "strips_model/helltaker.strips"


def _our_model_text() -> str:
    from importlib import resources

    return resources.files("strips_model").joinpath("helltaker.strips").read_text("utf-8")
