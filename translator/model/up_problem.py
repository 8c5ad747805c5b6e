"""Schemas + level facts -> a unified-planning `Problem`.

The schema file decides the types, fluents and actions; the level decides objects, the
initial state and the goal. Names are written by the one PDDL name rule
(strips_model/pddl_names.py: lowercase ASCII, reversible; a name already so is kept), so
`PDDLWriter` renames nothing and a planner's plan maps back by name.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

from unified_planning.model import Fluent, InstantaneousAction, Object, Problem
from unified_planning.model.metrics import MinimizeActionCosts
from unified_planning.model.types import Type
from unified_planning.shortcuts import BoolType, Int, Not, UserType, get_environment

from strips_model.errors import SchemaError
from strips_model.pddl_names import pddl_symbol
from strips_model.schema import Domain, Literal, Schema, pddl_name
from translator.model.level_facts import Facts


@dataclass(frozen=True, slots=True)
class ModelParts:
    """The level-independent half of a problem: types, fluents and actions of a domain."""

    types: dict[str, Type]
    fluents: dict[str, Fluent]
    actions: tuple[InstantaneousAction, ...]
    costs: dict[str, int]


def build_model_parts(domain: Domain) -> ModelParts:
    types: dict[str, Type] = {name: UserType(name) for name in domain.types()}
    fluents = {
        predicate.name: Fluent(
            pddl_symbol(predicate.name), BoolType(),
            OrderedDict((f"a{i}", types[t]) for i, t in enumerate(predicate.types)),
        )
        for predicate in domain.predicates
    }
    actions = tuple(_build_action(schema, types, fluents) for schema in domain.schemas)
    return ModelParts(types, fluents, actions,
                      {pddl_symbol(s.name): s.cost for s in domain.schemas})


def _build_action(schema: Schema, types: dict[str, Type],
                  fluents: dict[str, Fluent]) -> InstantaneousAction:
    parameters = {pddl_name(p.name): types[p.type] for p in schema.parameters}
    action = InstantaneousAction(pddl_symbol(schema.name), **parameters)
    constants: dict[str, Object] = {}

    def expression(literal: Literal):  # type: ignore[no-untyped-def]
        args = []
        for term, type_name in zip(literal.args, fluents[literal.predicate].signature,
                                   strict=True):
            if term.is_variable:
                args.append(action.parameter(pddl_name(term.name)))
            else:
                args.append(constants.setdefault(
                    term.name, Object(pddl_symbol(term.name), type_name.type)))
        return fluents[literal.predicate](*args)

    for literal in schema.preconditions:
        atom = expression(literal)
        action.add_precondition(atom if literal.positive else Not(atom))
    for literal in schema.effects:
        action.add_effect(expression(literal), literal.positive)
    return action


def build_problem(parts: ModelParts, facts: Facts, name: str) -> Problem:
    # Whoever solves this problem with an engine of unified-planning (docs/api.md) gets the
    # plan, not the engine's credits banner on standard output.
    get_environment().credits_stream = None
    problem = Problem(pddl_name(name) or "level")
    for fluent in parts.fluents.values():
        problem.add_fluent(fluent, default_initial_value=False)
    objects: dict[str, Object] = {}
    for type_name, names in facts.objects.items():
        if type_name not in parts.types:
            continue  # a type the schemas never mention needs no objects
        for object_name in names:
            objects[object_name] = Object(pddl_symbol(object_name), parts.types[type_name])
    problem.add_objects(objects.values())
    for action in parts.actions:
        problem.add_action(action)

    def atom(fact: tuple[str, ...]):  # type: ignore[no-untyped-def]
        fluent = parts.fluents.get(fact[0])
        if fluent is None:
            raise SchemaError(f"the level needs predicate {fact[0]!r}, which no schema uses")
        return fluent(*(objects[arg] for arg in fact[1:]))

    for fact in sorted(facts.static | facts.initial):
        if fact[0] in parts.fluents:
            problem.set_initial_value(atom(fact), True)
    for fact in facts.goal:
        problem.add_goal(atom(fact))
    problem.add_quality_metric(MinimizeActionCosts(
        {action: Int(parts.costs[action.name]) for action in parts.actions}))
    return problem
