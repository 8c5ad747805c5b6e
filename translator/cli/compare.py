"""`helltaker compare`: run a hand-written STRIPS model through the pipeline next to ours."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import TYPE_CHECKING

from strips_model.errors import InputError, Position
from translator.cli.arguments import (
    Subcommands,
    add_planner,
    load_levels,
    write_outputs,
)
from translator.cli.exit_codes import ExitCode
from translator.cli.options import add_limits, at_least

if TYPE_CHECKING:
    from strips_model.reports.document import Report

if TYPE_CHECKING:
    from strips_model.level import Level
    from translator.compare.comparison import Comparison

DESCRIPTION = """\
Read REPORT (a markdown report with STRIPS schemas, an Init(...) and a But(...) goal, or a
plain .strips schema file), lint its schemas, translate its model to unified-planning on each
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
finding, a level where it disagrees, or a rule it cannot express), 2 bad input, 3 planner
error or timeout.

examples:
  helltaker compare ../shared/seeds/001_*.txt ../shared/levels/classic/*.txt -o compare.md
  helltaker compare ../shared/seeds/001_*.txt ../shared/levels/classic/*.txt -o compare.html
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
    from strips_model.reports.document import parse_report
    from strips_model.reports.init_level import rebuild_level
    from strips_model.reports.vocabulary import load_vocabulary
    from translator.compare.comparison import compare
    from translator.compare.markdown_report import render
    from translator.compare.models import compared_model
    from translator.planners.registry import prepare_planner
    from translator.runtime.processes import Limits, default_memory_limit
    from translator.runtime.workers import default_jobs

    if args.output and os.path.isdir(args.output):
        raise InputError("is a directory, expected a file name", Position(args.output))
    report = _read_report(args.report)
    if args.vocabulary_template:
        from strips_model.reports.vocabulary import vocabulary_template
        from translator.compare.models import used_predicates

        name = os.path.splitext(os.path.basename(args.report))[0]
        sys.stdout.write(vocabulary_template(used_predicates(report.schemas), name))
        return ExitCode.OK
    vocabulary = load_vocabulary(args.vocabulary) if args.vocabulary else None
    model = compared_model(report, args.report, vocabulary)
    ours_report = parse_report(_our_model_text(), OUR_MODEL, plain=True)
    ours = (ours_report, compared_model(ours_report, OUR_MODEL))
    if args.levels:
        levels = load_levels(args.levels)
    elif report.init is not None:
        words = getattr(model, "words", None)
        levels = [rebuild_level(report.init, f"rebuilt from the Init of {args.report}",
                                words).level]
    else:
        raise InputError("no LEVEL given, and REPORT has no Init(...) to rebuild one from",
                         Position(args.report))
    prepare_planner(args.planner)
    jobs = args.jobs or default_jobs()
    limits = Limits(args.timeout, args.memory_limit or default_memory_limit(jobs))
    comparison = compare(report, model, ours, levels, args.planner, limits, jobs)
    markdown = render(comparison)
    if args.output:
        write_outputs({args.output: _page(comparison, levels, markdown)
                       if args.output.lower().endswith((".html", ".htm")) else markdown},
                      args.output)
    if args.json:
        print(json.dumps(comparison.as_json()))
    elif args.output:
        print(args.output)
    else:
        sys.stdout.write(markdown)
    if comparison.planner_failed:
        return ExitCode.RUN_FAILED
    return ExitCode.OK if comparison.agrees else ExitCode.FAILED


def _read_report(path: str) -> Report:
    """A model file in our notation as a report (schemas, Init, But), strictly; in another
    notation (textbook, LaTeX-wrapped) schemas only, read one by one, the unreadable ones
    skipped and said."""
    from strips_model.errors import read_text
    from strips_model.reports.document import Report, facts_lines, load_report, read_facts
    from strips_model.reports.notation import OURS, read_model_file

    reading = read_model_file(path)
    if reading.notation == OURS:
        return load_report(path)
    # Init(...) and But(...) blocks are read as written (seed 000 keeps them out of LaTeX).
    init, goal = read_facts(facts_lines(read_text(path)), path)
    if reading.skipped:
        print(f"{path}: {len(reading.skipped)} schema(s) skipped, {len(reading.schemas)} read "
              f"({reading.notation} notation); the lint lists them", file=sys.stderr)
    return Report(reading.schemas, init, goal, path, reading.skipped)


OUR_MODEL = "strips_model/helltaker.strips"


def _page(comparison: Comparison, levels: list[Level], markdown: str) -> str:
    # Imported here: the renderers are not needed by the markdown and JSON outputs.
    from translator.compare.html_page import render_page

    return render_page(comparison, levels, markdown)


def _our_model_text() -> str:
    from importlib import resources

    return resources.files("strips_model").joinpath("helltaker.strips").read_text("utf-8")
