"""`helltaker compare MODEL... [LEVEL...]` with several models: a class graded in one run.

The arguments after the first are told apart by content: a level file is a title line and
then, past blank lines, a budget line (a whole number alone, RULES.md F1); anything else is a
model, read by the reader its own content calls for (strips_model/reports/model_source.py).

Each model is one task on the executor (`--jobs`, `--cluster`: translator/runtime/executors.py)
through the loop of every batch, `measure_items` (translator/measure/batch.py), whose bar on
standard error counts the models done and the rate. The rows come back in any order and are
shown in the order given: the table on standard output, or one JSON record per model; `-o DIR`
writes every model's markdown and HTML reports and the summary at the end, all or none.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from strips_model.errors import InputError, Position
from strips_model.input_files import STDIN, InputKind, read_input_bytes
from strips_model.reports.pdf_text import PDF_MAGIC
from strips_model.reports.vocabulary import load_vocabulary
from translator.cli.arguments import input_paths, write_outputs
from translator.cli.exit_codes import ExitCode
from translator.cli.level_cap import load_capped_levels
from translator.cli.options import limits_of
from translator.runtime.output import print_out, write_out
from translator.runtime.output_checks import check_outputs
from translator.runtime.workers import default_jobs, in_input_order

if TYPE_CHECKING:
    from translator.compare.grading.class_grading import GradedModel

_BUDGET_LINE: Final = re.compile(r"[ \t]*[+-]?\d+[ \t]*")
"""A level's second line (F1): the budget alone; a negative one is a level in error."""


def is_level_file(path: str) -> bool:
    """Whether `path` holds a level rather than a model: a title line, then, past blank lines,
    a budget line. Standard input (`-`) is a level, as it always was."""
    if path == STDIN:
        return True
    data = read_input_bytes(path, InputKind.MODEL)
    if data.startswith(PDF_MAGIC):
        return False
    # Leniently: a file that is not UTF-8 is no level, and a model's reader says what is
    # wrong with it, in its row.
    lines = data.decode("utf-8", "replace").removeprefix("\ufeff").splitlines()[1:]
    budget = next((line for line in lines if line.strip()), None)
    return budget is not None and _BUDGET_LINE.fullmatch(budget) is not None


def split_models(first: str, rest: Sequence[str]) -> tuple[list[str], list[str]]:
    """(models, level files): the first argument is always a model; the others by content.
    A model named twice is refused."""
    models: list[str] = [first]
    levels: list[str] = []
    for path in rest:
        (levels if is_level_file(path) else models).append(path)
    seen: dict[str, str] = {}
    for model in models:
        resolved = os.path.realpath(model)
        if resolved in seen:
            raise InputError(f"named twice as a model (also as {seen[resolved]})",
                             Position(model))
        seen[resolved] = model
    return models, levels


def grade_class(args: argparse.Namespace, models: list[str], level_paths: list[str]) -> ExitCode:
    """Check every model on the levels, print the class table (or the records), write the
    reports with -o DIR; the exit status is the worst of the models'."""
    for option, given in (("--vocabulary-template", args.vocabulary_template),
                          ("--vocabulary-out", getattr(args, "vocabulary_out", None))):
        if given:
            raise InputError(f"{option} is one model's vocabulary: give one MODEL")
    if args.output:
        if args.output.lower().endswith((".md", ".html", ".htm")):
            # The one-model habit: a class's reports are many files, and a folder named
            # like a page would only surprise.
            raise InputError("with several models, -o names the folder of their reports "
                             "(DIR), not one page", Position(args.output))
        check_outputs(_report_paths(args.output, models), [args.output], input_paths(args))
    vocabulary = load_vocabulary(args.vocabulary) if args.vocabulary else None
    levels = load_capped_levels(level_paths, "compare")
    # Here, not at the top: the compare stage's imports take seconds, which `--help` and a
    # refused argument do not need.
    from translator.compare.check import our_model
    from translator.compare.grading.class_grading import (
        GradingTask,
        Standing,
        failed_grade,
        grade_model,
        prepare_grading,
    )
    from translator.compare.grading.table import class_table, class_totals
    from translator.compare.runs.our_columns import our_columns_on
    from translator.measure.batch import measure_items
    from translator.runtime.executors import prepared

    jobs = args.jobs or default_jobs()
    at_once = 1 if args.cluster else min(jobs, len(models))
    # The cores the models leave go to each model's levels and probes.
    task_jobs = max(1, jobs // at_once) if not args.cluster else 1
    limits = limits_of(args, at_once * tasks_at_once(task_jobs, len(levels)))
    started = time.perf_counter()
    # Our model is the same column on a level for every model: solved once, here, before
    # the models' workers start.
    prepare_grading(args.planner, bool(levels))
    ours = our_columns_on(our_model()[1], levels, args.planner, limits, jobs)
    tasks = [GradingTask(model, tuple(levels), args.planner, limits, task_jobs, vocabulary,
                         bool(args.output), bool(args.json), ours, args.states)
             for model in models]
    graded: list[GradedModel] = []
    results = measure_items(grade_model, tasks, cluster=args.cluster, jobs=at_once,
                            prepare=prepared(prepare_grading, args.planner, bool(levels)),
                            unit="models", failed=_without_counts)
    # Shown in the order given, each as soon as the models before it are done.
    for index, result in in_input_order(results):
        done = failed_grade(models[index], result) if isinstance(result, BaseException) \
            else result
        graded.append(done)
        if args.json:
            print_out(json.dumps(done.record))
    grades = [done.grade for done in graded]
    if args.output:
        write_outputs(_report_files(args.output, graded, level_paths, args.planner),
                      args.output, input_paths(args))
    if not args.json:
        write_out(class_table(grades))
    seconds = time.perf_counter() - started
    print(f"{class_totals(grades)} in {seconds:.1f} s "
          f"({len(grades) * 60 / seconds if seconds > 0 else 0.0:.1f} models/min)",
          file=sys.stderr)
    exit_codes = {Standing.AGREES: ExitCode.OK, Standing.DEPARTS: ExitCode.FAILED,
                  Standing.NOT_RUN: ExitCode.FAILED,
                  Standing.UNREADABLE: ExitCode.BAD_INPUT,
                  Standing.PLANNER_FAILED: ExitCode.RUN_FAILED,
                  Standing.RUN_FAILED: ExitCode.RUN_FAILED}
    return max((exit_codes[grade.standing] for grade in grades), default=ExitCode.OK)


def tasks_at_once(jobs: int, levels: int) -> int:
    """How many of one model's attempts run at once on `jobs` workers: its tasks are its
    levels (the level its report's Init describes when none is given) and its probes' batches
    (`probe_batches`, comparison.py's own count), and no more than `jobs` of them run at once.
    Each attempt's memory is the machine's share for that many: jobs beyond the tasks change
    nothing, so `--jobs 200` grades as `--jobs 22` does."""
    from translator.compare.comparison import probe_batches

    return max(1, min(jobs, max(1, levels) + probe_batches(jobs)))


def _report_paths(folder: str, models: list[str]) -> list[str]:
    """Every file `-o DIR` will hold (`_report_files`), known from the models' names alone:
    checked before any work, so that no report is written over a model or a level."""
    from translator.compare.grading.table import SUMMARY, report_names

    names = report_names(models)
    return [os.path.join(folder, f"{names[model]}.{extension}")
            for model in models for extension in ("md", "html")] + \
        [os.path.join(folder, f"{SUMMARY}.md")]


def _report_files(folder: str, graded: list[GradedModel], level_paths: list[str],
                  planner: str) -> dict[str, str]:
    """What -o DIR holds: each model's NAME.md and NAME.html (a model that could not be read
    has none), and summary.md linking to them."""
    from translator.compare.grading.table import SUMMARY, report_names, summary_page

    names = report_names([done.grade.model for done in graded])
    files: dict[str, str] = {}
    for done in graded:
        if done.markdown is not None and done.html is not None:
            name = os.path.join(folder, names[done.grade.model])
            files[f"{name}.md"] = done.markdown
            files[f"{name}.html"] = done.html
    links = {done.grade.model: f"{names[done.grade.model]}.md" for done in graded
             if done.markdown is not None}
    files[os.path.join(folder, f"{SUMMARY}.md")] = summary_page(
        [done.grade for done in graded], level_paths, planner, links)
    return files


def _without_counts(result: object) -> bool:
    """A model the bar counts as failed: its run raised, or it left an error, not counts."""
    from translator.compare.grading.class_grading import GradedModel

    return not isinstance(result, GradedModel) or result.grade.counts is None

