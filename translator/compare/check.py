"""The entry of the compare stage: a model file read, built and run next to ours.

`checked_model` is what `helltaker compare` (one model, or each model of a class) calls, and
the Python face (`translator.compare_model`) through `check_model`:
read the file in whichever notation it is written (`read_model`), build its semantics through
a vocabulary, rebuild a level from its `Init(...)` when none is given, then `compare` it with
our model (`strips_model/helltaker.strips`) level by level and rule by rule.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

from strips_model.errors import HelltakerError
from strips_model.level import Level
from strips_model.reports.document import Report, facts_lines, parse_report, read_facts_blocks
from strips_model.reports.init_level import rebuild_level
from strips_model.reports.model_source import model_text
from strips_model.reports.notation import read_model_file
from strips_model.reports.vocabulary import Vocabulary
from translator.compare.comparison import Comparison, compare
from translator.compare.models.compared import (
    ComparedModel,
    UnbuildableModel,
    compared_model,
    model_or_defect,
)
from translator.compare.runs.level_comparison import Column
from translator.planners.registry import prepare_planner
from translator.runtime.processes import NO_LIMITS, Limits

OUR_MODEL = "strips_model/helltaker.strips"
"""How reports name our model: its path in the repository."""
NO_LEVEL = ("no LEVEL given, and REPORT has no Init(...) a level can be rebuilt from: no level "
            "compared")


@dataclass(frozen=True, slots=True)
class ReadModel:
    report: Report
    notation: str
    """`OURS`, or the other notation the schemas were read in, one by one."""


def read_model(path: str) -> ReadModel:
    """A model file read exactly as `diff` reads it (`read_model_file`): its schemas one by
    one, the unreadable ones kept as skipped, with its Init and goal."""
    reading = read_model_file(path)
    # Init(...) and But(...) blocks are read as written (seed 000 keeps them out of LaTeX).
    # A PDF's are read from its extracted text.
    init, goals = read_facts_blocks(facts_lines(model_text(path)), path)
    return ReadModel(Report(reading.schemas, init, goals[0] if goals else None, path,
                            reading.skipped, reading.tally(), goals), reading.notation)


@cache
def our_model() -> tuple[Report, ComparedModel]:
    """Our model as a compared model: the other column of every comparison."""
    text = resources.files("strips_model").joinpath("helltaker.strips").read_text("utf-8")
    report = parse_report(text, OUR_MODEL, plain=True)
    built = compared_model(report, OUR_MODEL)
    assert not isinstance(built, UnbuildableModel), "our own model always builds"
    return report, built


def levels_to_check(model: ComparedModel | UnbuildableModel,
                    levels: Sequence[Level]) -> list[Level]:
    """The levels given, or the one the report's `Init(...)` describes; without either,
    none: the model is still linted and probed (`NO_LEVEL` says why no level is compared)."""
    if levels:
        return list(levels)
    # The Init as the model reads it (its places gathered, its objects split: models/compared.py).
    init = model.report.init
    if init is None:
        return []
    try:
        return [rebuild_level(init, f"rebuilt from the Init of {model.report.source}",
                              model.words).level]
    except HelltakerError:
        # Schemas were read: the lint and the probes still run (exit 2 is for no schema).
        return []


@dataclass(frozen=True, slots=True)
class ModelSetUp:
    """A model file read and built, with the levels it is to be compared on."""

    reading: ReadModel
    model: ComparedModel | UnbuildableModel
    levels: tuple[Level, ...]
    """The levels given, or the one rebuilt from its Init; none when neither exists."""


@dataclass(frozen=True, slots=True)
class ModelCheck:
    """A model checked: what was read and built, and its comparison with ours."""

    set_up: ModelSetUp
    comparison: Comparison


def checked_model(path: str, levels: Sequence[Level] = (), planner: str = "fd",
                  limits: Limits = NO_LIMITS, jobs: int = 1,
                  vocabulary: Vocabulary | None = None,
                  our_columns: Sequence[Column | None] = (),
                  announce: Callable[[ModelSetUp], None] | None = None) -> ModelCheck:
    """The model in `path` compared with ours on `levels` (or its own Init) and on the
    rules' probe levels; `planner` solves our model, Fast Downward the compared one.
    `our_columns`, in the order of `levels`, are our model's columns solved beforehand.
    `announce` is told what was read and built before the (long) comparison starts.

    The one way through the compare stage: `helltaker compare`, one model or a class, and
    the Python face (`check_model`) enter here."""
    reading = read_model(path)
    model = model_or_defect(reading.report, path, vocabulary)
    set_up = ModelSetUp(reading, model, tuple(levels_to_check(model, levels)))
    if announce is not None:
        announce(set_up)
    if set_up.levels and not (our_columns and all(our_columns)):
        # Our model is solved on levels only; the probes need no planner.
        prepare_planner(planner)
    return ModelCheck(set_up, compare(reading.report, model, our_model(), list(set_up.levels),
                                      planner, limits, jobs, our_columns if levels else ()))


def check_model(path: str, levels: Sequence[Level] = (), planner: str = "fd",
                limits: Limits = NO_LIMITS, jobs: int = 1,
                vocabulary: Vocabulary | None = None) -> Comparison:
    """`checked_model`'s comparison alone, as the Python face (`compare_model`) returns it."""
    return checked_model(path, levels, planner, limits, jobs, vocabulary).comparison
