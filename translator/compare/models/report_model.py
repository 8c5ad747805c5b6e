"""A model in the vocabulary kind of seed report 001 (`helltaker(X, Y)`, `counter(C)`,
`plusOne`; strips_model/reports/vocabularies/seed001.toml) on a level.

The exact view is the report's schemas as read (strips_model/reports/schema_readings.py) over an
Init in its vocabulary generated from each level (models/report_init.py); its goal, `But(...)`,
holds too where an action taking no key press can raise it (goal_blocks.py `goal_raisers`).

The planning view is compiled from it, because Fast Downward cannot ground the model as written
(translator/compare/models/report_planning.py says how): no counter but action costs and a cost
bound, positive complements of static negative preconditions, one action per way of reaching
the goal, and PDDL names. Plans are replayed in the exact view, counter included.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cached_property

from strips_model.errors import SchemaError
from strips_model.ground_plan import PlanStep
from strips_model.level import Level
from strips_model.moves import Direction
from strips_model.puzzle import puzzle_differences
from strips_model.reports.arithmetic import without_arithmetic
from strips_model.reports.document import Report
from strips_model.reports.init_level import Coordinates, RebuiltLevel
from strips_model.reports.schema_readings import read_schemas, static_predicates
from strips_model.reports.vocabulary import Vocabulary
from strips_model.schema import Domain, Schema, build_domain
from translator.compare.models.comparisons import comparison_atoms, comparisons_used
from translator.compare.models.counter_steps import allowance, counts_up, successor_numbers_places
from translator.compare.models.floor import floors
from translator.compare.models.forced_actions import KeyPressed, forced_from, with_forced
from translator.compare.models.game_goal import GAME_GOAL_TEXT, GOAL_CELL, game_goal, goal_cells
from translator.compare.models.goal_blocks import GoalView, GoalViews, goal_raisers
from translator.compare.models.ground_keys import ground_key_press
from translator.compare.models.init_level import rebuilt_init
from translator.compare.models.left_out import LeftOut, SchemasUnbuilt
from translator.compare.models.observation import Observation
from translator.compare.models.protocols import LevelModel
from translator.compare.models.report_init import generated_init
from translator.compare.models.report_observation import AtomObserver
from translator.compare.models.report_planning import (
    decoded_step,
    exact_facts,
    planning_facts,
)
from translator.compare.models.report_views import SchemaViews, direction_parameter, step_ends
from translator.compare.models.start_flags import slots_at_start, true_at_start
from translator.compare.vocabulary.facts import OFFSET
from translator.ground.exact_semantics import Grounder
from translator.ground.ground_action import GroundAction
from translator.model.level_facts import Atom, Facts
from translator.model.pddl_text import domain_text, problem_text


class ReportModel:
    """The report's model, ready to be set up on levels."""

    reading_questions: tuple[tuple[str, str], ...] = ()  # set by hypotheses.py

    def __init__(self, report: Report, label: str, vocabulary: Vocabulary,
                 evidence: tuple[str, ...] = (), left_out: tuple[LeftOut, ...] = ()) -> None:
        self.words = vocabulary
        self.evidence = evidence  # as protocols.py's ComparedModel says, with left_out
        self.left_out = left_out
        self.vocabulary = f"{self.words.name} ({self.words.summary})"
        self.label = label
        self.report = report
        self.schemas = report.schemas
        # A model that states no goal gets the game's (game_goal.py), and the report says so.
        self.game_goal = report.goal is None
        goal = report.goal or game_goal(report.schemas, vocabulary, report.source)
        self.goal = GAME_GOAL_TEXT if report.goal is None else ", ".join([
            *map(str, goal.conjuncts),
            *("(" + " | ".join(map(str, group)) + ")" for group in goal.disjunctions)])
        # Arithmetic terms (`y + 1`, `t - 2`) become static offset relations (arithmetic.py),
        # which each level's Init lists.
        compiled = tuple(without_arithmetic(schema) for schema in report.schemas)
        read = self._level_needs(compiled)
        planning = self._exact_view(read)
        self.goal_blocks = report.goals if report.goal is not None else (goal,)
        if len(self.goal_blocks) > 1:
            self.goal += f" (block 1 of {len(self.goal_blocks)}: each level says which it uses)"
        # One planning view per goal block; each level uses the one that fits it.
        self.views = GoalViews.of(self.goal_blocks, planning, frozenset(self.static), self.words,
                                  report.source)
        self.planning = self.views.views[0].planning
        used = {lit.predicate for s in compiled for lit in (*s.preconditions, *s.effects)}
        used |= {lit.predicate for block in self.goal_blocks for lit in block.conjuncts}
        self.predicates = frozenset(used)
        # Rebuilt now, so that a faulty Init is known before any level is compared. It matters
        # only without LEVEL files (check.py then runs the model on it): else it is generated.
        rebuilt = rebuilt_init(report, self.words)
        self.rebuilt = rebuilt if isinstance(rebuilt, RebuiltLevel) else None
        self.init_defect = rebuilt if isinstance(rebuilt, str) else None
        """Why the model's Init describes no level, when it does not."""

    def _level_needs(self, compiled: tuple[Schema, ...]) -> tuple[Schema, ...]:
        """What each level's Init must list for the schemas (without arithmetic) to run on
        it; the schemas as read."""
        self.comparisons = comparisons_used(compiled)
        self.offsets = frozenset(lit.predicate for s in compiled for lit in s.preconditions
                                 if OFFSET.fullmatch(lit.predicate))
        self.static = static_predicates(compiled) | {GOAL_CELL}  # goal_blocks.py may use it
        read, _ = read_schemas(compiled)
        trap = self.words.predicate("trap")
        # Seed 001's actions each require two traps: a level without one gets a phantom.
        self.traps_everywhere = trap is not None and all(
            any(lit.predicate == trap and lit.positive for lit in schema.preconditions)
            for schema in read)
        self.counting_up = counts_up(read, self.words)  # from 0, as each level's Init says
        self.occupying = floors(read, self.words)  # what makes a cell not free (floor.py)
        self.places_stepped = successor_numbers_places(read, self.words)
        # Set by each level's Init.
        self.true_at_start = frozenset((flag,) for flag in true_at_start(read, self.words)) \
            | slots_at_start(read, self.words)
        return read

    def _exact_view(self, read: tuple[Schema, ...]) -> tuple[Schema, ...]:
        """The exact view of the schemas as read (replays use it); their planning view, for
        Fast Downward, returned."""
        exact: list[Schema] = []
        planning: list[Schema] = []
        views = SchemaViews.of(self.words, frozenset(self.static))
        failed: list[SchemaError] = []  # every schema that fails, left out at once
        for schema in read:
            try:
                exact_schema, planning_schema = views.of_schema(schema)
            except SchemaError as error:
                failed.append(error)
                continue
            exact.append(exact_schema)
            planning.append(planning_schema)
        if failed:
            raise SchemasUnbuilt(tuple(failed))
        self.direction_parameter = {schema.name: found for schema in read
                                    if schema.name in self.words.keyed_by_direction
                                    and (found := direction_parameter(schema, self.words))}
        """Action -> the variable its key press is bound to (Vocabulary.keyed_by_direction)."""
        self.step_ends = {schema.name: ends for schema in read if schema.name in
                          self.words.keyed_by_step and (ends := step_ends(schema, self.words))}
        self.exact = build_domain(tuple(exact), self.report.source)
        return tuple(planning)

    def planning_domains(self) -> tuple[Domain, ...]:
        extra = () if self.views.any_level is None else (self.views.any_level[1],)
        return tuple(view.planning for view in (*self.views.views, *extra))

    def init_level(self) -> Level | None:
        return None if self.rebuilt is None else self.rebuilt.level

    @cached_property
    def constants(self) -> frozenset[str]:
        """The constants the schemas name: objects of every level."""
        return frozenset(t.name for s in self.exact.schemas
                         for lit in (*s.preconditions, *s.effects) for t in lit.args
                         if not t.is_variable)

    def on(self, level: Level) -> ReportLevelModel:
        rebuilt = self.rebuilt
        # An Init without a budget (a model without a counter) is the level's puzzle whatever
        # its budget, which then comes from the level file.
        if rebuilt is not None and not set(puzzle_differences(rebuilt.level, level)) - (
                set() if rebuilt.budgeted else {"budget"}):
            # The Init's grid may sit elsewhere in its coordinates than the level file's.
            d_row = level.start.hero[0] - rebuilt.level.start.hero[0]
            d_column = level.start.hero[1] - rebuilt.level.start.hero[1]
            coordinates = replace(rebuilt.coordinates, top=rebuilt.coordinates.top + d_row,
                                  left=rebuilt.coordinates.left + d_column)
            assert self.report.init is not None
            atoms = tuple((a.predicate, *(t.name for t in a.args)) for a in self.report.init.atoms)
            note = f"its own Init ({self.report.init.position})"
            view, said = self.views.for_level(level, coordinates, self.words, own_init=True)
            return ReportLevelModel(self, level, coordinates, atoms + self._goal(
                level, coordinates, view) + comparison_atoms(level, self.comparisons),
                                    note, (), view, said)
        atoms, notes = generated_init(level, self.words, self.offsets, self.traps_everywhere,
                                      self.counting_up, self.occupying, self.true_at_start,
                                      self.places_stepped)
        coordinates = Coordinates.of_level(level, self.words)
        atoms += comparison_atoms(level, self.comparisons)
        view, said = self.views.for_level(level, coordinates, self.words, own_init=False)
        return ReportLevelModel(self, level, coordinates, atoms + self._goal(
            level, coordinates, view), "generated from the level file", notes, view, said)

    def _goal(self, level: Level, coordinates: Coordinates, view: GoalView) -> tuple[Atom, ...]:
        """The cells of the game's goal, for a goal that asks them (game_goal.py)."""
        asked = any(lit.predicate == GOAL_CELL for lit in view.block.conjuncts)
        return goal_cells(level, coordinates, self.words) if asked else ()


class ReportLevelModel(LevelModel):
    """The report's model on one level, a `LevelModel` (translator/compare/models/compared.py): the
    exact view for replays, the planning problem for Fast Downward."""

    def __init__(self, model: ReportModel, level: Level, coordinates: Coordinates,
                 atoms: tuple[Atom, ...], init_note: str, notes: tuple[str, ...],
                 view: GoalView, goal_said: str) -> None:
        self.model = model
        self.level = level
        self.left_out = model.left_out
        self.coordinates = coordinates
        self.init_note = init_note
        self.notes = notes
        self.view = view
        self.goal_note = "the game's (the model states no goal)" if model.game_goal else goal_said
        self._atoms = atoms
        # Without a counter, the budget itself bounds the actions' costs.
        self.cost_limit = level.budget
        if model.words.predicate("counter") is not None:
            # The counter's own guards say how far it goes (counter_steps.py): seed 001's
            # reaches -1, one point past the budget; `t > 0` stops at 0; counting up, its limit.
            # Never past budget + 1: further is only where the levels' number lists end.
            allowed = allowance(model.exact.schemas, model.words, self._exact_facts,
                                level.budget + 1)
            self.cost_limit = level.budget + 1 if allowed is None else allowed
        # Blind A*, by measure against the other optimal searches (model_run.py `solve_model`).
        self.search = f"astar(blind(),bound={self.cost_limit + 1})"

    @cached_property
    def _exact_facts(self) -> Facts:
        return exact_facts(self._atoms, self.model.static, self.model.constants)

    @cached_property
    def _planning_facts(self) -> Facts:
        return planning_facts(self._atoms, self.model.words, self.view.planning,
                              self.model.predicates, self.model.static)

    @cached_property
    def _grounder(self) -> Grounder:
        return Grounder(self.model.exact, self._exact_facts)

    @cached_property
    def _goal_grounder(self) -> Grounder:
        return Grounder(self.view.goal_domain, self._exact_facts)

    def initial(self) -> frozenset[Atom]:
        return self._exact_facts.initial

    def static(self) -> frozenset[Atom]:
        return self._exact_facts.static

    def schemas_for(self, direction: Direction) -> list[tuple[Schema, dict[str, str]]]:
        words = self.model.words
        direction = Direction(direction)  # callers may pass the key's letter
        constant = dict(words.directions).get(direction, direction.name.lower())
        bound = self.model.direction_parameter
        # A schema keyed by its step stands for every direction until bound.
        return [(schema, {bound[schema.name]: constant} if schema.name in bound else {})
                for schema in self.model.exact.schemas
                if schema.name in bound or schema.name in words.keyed_by_step
                or words.direction_of(schema.name) == direction]

    def applicable(self, atoms: frozenset[Atom]) -> list[GroundAction]:
        return with_forced(self._pressed, atoms)

    def forced_after(self, atoms: frozenset[Atom]) -> tuple[frozenset[Atom], int] | None:
        return forced_from(self._pressed, atoms)

    @cached_property
    def _pressed(self) -> KeyPressed:
        return KeyPressed(self._grounder.applicable, self.direction, self.goal_holds,
                          frozenset(self.model.words.not_key_presses) - self._goal_raisers,
                          len(self.level.traps_lowered | self.level.traps_raised))

    def direction(self, action: GroundAction) -> Direction | None:
        return ground_key_press(self.model.words, self.model.direction_parameter, action,
                                self.model.step_ends)

    def goal_holds(self, atoms: frozenset[Atom]) -> bool:
        return bool(self._goal_grounder.applicable(atoms)) or bool(self._goal_raisers) and any(
            self._goal_grounder.applicable(a.apply(atoms))
            for a in self._pressed.ground(atoms) if a.schema in self._goal_raisers)

    @cached_property
    def _goal_raisers(self) -> frozenset[str]:
        model = self.model
        return goal_raisers(self.view.goals, model.exact.schemas, model.words.not_key_presses,
                            frozenset(atom[0] for atom in model.true_at_start))

    def observe(self, atoms: frozenset[Atom]) -> Observation:
        return self._observer(atoms)

    @cached_property
    def _observer(self) -> AtomObserver:  # a lock, key or traps no action changes: static
        return AtomObserver(self.model.words, self.coordinates, self.level, self.static())

    def planning_task(self) -> tuple[Domain, Facts]:
        return self.view.planning, self._planning_facts

    def pddl_texts(self) -> tuple[str, str]:
        planning = self.view.planning
        return (domain_text(planning),
                problem_text(planning, self._planning_facts, self.level.name))

    def decode(self, step: PlanStep) -> tuple[str, dict[str, str]] | None:
        return decoded_step(self.view.planning_schemas, self._atoms, step)

