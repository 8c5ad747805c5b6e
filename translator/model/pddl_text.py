"""PDDL text written straight from the schemas and a level's facts, without unified-planning.

`helltaker pddl` exports through unified-planning's `PDDLWriter`; this writer exists for the
solving hot path, where importing unified-planning (1.3 s) and running `PDDLWriter`
(0.1-0.6 s per level) would cost more than Fast Downward's search. A test checks that Fast
Downward reads the same task from both texts. Names are written by the one PDDL name rule
(strips_model/pddl_names.py; variables, local to an action, by `pddl_name`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from strips_model.level import Level
from strips_model.pddl_names import pddl_symbol
from strips_model.schema import Domain, Literal, Schema, helltaker_domain, pddl_name
from strips_model.schema_memo import per_schema
from translator.model.level_facts import Facts

MODEL_NAME = "helltaker"
"""Our model's name, given to the unified-planning problem that `PDDLWriter` exports."""
_DOMAIN_NAME = f"{MODEL_NAME}-domain"
"""What `PDDLWriter` calls the domain of a problem named MODEL_NAME: files of both writers
name the same domain."""


@dataclass(frozen=True, slots=True)
class PddlTexts:
    domain: str
    problem: str


def problem_name(level: Level) -> str:
    """The level's name as a PDDL problem name: the files of several levels share one domain
    and are told apart by it."""
    return re.sub(r"[^a-z0-9_-]", "_", level.name.lower()) or "level"


def _constants(domain: Domain) -> dict[str, str]:
    """Constant name -> type, read off the predicate signatures where they are used."""
    found: dict[str, str] = {}
    for schema in domain.schemas:
        for literal in (*schema.preconditions, *schema.effects):
            if all(term.is_variable for term in literal.args):
                continue
            types = domain.predicate(literal.predicate).types
            for term, type_name in zip(literal.args, types, strict=True):
                if not term.is_variable:
                    found.setdefault(pddl_symbol(term.name), type_name)
    return found


def _atom(literal: Literal) -> str:
    args = [f"?{pddl_name(t.name)}" if t.is_variable else pddl_symbol(t.name)
            for t in literal.args]
    text = f"({' '.join([pddl_symbol(literal.predicate), *args])})"
    return text if literal.positive else f"(not {text})"


def _action_text(schema: Schema) -> str:
    parameters = " ".join(f"?{pddl_name(p.name)} - {p.type}" for p in schema.parameters)
    preconditions = " ".join(_atom(literal) for literal in schema.preconditions)
    effects = " ".join([*(_atom(literal) for literal in schema.effects),
                        f"(increase (total-cost) {schema.cost})"])
    return (f" (:action {pddl_symbol(schema.name)}\n  :parameters ({parameters})\n"
            f"  :precondition (and {preconditions})\n  :effect (and {effects}))\n")


# Every level of a model writes the same schema objects (hundreds, in a planning view).
action_text = per_schema(_action_text)


def domain_text(domain: Domain) -> str:
    constants = _constants(domain)
    lines = [f"(define (domain {_DOMAIN_NAME})\n",
             " (:requirements :strips :typing :negative-preconditions :action-costs)\n",
             f" (:types {' '.join(domain.types())})\n"]
    if constants:
        lines.append(" (:constants\n")
        lines.extend(f"   {name} - {type_name}\n" for name, type_name in constants.items())
        lines.append(" )\n")
    lines.append(" (:predicates\n")
    for predicate in domain.predicates:
        arguments = " ".join(f"?a{i} - {t}" for i, t in enumerate(predicate.types))
        lines.append(f"  ({pddl_symbol(predicate.name)}{' ' if arguments else ''}"
                     f"{arguments})\n")
    lines.append(" )\n (:functions (total-cost))\n")
    lines.extend(action_text(schema) for schema in domain.schemas)
    lines.append(")\n")
    return "".join(lines)


def problem_text(domain: Domain, facts: Facts, name: str) -> str:
    constants = _constants(domain)
    fluents = {predicate.name for predicate in domain.predicates}
    lines = [f"(define (problem {name})\n", f" (:domain {_DOMAIN_NAME})\n", " (:objects\n"]
    for type_name, objects in facts.objects.items():
        kept = [pddl_symbol(o) for o in objects if pddl_symbol(o) not in constants]
        if kept and type_name in domain.types():
            lines.append(f"   {' '.join(kept)} - {type_name}\n")
    lines.append(" )\n (:init\n")
    for atom in sorted(facts.static | facts.initial):
        if atom[0] in fluents:
            lines.append(f"  ({' '.join(map(pddl_symbol, atom))})\n")
    lines.append("  (= (total-cost) 0)\n )\n")
    goals = " ".join(f"({' '.join(map(pddl_symbol, atom))})" for atom in facts.goal)
    lines.append(f" (:goal (and {goals}))\n (:metric minimize (total-cost))\n)\n")
    return "".join(lines)


@cache
def helltaker_domain_text() -> str:
    """The domain text of `helltaker.strips`, written once per process."""
    return domain_text(helltaker_domain())
