"""A task with every schema and object under its PDDL name (strips_model/pddl_names.py).

Fast Downward's search writes the plan's actions with the names its task gives them, and the
plan reader reads PDDL names only (strips_model/ground_plan.lark). A task written as PDDL text
gets them from the writer; a task grounded and translated by us (ground_task.py) gets them
here, so that both give back the same plan file: `ObtenirCléD` and `c_1_2` as the writer would
write them.
"""

from __future__ import annotations

from dataclasses import replace

from strips_model.pddl_names import pddl_symbol
from strips_model.schema import Domain, Literal, Schema
from strips_model.schema_memo import per_schema
from translator.model.level_facts import Atom, Facts


def _literal(literal: Literal) -> Literal:
    return replace(literal, args=tuple(term if term.is_variable
                                       else replace(term, name=pddl_symbol(term.name))
                                       for term in literal.args))


def _named(schema: Schema) -> Schema:
    return replace(schema, name=pddl_symbol(schema.name),
                   preconditions=tuple(map(_literal, schema.preconditions)),
                   effects=tuple(map(_literal, schema.effects)))


# Every level of a model renames the same schema objects (hundreds, in a planning view).
pddl_named_schema = per_schema(_named)


def _atom(atom: Atom) -> Atom:
    return (atom[0], *map(pddl_symbol, atom[1:]))


def pddl_named(domain: Domain, facts: Facts) -> tuple[Domain, Facts]:
    """`domain` and `facts` under PDDL names (one name each: the rule is reversible)."""
    objects = {name: tuple(map(pddl_symbol, names)) for name, names in facts.objects.items()}
    return (replace(domain, schemas=tuple(map(pddl_named_schema, domain.schemas))),
            Facts(objects, frozenset(map(_atom, facts.static)),
                  frozenset(map(_atom, facts.initial)), tuple(map(_atom, facts.goal))))
