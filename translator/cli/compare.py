"""`helltaker compare`: run a hand-written STRIPS model through the pipeline next to ours."""

from __future__ import annotations

import argparse
import json
import os
import sys
from contextlib import ExitStack
from typing import TYPE_CHECKING

from strips_model.errors import InputError, shown_name
from strips_model.level import Level
from strips_model.reports.reading import skipped_schemas
from strips_model.reports.vocabulary import load_vocabulary
from strips_model.reports.vocabulary_writer import vocabulary_template
from translator.cli.arguments import (
    add_cluster,
    add_planner,
    input_paths,
    write_outputs,
)
from translator.cli.command_table import Subcommands, add_parser
from translator.cli.compare_class import grade_class, split_models, tasks_at_once
from translator.cli.exit_codes import ExitCode
from translator.cli.level_cap import cap_text, load_capped_levels
from translator.cli.options import add_limits, at_least, limits_of
from translator.compare.runs.state_bound import STATES
from translator.runtime.output import print_out, write_out
from translator.runtime.output_checks import check_outputs
from translator.runtime.progress import Progress, tasks_shown
from translator.runtime.workers import default_jobs

if TYPE_CHECKING:
    from strips_model.reports.model_file import ModelFile
    from translator.compare.check import ModelCheck, ModelSetUp
    from translator.compare.comparison import Comparison
    from translator.compare.repair.fixes import RepairReport

DESCRIPTION = """\
Read REPORT (a markdown report with STRIPS schemas, an Init(...) and a But(...) goal, a
plain .strips schema file, a PDF report or a PDDL domain, told apart by their content), lint
its schemas, translate its model to unified-planning on each
LEVEL, solve it with Fast Downward, replay its plans in the game and compare them with what
our model (strips_model/helltaker.strips) finds. Then check which rules of RULES.md the model
can express, on small probe levels, and write a markdown report.

The model is read in ours (hero(C), adjacent(C,N,Dir)) or in a vocabulary: a small TOML file
saying which predicate plays which part of the game, the coordinate convention, the words of
the key press of each action, and the goal. Without --vocabulary FILE it is inferred from the
schemas: the hero, the counter and every other part by what the actions do (a name, in
English or French, only breaks a tie or names a part no action tells), key presses by what
each action does, the coordinate convention as the one under which the most
action names agree; the report starts with it and why. --vocabulary-out FILE writes it in
the format --vocabulary reads, to correct a wrong guess. The report's own Init is used for
the level it describes (classic level 6 for seed 001) only when no LEVEL is given; an Init
generated from the level file otherwise.

Without LEVEL, the level REPORT's Init describes is used.

Several models grade a class in one run: the arguments after the first are told apart by
their content, a level file being a title line and then, past blank lines, a budget line (a
whole number alone, RULES.md F1); anything else is a model. Each model is checked as it would
be alone (--vocabulary, when given, reads every model), --jobs models at once or on a Dask
cluster (--cluster), and one table is printed, a row per model: its notation, schemas read
and skipped, lint findings by severity, levels where it agrees, diverges or was not run,
rules expressed, and where it stands; a model that cannot be read is a row with its one-line
error. --json prints one record per model (the one-model record with "model", its path; for
an unreadable model "model" and "error"); -o DIR writes each model's report as NAME.md and
NAME.html and the table as summary.md. See docs/grading-a-class.md.

""" + cap_text("compare") + "\n"

EPILOG = """\
exit status: 0 no divergence from the game found, 1 the model departs from the game (a lint
finding, a level where it disagrees, a rule it cannot express, or a model that cannot be
run: it is still linted and reported), 2 unreadable input (no schema could be read, a file
or option that cannot be used), 3 planner error or timeout. With several models, the worst
status of any model: 2 if a model cannot be read.

examples:
  helltaker compare ../shared/seeds/001_*.txt ../shared/levels/classic/*.txt -o compare.md
  helltaker compare ../shared/seeds/001_*.txt ../shared/levels/classic/*.txt -o compare.html
  helltaker compare strips_model/helltaker.strips levels/level1.txt --json
  helltaker compare class/*.md class/*.pdf ../shared/levels/classic/*.txt -o graded/
"""


def add_command(commands: Subcommands) -> None:
    command = add_parser(
        commands, "compare", description=DESCRIPTION, epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    command.add_argument("report", metavar="REPORT",
                         help="markdown report (schemas among prose), .strips schema file, "
                         "PDF report or PDDL domain")
    command.add_argument("levels", nargs="*", metavar="MODEL|LEVEL",
                         help="level files, and more models to grade a class (told apart by "
                         "content)")
    command.add_argument("--vocabulary", metavar="FILE.toml",
                         help="how the model's predicates read a level (default: inferred "
                         "from its schemas)")
    command.add_argument("--vocabulary-out", metavar="FILE.toml",
                         help="write the vocabulary the model is read in (inferred, with the "
                         "evidence as comments, unless --vocabulary gives one) to FILE, in the "
                         "format --vocabulary reads: edit it to correct a wrong guess")
    command.add_argument("--vocabulary-template", action="store_true",
                         help="print a vocabulary file to fill in for REPORT's predicates, "
                         "and stop")
    command.add_argument("--json", action="store_true",
                         help="print one JSON object (keys schemas, lint, levels, coverage) "
                         "instead of the markdown; with several models, one per line")
    command.add_argument("-o", "--output", metavar="FILE.md|FILE.html|DIR",
                         help="write the report to FILE (atomically): markdown, or with a .html "
                         "name one self-contained page that also draws the game and the model "
                         "side by side at each level's first divergence; with several models, "
                         "the folder DIR of every model's NAME.md and NAME.html and summary.md")
    command.add_argument("--repair", action="store_true",
                         help="search the smallest edit of the schemas that makes the model "
                         "agree with the game, each candidate verified on every level and "
                         "probe in its eight turned and mirrored copies; a \"Suggested fix\" "
                         "section, and `repairs` in --json (docs/checking-a-model.md)")
    command.add_argument("--repair-out", metavar="FILE",
                         help="with --repair implied: write the model with the top fix "
                         "applied to FILE (with several faults, the first fix of each), in "
                         "its own notation, only the fix's lines changed")
    command.add_argument("--repair-seconds", type=float, default=120.0, metavar="S",
                         help="the bound of the repair search (default: 120)")
    command.add_argument("--states", type=at_least(0), default=STATES, metavar="N",
                         help="compare the model with the game on every state each level "
                         "reaches within its budget, the cheapest first, up to N states a "
                         "level: a difference is a divergence with the shortest key presses "
                         "that show it, and past N the claim says it stopped there; 0 compares "
                         f"along the plans alone (default: {STATES:,})")
    add_planner(command, "planner for our model (the compared model is always solved by Fast "
                "Downward); ")
    add_limits(command, "one planner run")
    command.add_argument("--jobs", type=at_least(1), metavar="N",
                         help="levels and probes compared at once, in forked processes, and "
                         "with --repair the search's next candidates and the parts of a fix's "
                         "comparison on every state (the fixes are those of one core); with "
                         "several models, models checked at once (default: one per CPU)")
    add_cluster(command)
    command.set_defaults(handler=command_compare)


def command_compare(args: argparse.Namespace) -> ExitCode:
    models, level_paths = split_models(args.report, args.levels)
    if len(models) > 1:
        return grade_class(args, models, level_paths)
    if args.cluster:
        raise InputError("--cluster runs several models at once: give more than one MODEL "
                         "(one model's levels run in local workers, --jobs)")
    outputs = [path for path in (args.output, args.vocabulary_out, args.repair_out) if path]
    if outputs:
        check_outputs(outputs, inputs=input_paths(args))
    if args.vocabulary_template:
        return _vocabulary_template(args.report)
    # Before the model is read: a bad vocabulary is bad input, said alone and at once.
    vocabulary = load_vocabulary(args.vocabulary) if args.vocabulary else None
    levels = load_capped_levels(args.levels, "compare")
    # Here, not at the top: the compare stage's imports (its readers, grammars and the
    # planners' modules) take seconds, which `helltaker compare --help` and a refused
    # argument do not need.
    from translator.compare.check import checked_model
    from translator.compare.comparison import compared_tasks
    from translator.compare.grading.class_grading import model_record
    from translator.compare.report.markdown import render_markdown

    shown = ExitStack()

    def announce(set_up: ModelSetUp) -> None:
        """What was read and built, before the comparison runs; then, on a terminal, each
        level and probe counted as it finishes (a model's compare runs a minute or more)."""
        _announce_reading(args.report, set_up.file)
        _announce_set_up(args.report, set_up, args.vocabulary_out, input_paths(args))
        tasks = compared_tasks(set_up.model, len(set_up.levels), jobs)
        shown.enter_context(tasks_shown(Progress(tasks, json_mode=args.json, unit="tasks")))

    jobs = args.jobs or default_jobs()
    with shown:
        checked = checked_model(args.report, levels, args.planner,
                                limits_of(args, tasks_at_once(jobs, len(levels))), jobs,
                                vocabulary, announce=announce, states=args.states)
    comparison = checked.comparison
    markdown = render_markdown(comparison)
    found = _repairs(args, checked) if args.repair or args.repair_out else None
    fixes_html = ""
    if found is not None:
        from translator.compare.report.repair_section import repair_html, repair_markdown

        markdown += "\n" + repair_markdown(found)
        fixes_html = repair_html(found)
    if args.output:
        write_outputs({args.output: _page(comparison, list(checked.set_up.levels), markdown,
                                          fixes_html)
                       if args.output.lower().endswith((".html", ".htm")) else markdown},
                      args.output, input_paths(args))
    if args.json:
        record = model_record(comparison, checked.set_up.file)
        if found is not None:
            record["repairs"] = found.as_json()
            # Why no fix is shown (none needed, none found, or the bound ran out first).
            record["repair_reason"] = found.culprit
        print_out(json.dumps(record))
    elif args.output:
        print_out(args.output)
    else:
        write_out(markdown)
    if comparison.planner_failed:
        return ExitCode.RUN_FAILED
    return ExitCode.OK if comparison.agrees else ExitCode.FAILED


def _vocabulary_template(path: str) -> ExitCode:
    """`--vocabulary-template`: REPORT's predicates in a vocabulary file to fill in."""
    from translator.compare.check import read_model
    from translator.compare.models.compared import used_predicates

    file = read_model(path)
    _announce_reading(path, file)
    name = os.path.splitext(os.path.basename(path))[0]
    write_out(vocabulary_template(used_predicates(file.report.schemas), name))
    return ExitCode.OK


def _announce_reading(path: str, file: ModelFile) -> None:
    # What was read comes first, so that nothing read is lost in silence (issue 22 item 3).
    report = file.report
    counts = report.counts.summary() if report.counts else f"{len(report.schemas)} schemas read"
    unread = len(skipped_schemas(report.skipped))
    print(f"{shown_name(path)} ({file.notation} notation): {counts}, "
          f"{unread} schema(s) skipped" + ("; the lint lists them" if unread else ""),
          file=sys.stderr)


def _announce_set_up(path: str, set_up: ModelSetUp, vocabulary_out: str | None,
                     inputs: tuple[str, ...]) -> None:
    """Whether the model can be run and on which levels; its vocabulary written out."""
    from translator.compare.check import NO_LEVEL
    from translator.compare.models.compared import UnbuildableModel, model_vocabulary_toml

    if isinstance(set_up.model, UnbuildableModel):
        # Not bad input: the schemas were read, so the lint and the report still come.
        print(f"{shown_name(path)}: cannot be run: {set_up.model.defect}", file=sys.stderr)
    if vocabulary_out:
        write_outputs({vocabulary_out: model_vocabulary_toml(set_up.model)}, vocabulary_out,
                      inputs)
    if not set_up.levels:
        print(f"{shown_name(path)}: {NO_LEVEL}", file=sys.stderr)


def _page(comparison: Comparison, levels: list[Level], markdown: str, fixes: str = "") -> str:
    # Here, not at the top: it imports the comparison, and with it unified-planning (see
    # command_compare).
    from translator.compare.report.html import render_html

    return render_html(comparison, levels, markdown, fixes)


def _repairs(args: argparse.Namespace, checked: ModelCheck) -> RepairReport:
    """The verified fixes, on the levels with the game's plan compare found (ours, valid in
    the game), and the top one (with several faults, every fault's first fix at once)
    written to --repair-out when asked."""
    from translator.compare.repair.fixes import REPAIR_STEPS, RepairOptions, suggest_fixes
    from translator.runtime.own_work import allowing

    # On a terminal, each step of the search counted and the current one timed: a repair
    # takes up to --repair-seconds, and more to check what it found (the --timeout of this
    # process's own work, past the search's bound, bounds that).
    with tasks_shown(Progress(REPAIR_STEPS, json_mode=args.json, unit="steps")) as progress, \
            allowing(args.repair_seconds):
        progress.start(f"the search for a fix (at most {args.repair_seconds:g} s in all)")
        found = suggest_fixes(checked.set_up, checked.game_plans(),
                              RepairOptions(seconds=args.repair_seconds,
                                            jobs=args.jobs or default_jobs()))
    if args.repair_out:
        top = found.together or (found.fixes[0] if found.fixes else None)
        if top is not None and top.fixed_text is not None:
            write_outputs({args.repair_out: top.fixed_text}, args.repair_out,
                          input_paths(args))
        else:
            print(f"{shown_name(args.report)}: --repair-out not written: "
                  + ("no verified fix" if top is None else "the fix's literals are not "
                     "written as read (a LaTeX or PDF reading)"), file=sys.stderr)
    return found
