"""`helltaker compare`: a hand-written model run through our pipeline next to ours.

For each level, the compared model (translator/compare/models.py) is solved by Fast Downward and
its plan is replayed in the game; our model is solved by the chosen planner of
translator/planners/registry.py; the two are then replayed key by key
(translator/compare/divergence.py) to find where the compared model first departs from the game.
The lint and the rule coverage complete the picture. comparison_markdown.py writes it all down,
comparison_html.py draws it on a page.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from unified_planning.io import PDDLWriter
from unified_planning.model import Problem

from strips_model.level import Level
from strips_model.moves import Direction, format_plan, parse_plan
from strips_model.reports.document import Report
from strips_model.schema import Schema
from strips_model.textbook import SkippedPart
from strips_model.validator import validate
from translator.compare.coverage import (
    Probe,
    ProbeResult,
    RuleCoverage,
    check_probe,
    coverage,
    distinct_probes,
)
from translator.compare.divergence import Divergence, along_directions, along_steps
from translator.compare.grouping import FindingGroup, group_findings
from translator.compare.lint import lint
from translator.compare.lint_findings import Finding
from translator.compare.model_run import ModelRun, solve_model
from translator.compare.models import ComparedModel, LevelModel, UnbuildableModel
from translator.compare.readings import static_predicates
from translator.planners.outcome import FAILURES, PlannerOptions, Status
from translator.runtime.processes import NO_LIMITS, Limits
from translator.runtime.workers import run_ordered
from translator.solving.solve import solve_level


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
class Column:
    """One model on one level."""

    status: Status
    """What the planner came to on this model (INVALID is never set here: the game check is
    `valid`)."""
    plan: str | None
    cost: int | None
    """What the model (or planner) says its plan costs."""
    valid: bool | None
    """The plan replayed in the game."""
    game_cost: int | None
    reason: str | None
    """Why the game rejects the plan, or why there is no plan."""
    seconds: float
    ground_actions: int | None
    pddl_bytes: int | None
    method: str

    def as_json(self) -> dict[str, object]:
        return {"status": self.status.value, "plan": self.plan, "cost": self.cost,
                "valid": self.valid, "game_cost": self.game_cost, "reason": self.reason,
                "seconds": round(self.seconds, 3), "ground_actions": self.ground_actions,
                "pddl_bytes": self.pddl_bytes, "method": self.method}


@dataclass(frozen=True, slots=True)
class LevelComparison:
    source: str
    name: str
    budget: int
    init: str
    notes: tuple[str, ...]
    report: Column
    ours: Column
    divergences: tuple[str, ...]
    """Where the compared model first departs from the game, along each side's plan."""
    found: tuple[tuple[str, Divergence], ...] = ()
    """The same divergences with the states seen on each side, for pictures: (which plan,
    divergence)."""

    @property
    def agrees(self) -> bool:
        return (not self.divergences and self.report.status == self.ours.status
                and self.report.valid is not False and self.report.game_cost == self.ours.game_cost)

    def as_json(self) -> dict[str, object]:
        return {"level": self.source, "name": self.name, "budget": self.budget,
                "init": self.init, "notes": list(self.notes), "report": self.report.as_json(),
                "ours": self.ours.as_json(), "divergences": list(self.divergences),
                "agrees": self.agrees}


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

    @property
    def agrees(self) -> bool:
        return self.defect is None and not self.lint \
            and all(level.agrees for level in self.levels) \
            and all(rule.expressed for rule in self.coverage)

    @property
    def lint_groups(self) -> tuple[FindingGroup, ...]:
        return group_findings(self.lint)

    @property
    def planner_failed(self) -> bool:
        return any(side.status in FAILURES for level in self.levels
                   for side in (level.report, level.ours))

    def as_json(self) -> dict[str, object]:
        return {"schemas": self.report.schemas,
                "lint": [finding.as_json() for finding in self.lint],
                "levels": [level.as_json() for level in self.levels],
                "coverage": [rule.as_json() for rule in self.coverage],
                # Added after the others: readers of the first four keys are unaffected.
                "lint_groups": [group.as_json() for group in self.lint_groups],
                "skipped": [{"position": str(part.position), "reason": part.reason}
                            for part in self.skipped],
                "defect": self.defect}


def _pddl_bytes(problem: Problem) -> int:
    writer = PDDLWriter(problem)
    return len(writer.get_domain().encode()) + len(writer.get_problem().encode())


def _game_check(level: Level, directions: tuple[Direction, ...] | None
                ) -> tuple[bool | None, int | None, str | None]:
    if directions is None:
        return None, None, None
    verdict = validate(level, directions)
    return verdict.valid, verdict.cost, verdict.reason


def _our_column(ours: ComparedModel, level: Level, planner: str, limits: Limits) -> Column:
    """The chosen planner on our model, its plan replayed in the game."""
    solution = solve_level(level, planner,
                           PlannerOptions(level.budget, limits.seconds, limits.memory))
    outcome, directions, verdict = solution.outcome, solution.directions, solution.verdict
    valid, game_cost, reason = (verdict.valid, verdict.cost, verdict.reason) if verdict \
        else (None, None, None)
    if outcome.status in FAILURES:
        reason = outcome.log_tail.splitlines()[-1] if outcome.log_tail else outcome.status.value
    return Column(outcome.status, format_plan(directions)
                  if directions is not None else None, outcome.cost, valid, game_cost,
                  reason, solution.seconds, dict(outcome.counts).get("operators"),
                  _pddl_bytes(ours.on(level).problem()), outcome.planner)


def _compared_column(on_level: LevelModel, run: ModelRun) -> Column:
    """Fast Downward on the compared model's planning view, replayed in its exact view and
    in the game."""
    valid, game_cost, reason = _game_check(on_level.level, run.directions)
    if run.replay_failure is not None:
        reason = f"{run.replay_failure}; {reason}" if reason else run.replay_failure
    if run.status in FAILURES:
        reason = run.log_tail.splitlines()[-1] if run.log_tail else run.status.value
    return Column(run.status, format_plan(run.directions)
                  if run.directions is not None else None, run.cost, valid, game_cost, reason,
                  run.seconds, run.ground_actions, _pddl_bytes(on_level.problem()),
                  f"fd {on_level.search}")


def compare_level(model: ComparedModel, ours: ComparedModel, level: Level, planner: str,
                  limits: Limits = NO_LIMITS) -> LevelComparison:
    our_column = _our_column(ours, level, planner, limits)
    on_level = model.on(level)
    run = solve_model(on_level, limits)
    divergences: list[tuple[str, Divergence]] = []
    if our_column.plan is not None and our_column.valid:
        found = along_directions(on_level, parse_plan(our_column.plan))
        if found is not None:
            divergences.append(("on our plan", found))
    if run.steps is not None:
        found = along_steps(on_level, run.steps)
        if found is not None:
            divergences.append(("on its plan", found))
    return LevelComparison(level.source, level.name, level.budget, on_level.init_note,
                           on_level.notes, _compared_column(on_level, run), our_column,
                           tuple(f"{plan}, {found}" for plan, found in divergences),
                           tuple(divergences))


def _vocabulary_predicates(model: ComparedModel | UnbuildableModel) -> frozenset[str] | None:
    words = getattr(model, "words", None)
    return words.predicates if words is not None else None


def _unbuildable(report: Report, model: UnbuildableModel, ours: tuple[Report, ComparedModel],
                 levels: list[Level], planner: str, limits: Limits, jobs: int) -> Comparison:
    reason = f"cannot be solved as written: {model.defect}"
    not_run = Column(Status.UNSOLVABLE, None, None, None, None, reason, 0.0, None, None,
                     "not run")

    def level_row(level: Level) -> LevelComparison:
        return LevelComparison(level.source, level.name, level.budget, "not generated", (),
                               not_run, _our_column(ours[1], level, planner, limits), ())

    rows = tuple(run_ordered(level_row, levels, jobs))
    unchecked = {probe: ProbeResult(probe, False, "not compared", reason, ())
                 for probe in distinct_probes()}
    return Comparison(summarise(report, model), summarise(*ours),
                      lint(report.schemas, report.init, report.goal, report.skipped,
                           _vocabulary_predicates(model)), rows,
                      coverage(unchecked), planner, model.defect, report.skipped)


def compare(report: Report, model: ComparedModel | UnbuildableModel,
            ours: tuple[Report, ComparedModel],
            levels: list[Level], planner: str, limits: Limits = NO_LIMITS,
            jobs: int = 1) -> Comparison:
    """Levels and probes are independent: with `jobs` > 1 they run in forked workers. A
    model that cannot be built is not run: each level and rule says why."""
    probes = distinct_probes()
    if isinstance(model, UnbuildableModel):
        return _unbuildable(report, model, ours, levels, planner, limits, jobs)

    def run(task: Level | Probe) -> LevelComparison | ProbeResult:
        if isinstance(task, Level):
            return compare_level(model, ours[1], task, planner, limits)
        return check_probe(model, task)

    tasks: list[Level | Probe] = [*levels, *probes]
    results = list(run_ordered(run, tasks, jobs))
    compared = tuple(r for r in results if isinstance(r, LevelComparison))
    checked = {r.probe: r for r in results if isinstance(r, ProbeResult)}
    return Comparison(summarise(report, model), summarise(*ours),
                      lint(report.schemas, report.init, report.goal, report.skipped,
                           _vocabulary_predicates(model)), compared,
                      coverage(checked), planner, skipped=report.skipped)
