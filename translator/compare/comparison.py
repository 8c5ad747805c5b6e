"""`helltaker compare`: a hand-written model run through our pipeline next to ours.

For each level, the compared model (translator/compare/models/compared.py) is solved by Fast
Downward and its plan is replayed in the game; our model is solved by the chosen planner of
translator/planners/registry.py; the two are then replayed key by key
(translator/compare/runs/divergence.py) to find where the compared model first departs from
the game. The lint and the rule coverage complete the picture. report/markdown.py writes it all
down, report/html.py draws it on a page.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from strips_model.level import Level
from strips_model.reports.document import Report
from strips_model.reports.reading import ReadingCounts, SkippedPart
from strips_model.reports.schema_readings import static_predicates
from strips_model.schema import Schema
from translator.compare.lint.checks import lint
from translator.compare.lint.findings import Finding
from translator.compare.lint.grouping import FindingGroup, group_findings
from translator.compare.models.compared import AS_WRITTEN, UnbuildableModel, vocabulary_record
from translator.compare.models.floor import FLOORS
from translator.compare.models.protocols import ComparedModel
from translator.compare.runs.board_check import (
    BoardResult,
    GroupResult,
    board_batches,
    bounded_boards,
    group_results,
    not_run_groups,
)
from translator.compare.runs.coverage import (
    Probe,
    ProbeResult,
    RuleCoverage,
    bounded_probe,
    coverage,
    distinct_probes,
)
from translator.compare.runs.level_comparison import compare_level, our_column
from translator.compare.runs.level_verdict import Column, LevelComparison, not_run_column
from translator.compare.runs.mechanic_boards import Board
from translator.compare.runs.state_bound import STATES
from translator.ground.pddl_named import pddl_named_schema
from translator.ground.schema_parts import cut_domain
from translator.model.pddl_text import action_text
from translator.planners.outcome import FAILURES, Status
from translator.runtime.processes import NO_LIMITS, Limits
from translator.runtime.workers import run_ordered

__all__ = ["Column", "Comparison", "LevelComparison", "ModelSummary", "compare",
           "compare_level", "summarise"]


@dataclass(frozen=True, slots=True)
class ModelSummary:
    """What a model file holds, counted as written."""

    label: str
    source: str
    vocabulary: str
    schemas: int
    predicates: int
    fluents: tuple[str, ...]
    static: tuple[str, ...]
    parameters: tuple[tuple[int, int], ...]
    """(number of declared parameters, number of schemas with that many)."""
    undeclared: int
    """Schemas using variables their header does not declare."""
    init_facts: int | None
    goal: str

    def as_json(self) -> dict[str, object]:
        return {"label": self.label, "source": self.source, "vocabulary": self.vocabulary,
                "schemas": self.schemas, "predicates": self.predicates,
                "fluents": list(self.fluents), "static": list(self.static),
                "parameters": {str(k): v for k, v in self.parameters},
                "undeclared_variables": self.undeclared, "init_facts": self.init_facts,
                "goal": self.goal}


def summarise(report: Report, model: ComparedModel | UnbuildableModel) -> ModelSummary:
    schemas = report.schemas
    static = static_predicates(schemas)
    names = sorted({lit.predicate for s in schemas for lit in (*s.preconditions, *s.effects)})
    counts = Counter(len(s.parameters) for s in schemas)

    def undeclared(schema: Schema) -> bool:
        declared = {p.name for p in schema.parameters}
        return any(t.is_variable and t.name not in declared
                   for lit in (*schema.preconditions, *schema.effects) for t in lit.args)

    return ModelSummary(
        model.label, report.source, model.vocabulary, len(schemas), len(names),
        tuple(n for n in names if n not in static), tuple(n for n in names if n in static),
        tuple(sorted(counts.items())), sum(map(undeclared, schemas)),
        len(report.init.atoms) if report.init is not None else None, model.goal)


@dataclass(frozen=True, slots=True)
class Comparison:
    report: ModelSummary
    ours: ModelSummary
    lint: tuple[Finding, ...]
    levels: tuple[LevelComparison, ...]
    coverage: tuple[RuleCoverage, ...]
    planner: str
    defect: str | None = None
    """Why the compared model cannot be built, when it cannot: then nothing of it was run."""
    skipped: tuple[SkippedPart, ...] = ()
    """What the reader could not read, each with its position and reason."""
    vocabulary: dict[str, object] | None = None
    """How the compared model reads a level (models/compared.py `vocabulary_record`)."""
    reading: ReadingCounts | None = None
    """What reading the compared model did (schemas read, cases split, ...), when known."""
    boards: tuple[GroupResult, ...] = ()
    """The generated boards per mechanic and pair (runs/mechanic_boards.py), on every state."""
    cause: str = AS_WRITTEN
    """Why nothing of it was run, with `defect` (models/compared.py `UnbuildableModel`)."""

    @property
    def agrees(self) -> bool:
        return self.defect is None and not self.lint \
            and all(level.agrees for level in self.levels) \
            and all(rule.expressed for rule in self.coverage) \
            and all(group.agrees for group in self.boards)

    @property
    def ran(self) -> bool:
        """Something of the compared model could be run. When nothing could, it shows no
        departure from the game: the reason is ours to read or its to mend, and a verdict
        would be a claim on no evidence."""
        return self.defect is None

    @property
    def lint_groups(self) -> tuple[FindingGroup, ...]:
        return group_findings(self.lint)

    @property
    def planner_failed(self) -> bool:
        """Our model's planner failed on a level (exit 3). The compared model's attempt
        passing its bound is that level's `not run`, a verdict on the model."""
        return any(level.ours.status in FAILURES for level in self.levels)

    def as_json(self) -> dict[str, object]:
        return {"schemas": self.report.schemas,
                "lint": [finding.as_json() for finding in self.lint],
                "levels": [level.as_json() for level in self.levels],
                "coverage": [rule.as_json() for rule in self.coverage],
                # Added after the others: readers of the first four keys are unaffected.
                "lint_groups": [group.as_json() for group in self.lint_groups],
                "skipped": [{"position": str(part.position), "reason": part.reason}
                            for part in self.skipped],
                "defect": self.defect,
                "cause": self.cause if self.defect is not None else None,
                "vocabulary": self.vocabulary,
                "boards": [group.as_json() for group in self.boards]}


def _lint(report: Report, model: ComparedModel | UnbuildableModel) -> tuple[Finding, ...]:
    """The lint of what was read, then the schemas the model runs without (left_out.py)."""
    left_out = model.left_out
    words = model.words
    width, floors = (2, frozenset()) if words is None else (words.width, frozenset(
        name for role, name in words.roles if role in FLOORS))
    return lint(report.schemas, report.init, report.goal, report.skipped,
                _vocabulary_predicates(model), width, floors) + tuple(
        Finding("left-out", part.schema, f"{part.schema}(...)",
                f"left out of the model, which runs without it: {part.reason}",
                part.position, "a schema left out of the model, which runs without it")
        for part in left_out)


def _vocabulary_predicates(model: ComparedModel | UnbuildableModel) -> frozenset[str] | None:
    return model.words.predicates if model.words is not None else None


def _unbuildable(report: Report, model: UnbuildableModel, ours: tuple[Report, ComparedModel],
                 levels: list[tuple[Level, Column | None]], planner: str, limits: Limits,
                 jobs: int) -> Comparison:
    reason = f"{model.cause}: {model.defect}"
    not_run = not_run_column(Status.UNSOLVABLE, reason)

    def level_row(task: tuple[Level, Column | None]) -> LevelComparison:
        level, mine = task
        return LevelComparison(level.source, level.name, level.budget, "not generated", (),
                               not_run, mine or our_column(ours[1], level, planner, limits),
                               ())

    rows = tuple(run_ordered(level_row, levels, jobs))
    unchecked = {probe: ProbeResult(probe, False, "not compared", reason, (), not_run=reason)
                 for probe in distinct_probes()}
    return Comparison(summarise(report, model), summarise(*ours),
                      _lint(report, model), rows,
                      coverage(unchecked), planner, model.defect, report.skipped,
                      vocabulary_record(model), report.counts, not_run_groups(reason),
                      cause=model.cause)


@dataclass(frozen=True, slots=True)
class _Probes:
    """Probes checked one after the other in one worker, then generated boards."""

    probes: tuple[Probe, ...]
    boards: tuple[Board, ...] = ()


def probe_batches(jobs: int) -> int:
    """How many tasks the probes are run in: a probe takes milliseconds, its worker's fork
    more, so the probes go in two tasks per job, each probe still bounded in a child of its
    own. Two, not one: the batches come last, and with one per job a core stood idle for a
    batch's length (about a second, with the boards) once the levels were done (course_fr on
    the nine classic levels: 10.3 to 10.6 s wall with one, 10.0 to 10.2 s with two)."""
    return min(max(1, 2 * jobs), len(distinct_probes()))


def compared_tasks(model: ComparedModel | UnbuildableModel, levels: int, jobs: int) -> int:
    """How many tasks `compare` runs for `model` (what a progress line counts to): one per
    level, and the probes' batches for a model that can be run."""
    return levels + (0 if isinstance(model, UnbuildableModel) else probe_batches(jobs))


def compare(report: Report, model: ComparedModel | UnbuildableModel,
            ours: tuple[Report, ComparedModel],
            levels: list[Level], planner: str, limits: Limits = NO_LIMITS,
            jobs: int = 1, our_columns: Sequence[Column | None] = (),
            states: int = STATES, boards: bool = True) -> Comparison:
    """Levels and probes are independent: with `jobs` > 1 they run in forked workers. A
    model that cannot be built is not run: each level and rule says why. `our_columns`, in
    the order of `levels`, are our model's columns where they were solved already (None, or
    none given: solved here). `boards=False` leaves out the generated boards (no groups, as
    for a comparison made before they existed): for tests whose claims are elsewhere, each
    board layout costing a forked child."""
    probes = distinct_probes()
    given = list(our_columns) + [None] * (len(levels) - len(our_columns))
    paired = list(zip(levels, given, strict=True))
    if isinstance(model, UnbuildableModel):
        return _unbuildable(report, model, ours, paired, planner, limits, jobs)

    def run(task: tuple[Level, Column | None] | _Probes
            ) -> LevelComparison | tuple[ProbeResult | BoardResult, ...]:
        if isinstance(task, _Probes):
            return tuple(bounded_probe(model, probe, limits) for probe in task.probes) \
                + bounded_boards(model, task.boards, limits)
        level, mine = task
        return compare_level(model, ours[1], level, planner, limits, mine, states)

    groups = probe_batches(jobs)
    dealt = board_batches(groups) if boards else [() for _ in range(groups)]
    batches = [_Probes(tuple(probes[start::groups]), dealt[start])
               for start in range(groups)]
    tasks: list[tuple[Level, Column | None] | _Probes] = [*paired, *batches]
    _read_before_forking(model)
    results = list(run_ordered(run, tasks, jobs))
    compared = tuple(r for r in results if isinstance(r, LevelComparison))
    checked = {r.probe: r for batch in results if isinstance(batch, tuple) for r in batch
               if isinstance(r, ProbeResult)}
    on_boards = [r for batch in results if isinstance(batch, tuple) for r in batch
                 if isinstance(r, BoardResult)]
    return Comparison(summarise(report, model), summarise(*ours),
                      _lint(report, model), compared,
                      coverage(checked), planner, skipped=report.skipped,
                      vocabulary=vocabulary_record(model), reading=report.counts,
                      boards=group_results(on_boards) if boards else ())


def _read_before_forking(model: ComparedModel) -> None:
    """The schemas of the domains every level gives Fast Downward, renamed and written once
    here, and the exact view's cut into parts: each level's forked worker inherits them
    instead of reading them again (on a planning view of 849 schemas, 0.15-0.2 s of every
    level; the cut, 0.05 s)."""
    for domain in model.planning_domains():
        for schema in domain.schemas:
            pddl_named_schema(schema)
            action_text(schema)
    cut_domain(model.exact)
