"""The entry of the compare stage: a model file read, built and run next to ours.

`checked_model` is what `helltaker compare` (one model, or each model of a class) calls, and
the Python face (`translator.compare_model`) through `check_model`:
read the file once, in whichever notation it is written (`read_model`, one `ModelFile` that
every later stage receives), build its semantics through a vocabulary, rebuild a level from
its `Init(...)` when none is given, then `compare` it with our model
(`strips_model/helltaker.strips`) level by level and rule by rule. The repair room enters
with the `ModelCheck` this returns (repair/fixes.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

from strips_model.level import Level
from strips_model.moves import Direction
from strips_model.reports.document import Report, parse_report
from strips_model.reports.model_file import ModelFile, load_model_file
from strips_model.reports.vocabulary import Vocabulary
from translator.compare.comparison import Comparison, compare
from translator.compare.hypotheses import LEVEL_EXPANSIONS, tested_reading
from translator.compare.models.compared import UnbuildableModel, compared_model, model_or_defect
from translator.compare.models.protocols import ComparedModel
from translator.compare.runs.evidence import levels_solved_aside
from translator.compare.runs.level_verdict import Column
from translator.compare.runs.our_columns import columns_ahead
from translator.compare.runs.state_bound import STATES
from translator.planners.registry import prepare_planner
from translator.runtime.processes import NO_LIMITS, Limits

OUR_MODEL = "strips_model/helltaker.strips"
"""How reports name our model: its path in the repository."""
NO_LEVEL = ("no LEVEL given, and REPORT has no Init(...) a level can be rebuilt from: no level "
            "compared")


def read_model(path: str) -> ModelFile:
    """The model file at `path`, opened once: its text, its schemas read one by one (the
    unreadable ones kept as skipped, exactly as `diff` reads them), its Init and goals."""
    return load_model_file(path)


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
    rebuilt = model.init_level()
    return [] if rebuilt is None else [rebuilt]


@dataclass(frozen=True, slots=True)
class ModelSetUp:
    """A model file read and built, with the levels it is to be compared on."""

    file: ModelFile
    model: ComparedModel | UnbuildableModel
    levels: tuple[Level, ...]
    """The levels given, or the one rebuilt from its Init; none when neither exists."""


def set_up_model(path: str, levels: Sequence[Level] = (),
                 vocabulary: Vocabulary | None = None, jobs: int = 1) -> ModelSetUp:
    """The model file at `path` read once and built (in `vocabulary`, else the one inferred),
    with the levels it is to be compared on: what `checked_model` compares, and what the
    repair benchmark repairs mutants of. `jobs`: the cores its reading is tested on."""
    with levels_solved_aside(levels, LEVEL_EXPANSIONS, jobs):
        file = read_model(path)
        read = model_or_defect(file.report, path, vocabulary)
        compared = levels_to_check(read, levels)
        model = tested_reading(read, compared, jobs)
    if model is not read and not levels:  # its own Init, read as the game reads it best
        compared = levels_to_check(model, levels)
    return ModelSetUp(file, model, tuple(compared))


@dataclass(frozen=True, slots=True)
class ModelCheck:
    """A model checked: what was read and built, and its comparison with ours."""

    set_up: ModelSetUp
    comparison: Comparison

    def game_plans(self) -> tuple[tuple[Level, tuple[Direction, ...] | None, int | None], ...]:
        """Each level compared, with the game's plan our model found on it (valid in the game)
        and its cost; None where none was found: the evidence a repair is judged on."""
        plans = []
        for level, row in zip(self.set_up.levels, self.comparison.levels, strict=True):
            plan = row.ours.plan if row.ours.valid else None
            plans.append((level, None if plan is None else tuple(map(Direction, plan)),
                          row.ours.game_cost if row.ours.valid else None))
        return tuple(plans)


def checked_model(path: str, levels: Sequence[Level] = (), planner: str = "fd",
                  limits: Limits = NO_LIMITS, jobs: int = 1,
                  vocabulary: Vocabulary | None = None,
                  our_columns: Sequence[Column | None] = (),
                  announce: Callable[[ModelSetUp], None] | None = None,
                  states: int = STATES) -> ModelCheck:
    """The model in `path` compared with ours on `levels` (or its own Init) and on the
    rules' probe levels; `planner` solves our model, Fast Downward the compared one.
    `our_columns`, in the order of `levels`, are our model's columns solved beforehand.
    `announce` is told what was read and built before the (long) comparison starts.
    `states` bounds the comparison on every reachable state of each level (0: none).

    The one way through the compare stage: `helltaker compare`, one model or a class, and
    the Python face (`check_model`) enter here."""
    # Our model's columns need only the levels: solved in a child while the model is read.
    with columns_ahead(our_model()[1], () if our_columns else levels, planner, limits,
                       jobs) as collected:
        set_up = set_up_model(path, levels, vocabulary, jobs)
        if announce is not None:
            announce(set_up)
        our_columns = our_columns or collected()
    if set_up.levels and not (our_columns and all(our_columns)):
        # Our model is solved on levels only; the probes need no planner.
        prepare_planner(planner)
    return ModelCheck(set_up, compare(set_up.file.report, set_up.model, our_model(),
                                      list(set_up.levels),
                                      planner, limits, jobs, our_columns if levels else (),
                                      states))


def check_model(path: str, levels: Sequence[Level] = (), planner: str = "fd",
                limits: Limits = NO_LIMITS, jobs: int = 1,
                vocabulary: Vocabulary | None = None, states: int = STATES) -> Comparison:
    """`checked_model`'s comparison alone, as the Python face (`compare_model`) returns it."""
    return checked_model(path, levels, planner, limits, jobs, vocabulary,
                         states=states).comparison
