"""A model in the vocabulary kind of seed report 001 (`helltaker(X, Y)`, `counter(C)`,
`plusOne`; strips_model/reports/vocabularies/seed001.toml) on a level.

The exact view is the report's schemas as read (translator/compare/readings.py) over an Init
in its vocabulary (strips_model/reports/init_level.py): its own `Init(...)` for the level it
describes (classic level 6), and for any other level one generated from the level file. The
goal is its `But(...)`.

The planning view is compiled, because Fast Downward cannot ground the model as written:
- its relaxed reachability ignores negative preconditions, so with `-wall(X, Y')` as the
  only obstacle test the hero "reaches" every coordinate pair (11 million atoms on level 6
  before we stopped it); a negative precondition on a static predicate becomes a positive
  one on its complement, `not_wall(X, Y')`, listed for every pair of numbers that is no wall;
- `counter(C)` multiplies every action by the budget's 45 values; it becomes action costs:
  each schema costs what it takes from the counter (1, or 2 along `plusOne(C'', C')`,
  `plusOne(C', C)`), and the budget becomes the search's cost bound. The report lets the
  counter reach -1 (`-counter(-1)` is its only guard on 1-point actions), so the bound is
  budget + 1 spent, inclusive; plans are replayed in the exact view, counter included;
- the disjunctive goal becomes one zero-cost action per disjunct, `reach_goal_N`, whose
  preconditions are the goal's other literals plus that disjunct, and which adds
  `goal_reached`, the planning goal. The report's plans keep plain STRIPS, no axioms.
- names become PDDL names: lowercase (`goUp` -> `goup`, `plusOne` -> `plusone`), numbers
  start with a letter (`-1` -> `m1`, `4` -> `n4`), and the report's untyped values get the
  type `num`.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import replace
from functools import cached_property
from typing import Final

from unified_planning.model import Problem
from unified_planning.plans import ActionInstance

from strips_model.errors import Position, SchemaError
from strips_model.level import Level
from strips_model.moves import Direction
from strips_model.puzzle import puzzle_differences
from strips_model.reports.document import Report
from strips_model.reports.facts import GoalBlock
from strips_model.reports.init_level import Frame, RebuiltLevel, rebuild_level, report_vocabulary
from strips_model.reports.vocabulary import Vocabulary
from strips_model.schema import (
    UNTYPED,
    Domain,
    Literal,
    Parameter,
    Schema,
    Term,
    build_domain,
    pddl_name,
)
from translator.compare.observation import Observation
from translator.compare.readings import declare_variables, read_schemas, static_predicates
from translator.ground.exact_semantics import GroundAction, Grounder
from translator.model.level_facts import Atom, Facts
from translator.model.up_problem import ModelParts, build_model_parts, build_problem

DIRECTION_WORDS: Final = {"Up": Direction.UP, "Down": Direction.DOWN, "Left": Direction.LEFT,
                          "Right": Direction.RIGHT}
NUMBER_TYPE: Final = "num"
GOAL_FLUENT: Final = "goal_reached"
GOAL_ACTION: Final = "reach_goal"
PHANTOM_TRAP: Final = (-1, -1)
"""Where a level without traps gets one: no cell of any level is there or next to it."""


def direction_of_schema(name: str, vocabulary: Vocabulary | None = None) -> Direction | None:
    """`goUp` -> u, `pushRockLeftWhileOnTrap` -> l: the first direction word of the name, as
    the vocabulary (seed 001's by default) spells directions."""
    return (vocabulary or report_vocabulary()).direction_of(name)


def constant_name(value: str) -> str:
    """PDDL names start with a letter: 4 -> n4, -1 -> m1."""
    if re.fullmatch(r"-?[0-9]+", value):
        number = int(value)
        return f"n{number}" if number >= 0 else f"m{-number}"
    return pddl_name(value)


def _variables(literal: Literal) -> list[str]:
    return [term.name for term in literal.args if term.is_variable]


def counter_cost(schema: Schema, vocabulary: Vocabulary | None = None
                 ) -> tuple[int, frozenset[str]]:
    """What the schema takes from the counter, and the variables that name counter values.

    The schema requires `counter(C)` and adds `counter(C'')` with `plusOne(C'', C')` and
    `plusOne(C', C)`: the cost is the number of `plusOne` steps from the new value up to C.
    """
    words = vocabulary or report_vocabulary()
    counter, plus_one = words.required("counter"), words.required("successor")
    required = [lit for lit in schema.preconditions
                if lit.predicate == counter and lit.positive and lit.args[0].is_variable]
    added = [lit for lit in schema.effects
             if lit.predicate == counter and lit.positive and lit.args[0].is_variable]
    if not required and not added:
        return 0, frozenset()
    if len(required) != 1 or len(added) != 1:
        raise SchemaError(f"{schema.name}: expected one {counter}(C) to require and one to add",
                          schema.position)
    successor: dict[str, str] = {}
    # Read before or after the static effects are moved: the chain may sit in either part.
    for literal in (*schema.preconditions, *schema.effects):
        if literal.predicate == plus_one and literal.positive and len(literal.args) == 2 \
                and all(term.is_variable for term in literal.args):
            successor.setdefault(literal.args[0].name, literal.args[1].name)
    start, target = added[0].args[0].name, required[0].args[0].name
    chain = [start]
    while chain[-1] != target:
        following = successor.get(chain[-1])
        if following is None or following in chain or len(chain) > 8:
            raise SchemaError(f"{schema.name}: no {plus_one} chain from {start} up to "
                              f"{target}, so what it takes from the counter is unknown",
                              schema.position)
        chain.append(following)
    return len(chain) - 1, frozenset(chain)


def _without_counter(schema: Schema, counters: frozenset[str], vocabulary: Vocabulary
                     ) -> Schema:
    counter, successor = vocabulary.required("counter"), vocabulary.required("successor")

    def keep(literal: Literal) -> bool:
        if literal.predicate == counter:
            return False
        return not (literal.predicate == successor and literal.args
                    and all(t.is_variable and t.name in counters for t in literal.args))

    return replace(
        schema,
        parameters=tuple(p for p in schema.parameters if p.name not in counters),
        preconditions=tuple(filter(keep, schema.preconditions)),
        effects=tuple(filter(keep, schema.effects)),
    )


def _renamed(schema: Schema, static: frozenset[str]) -> Schema:
    """PDDL names; negative static preconditions as positive `not_` complements."""

    def literal(lit: Literal, in_precondition: bool) -> Literal:
        args = tuple(t if t.is_variable else Term(constant_name(t.name), False) for t in lit.args)
        name = pddl_name(lit.predicate)
        if in_precondition and not lit.positive and lit.predicate in static:
            return Literal(f"not_{name}", args, True, lit.position)
        return Literal(name, args, lit.positive, lit.position)

    return replace(
        schema, name=pddl_name(schema.name),
        parameters=tuple(Parameter(p.name, NUMBER_TYPE if p.type == UNTYPED else p.type)
                         for p in schema.parameters),
        preconditions=tuple(literal(lit, True) for lit in schema.preconditions),
        effects=tuple(literal(lit, False) for lit in schema.effects),
    )


def goal_schemas(goal: GoalBlock) -> tuple[Schema, ...]:
    """One zero-cost action per way of satisfying the goal: its plain literals plus one literal
    of each disjunction; each adds the 0-ary `goal_reached`."""
    schemas = []
    for index, chosen in enumerate(itertools.product(*goal.disjunctions), start=1):
        schemas.append(declare_variables(Schema(
            f"{GOAL_ACTION}_{index}", (), goal.conjuncts + chosen,
            (Literal(GOAL_FLUENT, (), True, goal.position),), 0, goal.position)))
    return tuple(schemas)


def _typed(domain: Domain) -> Domain:
    """Constant-only argument positions come out untyped; the report has one type of value."""
    return replace(domain, predicates=tuple(
        replace(p, types=tuple(NUMBER_TYPE if t == UNTYPED else t for t in p.types))
        for p in domain.predicates))


def generated_init(level: Level, vocabulary: Vocabulary | None = None
                   ) -> tuple[tuple[Atom, ...], tuple[str, ...]]:
    """An Init for `level` in the report's vocabulary (seed 001's by default) and coordinates,
    with the treatments the level needed (one sentence each)."""
    words = vocabulary or report_vocabulary()
    frame = Frame.of_level(level, words)
    name = words.required
    trap, lowered = name("trap"), words.value("trap_lowered")

    def at(predicate: str, cell: tuple[int, int], *state: int) -> Atom:
        x, y = frame.xy(cell)
        return (predicate, str(x), str(y), *(str(s) for s in state))

    start = level.start
    atoms: list[Atom] = [at(name("hero"), start.hero), (name("counter"), str(level.budget))]
    atoms += [at(name("demon"), cell) for cell in sorted(level.demons)]
    if level.lock is not None:
        atoms.append(at(name("lock"), level.lock, words.value("lock_closed")))
    if level.key is not None:
        atoms.append(at(name("key"), level.key))
    atoms += [at(trap, cell, lowered) for cell in sorted(level.traps_lowered)]
    atoms += [at(trap, cell, words.value("trap_raised")) for cell in sorted(level.traps_raised)]
    atoms += [at(name("spikes"), cell) for cell in sorted(level.spikes)]
    atoms += [at(name("boulder"), cell) for cell in sorted(start.boulders)]
    atoms += [at(name("skeleton"), cell) for cell in sorted(start.skeletons)]
    # Like the report, only the walls that bound the hero's area; those are the only ones
    # an action ever tests (a step, a kick's landing cell, a skeleton crushed on a wall).
    around = {(row + d_row, column + d_column) for row, column in level.reachable_cells()
              for d_row, d_column in (direction.delta for direction in Direction)}
    walls = sorted(cell for cell in around
                   if not level.is_open(cell) and cell not in level.demons)
    atoms += [at(name("wall"), cell) for cell in walls]
    notes: list[str] = []
    traps = len(level.traps_lowered) + len(level.traps_raised)
    if traps == 0:
        x, y = PHANTOM_TRAP
        atoms.append((trap, str(x), str(y), str(lowered)))
        notes.append(f"no trap: every action of the report needs two, so a phantom trap stands "
                     f"at X={x}, Y={y}, outside the grid, where nothing can reach it")
    elif traps == 1:
        notes.append("one trap: both trap parameters of an action name it")
    elif traps > 2:
        notes.append(f"{traps} traps: each action toggles the two it names (or one named twice) "
                     "and the others keep their phase, as the report's schemas say")
    if level.traps_lowered and level.traps_raised:
        notes.append("traps start in both phases: an action needs its two traps in one phase")
    top = max(level.budget, level.width, level.height)
    atoms += [(name("successor"), str(k), str(k + 1)) for k in range(-1, top)]
    return tuple(atoms), tuple(notes)


class ReportModel:
    """The report's model, ready to be set up on levels."""

    def __init__(self, report: Report, label: str, vocabulary: Vocabulary | None = None
                 ) -> None:
        self.words = vocabulary or report_vocabulary()
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
            planning.append(_renamed(_without_counter(replace(schema, cost=cost), counters,
                                                      self.words),
                                     self.static))
        self.goals = goal_schemas(report.goal)
        planning += [_renamed(schema, self.static) for schema in self.goals]
        self.exact = build_domain(tuple(exact), report.source)
        self.goal_domain = build_domain(self.goals, report.source)
        self.planning = _typed(build_domain(tuple(planning), report.source))
        used = {lit.predicate for s in report.schemas for lit in (*s.preconditions, *s.effects)}
        self.original_names = _unique_pddl_names([s.name for s in exact], report.source)
        self.predicate_names = _unique_pddl_names(sorted(used), report.source)
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
            frame = replace(rebuilt.frame, top=rebuilt.frame.top + d_row,
                            left=rebuilt.frame.left + d_column)
            assert self.report.init is not None
            atoms = tuple((a.predicate, *(t.name for t in a.args)) for a in self.report.init.atoms)
            note = f"its own Init ({self.report.init.position})"
            return ReportLevelModel(self, level, frame, atoms, note, ())
        atoms, notes = generated_init(level, self.words)
        return ReportLevelModel(self, level, Frame.of_level(level, self.words), atoms,
                                "generated from the level file", notes)


class ReportLevelModel:
    def __init__(self, model: ReportModel, level: Level, frame: Frame, atoms: tuple[Atom, ...],
                 init_note: str, notes: tuple[str, ...]) -> None:
        self.model = model
        self.level = level
        self.frame = frame
        self.init_note = init_note
        self.notes = notes
        # The counter may reach -1: one point more than the budget (see the module doc).
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
        # Without the counter, plusOne only relates coordinates: keep it to their range.
        counter = self.model.words.required("counter")
        successor = self.model.words.required("successor")
        places = [int(v) for a in self._atoms if a[0] not in (counter, successor) for v in a[1:3]]
        low, high = min(places) - 1, max(places) + 1
        kept = [a for a in self._atoms if a[0] != counter and not (
            a[0] == successor and not all(low <= int(v) <= high for v in a[1:]))]
        renamed = {(pddl_name(a[0]), *map(constant_name, a[1:])) for a in kept}
        numbers = {v for a in renamed for v in a[1:]}
        numbers |= {t.name for s in self.model.planning.schemas
                    for lit in (*s.preconditions, *s.effects) for t in lit.args
                    if not t.is_variable}
        ordered = sorted(numbers, key=_constant_order)
        fluents = {p for p, name in self.model.predicate_names.items()
                   if name not in self.model.static}
        static = {a for a in renamed if a[0] not in fluents}
        for predicate in self.model.planning.predicates:
            if predicate.name.startswith("not_"):
                holds = {a[1:] for a in static if a[0] == predicate.name[4:]}
                tuples = itertools.product(ordered, repeat=len(predicate.types))
                static.update((predicate.name, *args) for args in tuples if args not in holds)
        return Facts({NUMBER_TYPE: tuple(ordered)}, frozenset(static),
                     frozenset(renamed - static), ((GOAL_FLUENT,),))

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
            return frozenset(self.frame.cell(int(a[1]), int(a[2])) for a in atoms
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


def _unique_pddl_names(names: list[str], source: str) -> dict[str, str]:
    """PDDL name -> name; two names that only differ in case would become one."""
    found: dict[str, str] = {}
    for name in names:
        other = found.setdefault(pddl_name(name), name)
        if other != name:
            raise SchemaError(f"{other} and {name} have the same PDDL name {pddl_name(name)} "
                              "(Fast Downward lowercases names)", Position(source))
    return found


def _numeric(value: str) -> tuple[int, int | str]:
    return (0, int(value)) if re.fullmatch(r"-?[0-9]+", value) else (1, value)


def _constant_order(name: str) -> tuple[int, int | str]:
    if re.fullmatch(r"[nm][0-9]+", name):
        return (0, int(name[1:]) * (1 if name[0] == "n" else -1))
    return (1, name)
