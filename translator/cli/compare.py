"""`helltaker compare`: run a hand-written STRIPS model through the pipeline next to ours."""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
from typing import TYPE_CHECKING

from strips_model.level import Level
from strips_model.reports.reading import ReadingCounts
from strips_model.reports.vocabulary import load_vocabulary, vocabulary_template
from translator.cli.arguments import add_planner, load_levels, write_outputs
from translator.cli.command_table import Subcommands, add_parser
from translator.cli.exit_codes import ExitCode
from translator.cli.options import add_limits, at_least, limits_of
from translator.planners.registry import prepare_planner
from translator.runtime.output import print_out, write_out
from translator.runtime.output_checks import check_outputs
from translator.runtime.workers import default_jobs

if TYPE_CHECKING:
    from translator.compare.comparison import Comparison

DESCRIPTION = """\
Read REPORT (a markdown report with STRIPS schemas, an Init(...) and a But(...) goal, a
plain .strips schema file, a PDF report or a PDDL domain, told apart by their content), lint
its schemas, translate its model to unified-planning on each
LEVEL, solve it with Fast Downward, replay its plans in the game and compare them with what
our model (strips_model/helltaker.strips) finds. Then check which rules of RULES.md the model
can express, on small probe levels, and write a markdown report.

The model is read in ours (hero(C), adjacent(C,N,Dir)) or in a vocabulary: a small TOML file
saying which predicate plays which part of the game, the coordinate convention, the words of
action names that say their key press, and the goal. Give one with --vocabulary FILE; without
it, the shipped vocabulary whose predicates the model uses is picked (seed 001's: helltaker(X,Y),
counter(C), plusOne; X is the column and Y counts rows upward). --vocabulary-template drafts a
file for a model no vocabulary matches. The report's own Init is used for the level it
describes (classic level 6 for seed 001), an Init generated from the level file for any other.

Without LEVEL, the level REPORT's Init describes is used.
"""

EPILOG = """\
exit status: 0 no divergence from the game found, 1 the model departs from the game (a lint
finding, a level where it disagrees, a rule it cannot express, or a model that cannot be
run: it is still linted and reported), 2 unreadable input (no schema could be read, a file
or option that cannot be used), 3 planner error or timeout.

examples:
  helltaker compare ../shared/seeds/001_*.txt ../shared/levels/classic/*.txt -o compare.md
  helltaker compare ../shared/seeds/001_*.txt ../shared/levels/classic/*.txt -o compare.html
  helltaker compare strips_model/helltaker.strips levels/level1.txt --json
"""


def add_command(commands: Subcommands) -> None:
    command = add_parser(
        commands, "compare", description=DESCRIPTION, epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    command.add_argument("report", metavar="REPORT",
                         help="markdown report (schemas among prose), .strips schema file, "
                         "PDF report or PDDL domain")
    command.add_argument("levels", nargs="*", metavar="LEVEL", help="level files")
    command.add_argument("--vocabulary", metavar="FILE.toml",
                         help="how the model's predicates read a level (default: the shipped "
                         "vocabulary its predicates match)")
    command.add_argument("--vocabulary-template", action="store_true",
                         help="print a vocabulary file to fill in for REPORT's predicates, "
                         "and stop")
    command.add_argument("--json", action="store_true",
                         help="print one JSON object (keys schemas, lint, levels, coverage) "
                         "instead of the markdown")
    command.add_argument("-o", "--output", metavar="FILE.md|FILE.html",
                         help="write the report to FILE (atomically): markdown, or with a .html "
                         "name one self-contained page that also draws the game and the model "
                         "side by side at each level's first divergence")
    add_planner(command, "planner for our model (the compared model is always solved by Fast "
                "Downward); ")
    add_limits(command, "one planner run")
    command.add_argument("--jobs", type=at_least(1), metavar="N",
                         help="levels and probes compared at once, in forked processes "
                         "(default: one per CPU)")
    command.set_defaults(handler=command_compare)


def command_compare(args: argparse.Namespace) -> ExitCode:
    if args.output:
        check_outputs([args.output])
    # Here, not at the top: the compared models are built with unified-planning (over a
    # second), which `helltaker compare --help` and a refused argument do not need.
    from translator.compare.check import NO_LEVEL, levels_to_check, our_model, read_model
    from translator.compare.comparison import compare
    from translator.compare.comparison_markdown import render_markdown
    from translator.compare.models import UnbuildableModel, model_or_defect, used_predicates

    reading = read_model(args.report)
    report = reading.report
    # What was read comes first, so that nothing read is lost in silence (issue 22 item 3).
    counts = report.counts.summary() if report.counts else f"{len(report.schemas)} schemas read"
    print(f"{args.report} ({reading.notation} notation): {counts}, "
          f"{len(report.skipped)} part(s) skipped" + ("; the lint lists the schemas skipped"
                                                     if report.skipped else ""), file=sys.stderr)
    if args.vocabulary_template:
        name = os.path.splitext(os.path.basename(args.report))[0]
        write_out(vocabulary_template(used_predicates(report.schemas), name))
        return ExitCode.OK
    vocabulary = load_vocabulary(args.vocabulary) if args.vocabulary else None
    model = model_or_defect(report, args.report, vocabulary)
    if isinstance(model, UnbuildableModel):
        # Not bad input: the schemas were read, so the lint and the report still come.
        print(f"{args.report}: cannot be run: {model.defect}", file=sys.stderr)
    levels = levels_to_check(report, model, load_levels(args.levels))
    if not levels:
        print(f"{args.report}: {NO_LEVEL}", file=sys.stderr)
    if levels:  # our model is solved on levels only; the probes need no planner
        prepare_planner(args.planner)
    jobs = args.jobs or default_jobs()
    comparison = compare(report, model, our_model(), levels, args.planner, limits_of(args, jobs),
                         jobs)
    markdown = render_markdown(comparison)
    if args.output:
        write_outputs({args.output: _page(comparison, levels, markdown)
                       if args.output.lower().endswith((".html", ".htm")) else markdown},
                      args.output)
    if args.json:
        data = comparison.as_json()
        data["reading"] = {"notation": reading.notation,
                           **dataclasses.asdict(report.counts or ReadingCounts(
                               len(report.schemas)))}
        print_out(json.dumps(data))
    elif args.output:
        print_out(args.output)
    else:
        write_out(markdown)
    if comparison.planner_failed:
        return ExitCode.RUN_FAILED
    return ExitCode.OK if comparison.agrees else ExitCode.FAILED


def _page(comparison: Comparison, levels: list[Level], markdown: str) -> str:
    # Here, not at the top: it imports the comparison, and with it unified-planning (see
    # command_compare).
    from translator.compare.comparison_html import render_html

    return render_html(comparison, levels, markdown)
