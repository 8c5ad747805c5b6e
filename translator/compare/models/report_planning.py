"""The planning view of a report model (translator/compare/models/report_model.py): what Fast
Downward gets, compiled from the report's schemas because Fast Downward cannot ground them as
written.

- its relaxed reachability ignores negative preconditions, so with `-wall(X, Y')` as the
  only obstacle test the hero "reaches" every coordinate pair (11 million atoms on level 6
  before we stopped it); a negative precondition on a static predicate becomes a positive
  one on its complement, `not_wall(X, Y')`, listed for every pair of numbers that is no wall;
- `counter(C)` multiplies every action by the budget's 45 values; it becomes action costs:
  each schema costs what it takes from the counter (1, or 2 along `plusOne(C'', C')`,
  `plusOne(C', C)`), and the budget becomes the search's cost bound. The report lets the
  counter reach -1 (`-counter(-1)` is its only guard on 1-point actions), so the bound is
  budget + 1 spent, inclusive (a counter counting up: the steps its own guards allow,
  counter_steps.py); plans are replayed in the exact view, counter included;
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
from collections.abc import Set as AbstractSet
from dataclasses import replace
from typing import Final

from strips_model.ground_plan import PlanStep
from strips_model.pddl_names import pddl_symbol
from strips_model.reports.facts import GoalBlock
from strips_model.reports.schema_readings import declare_variables
from strips_model.reports.vocabulary import PLACED_ROLES, Vocabulary
from strips_model.schema import UNTYPED, Domain, Literal, Parameter, Schema, Term
from translator.compare.models.complement_domains import COMPLEMENT, complement_domains
from translator.compare.models.counter_steps import (
    counter_literals,
    counter_steps,
)
from translator.model.level_facts import Atom, Facts

NUMBER_TYPE: Final = "num"
GOAL_FLUENT: Final = "goal_reached"
GOAL_ACTION: Final = "reach_goal"
WAITED: Final = "waited"
"""The effect of an action written with none, in the planning view only."""


def constant_name(value: str) -> str:
    """PDDL names start with a letter: 4 -> n4, -1 -> m1; other constants keep the model's
    spelling, which the one PDDL writer spells in PDDL (strips_model/pddl_names.py)."""
    if re.fullmatch(r"-?[0-9]+", value):
        number = int(value)
        return f"n{number}" if number >= 0 else f"m{-number}"
    return value


def counter_cost(schema: Schema, vocabulary: Vocabulary) -> tuple[int, frozenset[str]]:
    """What the schema takes from the counter, and the variables that name counter values
    (counter_steps.py: counting down, `plusOne(C', C)` from the new value up to C, or up).
    A model without a counter costs what its schema says (1, or its `Cost:`), and the level's
    budget bounds the plan all the same (report_model.py `cost_limit`)."""
    steps = counter_steps(schema, vocabulary)
    return steps.cost, steps.values


def without_counter(schema: Schema, counters: frozenset[str], vocabulary: Vocabulary
                    ) -> Schema:
    """The schema without its counter literals, the successor steps between the counter
    values `counters`, its limit and the guards on them: its cost says what they said."""
    counters, own = counter_literals(schema, counters, vocabulary)
    return replace(
        schema,
        parameters=tuple(p for p in schema.parameters if p.name not in counters),
        preconditions=tuple(lit for lit in schema.preconditions if lit not in own),
        effects=tuple(lit for lit in schema.effects if lit not in own),
    )


def pddl_schema(schema: Schema, static: frozenset[str]) -> Schema:
    """Numbers as PDDL constants; negative static preconditions as positive `not_`
    complements. Names stay the model's: the PDDL writer spells them (pddl_text.py), by a
    rule under which `goUp` and `goup` stay two names."""

    def literal(lit: Literal, in_precondition: bool) -> Literal:
        args = tuple(t if t.is_variable else Term(constant_name(t.name), False) for t in lit.args)
        name = lit.predicate
        if in_precondition and not lit.positive and lit.predicate in static:
            return Literal(f"{COMPLEMENT}{name}", args, True, lit.position)
        return Literal(name, args, lit.positive, lit.position)

    return replace(
        schema,
        parameters=tuple(Parameter(p.name, NUMBER_TYPE if p.type == UNTYPED else p.type)
                         for p in schema.parameters),
        preconditions=tuple(literal(lit, True) for lit in schema.preconditions),
        # PDDL needs an effect: a wait written with none (a kick against an obstacle) adds a
        # fluent nothing reads.
        effects=tuple(literal(lit, False) for lit in schema.effects)
        or (Literal(WAITED, (), True, schema.position),),
    )


def goal_schemas(goal: GoalBlock, model: tuple[Schema, ...] = ()) -> tuple[Schema, ...]:
    """One zero-cost action per way of satisfying the goal: its plain literals plus one literal
    of each disjunction; each adds the 0-ary `goal_reached`. A variable takes the type its
    place has in the `model`'s schemas (`hero-at(?c - cell)` in a typed PDDL domain), else
    none."""
    placed = _place_types(model)
    schemas = []
    for index, chosen in enumerate(itertools.product(*goal.disjunctions), start=1):
        schema = declare_variables(Schema(
            f"{GOAL_ACTION}_{index}", (), goal.conjuncts + chosen,
            (Literal(GOAL_FLUENT, (), True, goal.position),), 0, goal.position))
        typed = {t.name: placed[lit.predicate, place] for lit in schema.preconditions
                 for place, t in enumerate(lit.args)
                 if t.is_variable and (lit.predicate, place) in placed}
        schemas.append(replace(schema, parameters=tuple(
            Parameter(p.name, typed.get(p.name, p.type)) for p in schema.parameters)))
    return tuple(schemas)


def _place_types(schemas: tuple[Schema, ...]) -> dict[tuple[str, int], str]:
    """(predicate, place) -> the type the schemas' variables there are declared with, where
    they declare one."""
    placed: dict[tuple[str, int], str] = {}
    for schema in schemas:
        declared = {p.name: p.type for p in schema.parameters if p.type != UNTYPED}
        for lit in (*schema.preconditions, *schema.effects):
            for place, term in enumerate(lit.args):
                if term.is_variable and term.name in declared:
                    placed.setdefault((lit.predicate, place), declared[term.name])
    return placed


_NUMBERED_ROLES: Final = ("counter", "counter_limit", "successor", "successor_first",
                          "successor_second")
"""Roles whose every argument is a number of the level's Init."""


def numbered_types(schemas: tuple[Schema, ...], words: Vocabulary) -> frozenset[str]:
    """The declared types of the places the level's Init fills with numbers: a place's
    coordinates (two numbers) and the counter's values, with their relations. A typed model
    may give columns, rows and counts a type each (`col`, `row`, `num`), where one number
    is a column and a row alike: they are then one type of the planning view (`merge_types`),
    else no number could be a row once it is a column."""
    placed = {name: role for role, name in words.roles}
    found: set[str] = set()
    for schema in schemas:
        declared = {p.name: p.type for p in schema.parameters if p.type != UNTYPED}
        for lit in (*schema.preconditions, *schema.effects):
            role = placed.get(lit.predicate)
            if role in _NUMBERED_ROLES:
                places = range(len(lit.args))
            elif role is not None and words.width == 2 and role in PLACED_ROLES:
                start = words.place_start(lit.predicate)
                places = range(start, start + 2)
            else:
                continue
            found |= {declared[lit.args[k].name] for k in places if k < len(lit.args)
                      and lit.args[k].is_variable and lit.args[k].name in declared}
    return frozenset(found) if len(found) > 1 else frozenset()


def merge_types(schemas: tuple[Schema, ...], types: frozenset[str]) -> tuple[Schema, ...]:
    """`schemas` with the parameters of each of `types` of the numbers' type instead."""
    if not types:
        return schemas
    return tuple(replace(schema, parameters=tuple(
        replace(p, type=NUMBER_TYPE) if p.type in types else p for p in schema.parameters))
        for schema in schemas)


def typed_domain(domain: Domain) -> Domain:
    """Constant-only argument positions come out untyped; the report has one type of value."""
    return replace(domain, predicates=tuple(
        replace(p, types=tuple(NUMBER_TYPE if t == UNTYPED else t for t in p.types))
        for p in domain.predicates))


def planning_facts(atoms: tuple[Atom, ...], vocabulary: Vocabulary, planning: Domain,
                   predicates: frozenset[str], static: frozenset[str]) -> Facts:
    """The Init `atoms` for the planning domain `planning`: without the counter, numbers as
    PDDL constants, with every `not_` complement listed over the values its places may be
    asked for (complement_domains.py). `predicates` are those the model uses, `static` the
    report's static predicates."""
    # Without the counter, plusOne only relates coordinates: keep it to their range.
    counter, successor = vocabulary.predicate("counter"), vocabulary.predicate("successor")
    limit = vocabulary.predicate("counter_limit")
    places = [int(v) for a in atoms if a[0] not in (counter, successor, limit) for v in a[1:3]
              if re.fullmatch(r"-?[0-9]+", v)]  # a direction constant is no place
    # Places written as cell constants leave no number: the successor is the counter's.
    low, high = (min(places) - 1, max(places) + 1) if places else (-1, 1)
    kept = [a for a in atoms if a[0] not in (counter, limit) and not (
        a[0] == successor and not all(low <= int(v) <= high for v in a[1:]))]
    renamed = {(a[0], *map(constant_name, a[1:])) for a in kept}
    numbers = {v for a in renamed for v in a[1:]}
    numbers |= {t.name for s in planning.schemas
                for lit in (*s.preconditions, *s.effects) for t in lit.args
                if not t.is_variable}
    objects = _typed_objects(sorted(numbers, key=_constant_order), renamed, planning)
    fluents = predicates - static
    static_atoms = {a for a in renamed if a[0] not in fluents}
    asked = complement_domains(planning, renamed)
    for predicate in planning.predicates:
        if predicate.name.startswith(COMPLEMENT):
            base = predicate.name[len(COMPLEMENT):]
            holds = {a[1:] for a in static_atoms if a[0] == base}
            tuples = itertools.product(*(
                _within(objects.get(t, ()), asked.get((base, index)))
                for index, t in enumerate(predicate.types)))
            static_atoms.update((predicate.name, *args) for args in tuples if args not in holds)
    return Facts(objects, frozenset(static_atoms),
                 frozenset(renamed - static_atoms), ((GOAL_FLUENT,),))


def _within(values: tuple[str, ...], asked: frozenset[str] | None) -> tuple[str, ...]:
    return values if asked is None else tuple(v for v in values if v in asked)


def _typed_objects(ordered: list[str], atoms: AbstractSet[Atom], planning: Domain
                   ) -> dict[str, tuple[str, ...]]:
    """Type -> the values of that type, in `ordered`'s order: each value takes the type of
    the places it fills in the atoms and in the schemas' literals (a PDDL domain's `cell`,
    `dir`, `num`); a report's untyped model has one type for every value. A value of no
    known place is of the numbers' type."""
    places = {p.name: p.types for p in planning.predicates}
    found: dict[str, str] = {}
    written = [(a[0], a[1:]) for a in atoms] + [
        (lit.predicate, tuple(t.name for t in lit.args)) for s in planning.schemas
        for lit in (*s.preconditions, *s.effects)]
    for predicate, values in written:
        for value, type_name in zip(values, places.get(predicate, ()), strict=False):
            found.setdefault(value, type_name)
    objects: dict[str, list[str]] = {}
    for value in ordered:
        objects.setdefault(found.get(value, NUMBER_TYPE), []).append(value)
    return {type_name: tuple(values) for type_name, values in objects.items()}


def _constant_order(name: str) -> tuple[int, int | str]:
    if re.fullmatch(r"[nm][0-9]+", name):
        return (0, int(name[1:]) * (1 if name[0] == "n" else -1))
    return (1, name)


def exact_facts(atoms: tuple[Atom, ...], static: AbstractSet[str], constants: frozenset[str]
                ) -> Facts:
    """The Init `atoms` for the exact view, over their values and the schemas' `constants`
    (numbers in order, then names)."""
    values = {arg for atom in atoms for arg in atom[1:]} | constants
    return Facts({UNTYPED: tuple(sorted(values, key=_numeric))},
                 frozenset(a for a in atoms if a[0] in static),
                 frozenset(a for a in atoms if a[0] not in static), ())


def _numeric(value: str) -> tuple[int, int | str]:
    return (0, int(value)) if re.fullmatch(r"-?[0-9]+", value) else (1, value)


def decoded_step(planning: dict[str, Schema], atoms: tuple[Atom, ...], step: PlanStep
                 ) -> tuple[str, dict[str, str]] | None:
    """A plan step of Fast Downward on the planning view (its PDDL names, `planning` by
    them) as the exact schema and its binding, the level's objects (`atoms`, its Init) by
    their own names; None for a goal action, which the exact view does not have."""
    name, arguments = step
    schema = planning[name]
    if schema.name.startswith(GOAL_ACTION):
        return None
    values = {pddl_symbol(constant_name(v)): v for a in atoms for v in a[1:]}
    return schema.name, {parameter.name: values.get(value, value)
                         for parameter, value in zip(schema.parameters, arguments, strict=True)}
