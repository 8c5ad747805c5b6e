"""A class of models graded in one run: each model checked by `checked_model` on the same
levels and boiled down to one row of the class table.

`grade_model` is the task one worker runs for one model (translator/cli/compare_class.py puts
every model of the class on the executor). It renders what the command asked for, the
model's JSON record and its markdown and HTML reports, there in the worker, so that only text
comes back and the rendering is shared out too. A model that cannot be read, or whose run
failed, is a row with its one-line error (`failed_grade`), never the end of the class.
"""

from __future__ import annotations

import dataclasses
import enum
from collections import Counter
from dataclasses import dataclass

from strips_model.errors import HelltakerError, InputError
from strips_model.level import Level
from strips_model.reports.model_file import ModelFile
from strips_model.reports.reading import ReadingCounts, skipped_schemas
from strips_model.reports.vocabulary import Vocabulary
from translator.compare.check import checked_model, our_model
from translator.compare.comparison import Comparison
from translator.compare.lint.findings import SEVERITIES, SEVERITY
from translator.compare.runs.level_verdict import AGREES, DIVERGES, NOT_RUN, Column
from translator.compare.runs.state_bound import STATES
from translator.compare.runs.state_space import Tally
from translator.planners.registry import prepare_planner
from translator.runtime.processes import Limits


class Standing(enum.Enum):
    """Where a model stands, as the one-model `compare` would exit for it."""

    AGREES = "agrees"
    DEPARTS = "departs"
    NOT_RUN = "not run"
    """Nothing of the model could be run (its report says why): no departure is shown."""
    PLANNER_FAILED = "planner failed"
    UNREADABLE = "unreadable"
    RUN_FAILED = "run failed"


VERDICTS: tuple[str, ...] = (AGREES, DIVERGES, NOT_RUN)
"""The verdicts of a level (translator/compare/runs/level_comparison.py), in the table's order."""


@dataclass(frozen=True, slots=True)
class GradeCounts:
    """What one model's comparison amounts to, counted."""

    notation: str
    schemas: int
    skipped: int
    """Schemas the reader could not read (not the prose between them)."""
    lint: tuple[int, ...]
    """Findings per severity, in the order of `SEVERITIES` (worst first)."""
    levels: tuple[int, ...]
    """Levels per verdict, in the order of `VERDICTS`."""
    rules_expressed: int
    rules: int
    states_compared: int = 0
    """States compared with the game on every level (state_space.py)."""
    applicability: Tally = Tally()
    """Key presses over those states: right, the model's alone, the game's alone."""
    effects: Tally = Tally()
    """What those key presses change on the board, counted the same way."""


@dataclass(frozen=True, slots=True)
class ModelGrade:
    """One row of the class table: counts, or the error that left none."""

    model: str
    standing: Standing
    counts: GradeCounts | None
    error: str | None = None


@dataclass(frozen=True, slots=True)
class GradedModel:
    """What the worker sends back for one model: its row and the texts asked for."""

    grade: ModelGrade
    record: dict[str, object] | None = None
    markdown: str | None = None
    html: str | None = None


@dataclass(frozen=True, slots=True)
class GradingTask:
    """One model to check, with everything the worker needs (it must pickle for --cluster)."""

    path: str
    levels: tuple[Level, ...]
    planner: str
    limits: Limits
    jobs: int
    """Levels and probes of this model compared at once (in forks of the worker)."""
    vocabulary: Vocabulary | None
    reports: bool
    """Render the markdown and HTML reports (`-o DIR`)."""
    record: bool
    """Build the JSON record (`--json`)."""
    ours: tuple[Column | None, ...] = ()
    """Our model's column on each of `levels`, solved once for the class (`our_columns`);
    None where that failed, and the model's check solves it again."""
    states: int = STATES
    """The most states of each level compared with the game (`compare --states`)."""


def prepare_grading(planner: str, levels: bool) -> None:
    """Run once before the workers fork (or on every Dask worker): the planner of our model
    and the compare stage imported, so that no model pays for them again."""
    if levels:
        prepare_planner(planner)
    our_model()


def model_record(comparison: Comparison, file: ModelFile) -> dict[str, object]:
    """The JSON record of one compared model, as `compare MODEL --json` prints it."""
    report = file.report
    data = comparison.as_json()
    data["reading"] = {"notation": file.notation,
                       **dataclasses.asdict(report.counts or ReadingCounts(len(report.schemas)))}
    return data


def grade_model(task: GradingTask) -> GradedModel:
    """Check the model of `task` as `compare MODEL LEVEL...` would, and render its texts."""
    try:
        checked = checked_model(task.path, task.levels, task.planner, task.limits, task.jobs,
                                task.vocabulary, task.ours, states=task.states)
    except HelltakerError as error:
        return failed_grade(task.path, error)
    file, comparison = checked.set_up.file, checked.comparison
    record = {"model": task.path, **model_record(comparison, file)} if task.record else None
    if not task.reports:
        return GradedModel(grade_of(task.path, file.notation, comparison), record)
    # Here, not at the top: the HTML page brings the renderers, which a run without -o does
    # not need.
    from translator.compare.report.html import render_html
    from translator.compare.report.markdown import render_markdown

    markdown = render_markdown(comparison)
    # The levels compared: those given, or the one rebuilt from the model's own Init.
    return GradedModel(grade_of(task.path, file.notation, comparison), record, markdown,
                       render_html(comparison, list(checked.set_up.levels), markdown))


def grade_of(path: str, notation: str, comparison: Comparison) -> ModelGrade:
    """The row of a model that was read and checked."""
    severities = Counter(SEVERITY.get(finding.kind, "style") for finding in comparison.lint)
    verdicts = Counter(level.verdict for level in comparison.levels)
    checks = [level.states for level in comparison.levels if level.states is not None]
    counts = GradeCounts(
        notation, comparison.report.schemas, len(skipped_schemas(comparison.skipped)),
        tuple(severities[severity] for severity in SEVERITIES),
        tuple(verdicts[verdict] for verdict in VERDICTS),
        sum(rule.expressed for rule in comparison.coverage), len(comparison.coverage),
        sum(check.states_compared for check in checks),
        sum((check.applicability for check in checks), Tally()),
        sum((check.effects for check in checks), Tally()))
    standing = Standing.PLANNER_FAILED if comparison.planner_failed else \
        Standing.AGREES if comparison.agrees else \
        Standing.DEPARTS if comparison.ran else Standing.NOT_RUN
    return ModelGrade(path, standing, counts)


def failed_grade(path: str, error: BaseException) -> GradedModel:
    """The row of a model that could not be read (bad input) or whose run failed: its
    one-line error in place of counts."""
    if isinstance(error, InputError):
        return GradedModel(ModelGrade(path, Standing.UNREADABLE, None, _one_line(error)),
                           {"model": path, "error": _one_line(error)})
    message = _one_line(error) if isinstance(error, HelltakerError) else \
        f"internal error, please report it: {type(error).__name__}: {_one_line(error)}"
    return GradedModel(ModelGrade(path, Standing.RUN_FAILED, None, message),
                       {"model": path, "error": message})


def _one_line(error: BaseException) -> str:
    lines = str(error).strip().splitlines()
    return " ".join(line.strip() for line in lines) or type(error).__name__
