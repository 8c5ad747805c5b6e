"""A model in the vocabulary kind of seed report 001 (`helltaker(X, Y)`, `counter(C)`,
`plusOne`; strips_model/reports/vocabularies/seed001.toml) on a level.

The exact view is the report's schemas as read (translator/compare/readings.py) over an Init
in its vocabulary (strips_model/reports/init_level.py): its own `Init(...)` for the level it
describes (classic level 6), and for any other level one generated from the level file
(translator/compare/report_init.py). The goal is its `But(...)`.

The planning view is compiled from it, because Fast Downward cannot ground the model as
written (translator/compare/report_planning.py says how): no counter but action costs and a
cost bound, positive complements of static negative preconditions, one action per way of
reaching the goal, and PDDL names. Plans are replayed in the exact view, counter included.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cached_property

from unified_planning.model import Problem
from unified_planning.plans import ActionInstance

from strips_model.errors import Position, SchemaError
from strips_model.level import Level
from strips_model.moves import Direction
from strips_model.puzzle import puzzle_differences
from strips_model.reports.document import Report
from strips_model.reports.init_level import Coordinates, RebuiltLevel, rebuild_level
from strips_model.reports.vocabulary import Vocabulary
from strips_model.schema import UNTYPED, Schema, build_domain
from translator.compare.observation import Observation
from translator.compare.readings import read_schemas, static_predicates
from translator.compare.report_init import generated_init
from translator.compare.report_planning import (
    GOAL_ACTION,
    constant_name,
    counter_cost,
    goal_schemas,
    pddl_schema,
    planning_facts,
    typed_domain,
    unique_pddl_names,
    without_counter,
)
from translator.ground.exact_semantics import GroundAction, Grounder
from translator.model.level_facts import Atom, Facts
from translator.model.up_problem import ModelParts, build_model_parts, build_problem


class ReportModel:
    """The report's model, ready to be set up on levels."""

    def __init__(self, report: Report, label: str, vocabulary: Vocabulary) -> None:
        self.words = vocabulary
        self.vocabulary = f"{self.words.name} ({self.words.summary})"
        if report.goal is None:
            raise SchemaError("the model has no But(...) goal", Position(report.source))
        self.label = label
        self.report = report
        self.schemas = report.schemas
        goal = report.goal
        self.goal = ", ".join([*map(str, goal.conjuncts), *(
            "(" + " | ".join(map(str, group)) + ")" for group in goal.disjunctions)])
        self.static = static_predicates(report.schemas)
        read, _ = read_schemas(report.schemas)
        exact: list[Schema] = []
        planning: list[Schema] = []
        for schema in read:
            if self.words.direction_of(schema.name) is None:
                words = ", ".join(word for word, _ in self.words.direction_words)
                raise SchemaError(f"{schema.name}: its name says no direction ({words}), so its "
                                  "actions cannot be mapped to key presses",
                                  schema.position)
            cost, counters = counter_cost(schema, self.words)
            exact.append(replace(schema, cost=cost))
            planning.append(pddl_schema(without_counter(replace(schema, cost=cost), counters,
                                                        self.words),
                                        self.static))
        self.goals = goal_schemas(report.goal)
        planning += [pddl_schema(schema, self.static) for schema in self.goals]
        self.exact = build_domain(tuple(exact), report.source)
        self.goal_domain = build_domain(self.goals, report.source)
        self.planning = typed_domain(build_domain(tuple(planning), report.source))
        used = {lit.predicate for s in report.schemas for lit in (*s.preconditions, *s.effects)}
        self.original_names = unique_pddl_names([s.name for s in exact], report.source)
        self.predicate_names = unique_pddl_names(sorted(used), report.source)
        self.planning_schemas = {s.name: s for s in self.planning.schemas}
        # Rebuilt now, so that a faulty Init is reported before any level is compared.
        self.rebuilt: RebuiltLevel | None = (
            rebuild_level(report.init, vocabulary=self.words) if report.init is not None
            else None)

    @cached_property
    def parts(self) -> ModelParts:
        return build_model_parts(self.planning)

    def on(self, level: Level) -> ReportLevelModel:
        rebuilt = self.rebuilt
        if rebuilt is not None and not puzzle_differences(rebuilt.level, level):
            # The Init's grid may sit elsewhere in its coordinates than the level file's.
            d_row = level.start.hero[0] - rebuilt.level.start.hero[0]
            d_column = level.start.hero[1] - rebuilt.level.start.hero[1]
            coordinates = replace(rebuilt.coordinates, top=rebuilt.coordinates.top + d_row,
                                  left=rebuilt.coordinates.left + d_column)
            assert self.report.init is not None
            atoms = tuple((a.predicate, *(t.name for t in a.args)) for a in self.report.init.atoms)
            note = f"its own Init ({self.report.init.position})"
            return ReportLevelModel(self, level, coordinates, atoms, note, ())
        atoms, notes = generated_init(level, self.words)
        return ReportLevelModel(self, level, Coordinates.of_level(level, self.words), atoms,
                                "generated from the level file", notes)


class ReportLevelModel:
    """The report's model on one level, a `LevelModel` (translator/compare/models.py): the
    exact view for replays, the planning problem for Fast Downward."""

    def __init__(self, model: ReportModel, level: Level, coordinates: Coordinates,
                 atoms: tuple[Atom, ...], init_note: str, notes: tuple[str, ...]) -> None:
        self.model = model
        self.level = level
        self.coordinates = coordinates
        self.init_note = init_note
        self.notes = notes
        # The counter may reach -1: one point more than the budget (report_planning.py).
        self.cost_limit = level.budget + 1
        self.search = f"astar(blind(),bound={self.cost_limit + 1})"
        self._atoms = atoms
        self._traps = level.traps_lowered | level.traps_raised

    @cached_property
    def _exact_facts(self) -> Facts:
        static = self.model.static
        values = {arg for atom in self._atoms for arg in atom[1:]}
        values |= {t.name for s in self.model.exact.schemas
                   for lit in (*s.preconditions, *s.effects) for t in lit.args
                   if not t.is_variable}
        return Facts({UNTYPED: tuple(sorted(values, key=_numeric))},
                     frozenset(a for a in self._atoms if a[0] in static),
                     frozenset(a for a in self._atoms if a[0] not in static), ())

    @cached_property
    def _planning_facts(self) -> Facts:
        model = self.model
        return planning_facts(self._atoms, model.words, model.planning, model.predicate_names,
                              model.static)

    @cached_property
    def _grounder(self) -> Grounder:
        return Grounder(self.model.exact, self._exact_facts)

    @cached_property
    def _goal_grounder(self) -> Grounder:
        return Grounder(self.model.goal_domain, self._exact_facts)

    def initial(self) -> frozenset[Atom]:
        return self._exact_facts.initial

    def static(self) -> frozenset[Atom]:
        return self._exact_facts.static

    def schemas_for(self, direction: Direction) -> list[tuple[Schema, dict[str, str]]]:
        return [(schema, {}) for schema in self.model.exact.schemas
                if self.model.words.direction_of(schema.name) == direction]

    def applicable(self, atoms: frozenset[Atom]) -> list[GroundAction]:
        return self._grounder.applicable(atoms)

    def direction(self, action: GroundAction) -> Direction | None:
        return self.model.words.direction_of(action.schema)

    def goal_holds(self, atoms: frozenset[Atom]) -> bool:
        return bool(self._goal_grounder.applicable(atoms))

    def observe(self, atoms: frozenset[Atom]) -> Observation:
        def cells(predicate: str, state: str | None = None) -> frozenset[tuple[int, int]]:
            return frozenset(self.coordinates.cell(int(a[1]), int(a[2])) for a in atoms
                             if a[0] == predicate and (state is None or a[3] == state))

        words = self.model.words
        locks = [a for a in atoms if a[0] == words.required("lock")]
        return Observation(
            hero=cells(words.required("hero")), boulders=cells(words.required("boulder")),
            skeletons=cells(words.required("skeleton")),
            key_taken=any(a[3] == str(words.value("lock_opened")) for a in locks),
            lock_open=not any(a[3] == str(words.value("lock_closed")) for a in locks),
            raised_traps=cells(words.required("trap"), str(words.value("trap_raised")))
            & self._traps,
        )

    def problem(self) -> Problem:
        return build_problem(self.model.parts, self._planning_facts, self.level.name)

    def decode(self, instance: ActionInstance) -> tuple[str, dict[str, str]] | None:
        schema = self.model.planning_schemas[instance.action.name]
        if schema.name.startswith(GOAL_ACTION):
            return None
        values = {constant_name(v): v for a in self._atoms for v in a[1:]}
        binding = {parameter.name: values.get(str(value), str(value))
                   for parameter, value in zip(schema.parameters, instance.actual_parameters,
                                               strict=True)}
        return self.model.original_names[schema.name], binding


def _numeric(value: str) -> tuple[int, int | str]:
    return (0, int(value)) if re.fullmatch(r"-?[0-9]+", value) else (1, value)
