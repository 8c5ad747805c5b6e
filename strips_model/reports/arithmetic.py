"""Arithmetic terms (`block(X, Y + 2)`) compiled to static successor relations.

A term `V + k` (or `V - k`) becomes a fresh variable, `V_plus_k` (`V_minus_k`), bound by the
static precondition `plus_k(V, V_plus_k)` (`minus_k(...)`), whose facts list the pairs over
the level's coordinate range. The schema stays plain STRIPS, so every planner and our grounder
take it; the fresh variables are parameters like any other. translator/compare/models/compared.py
builds a domain of the compiled schemas to tell whether a planner can take the model at all.
"""

from __future__ import annotations

from dataclasses import replace

from strips_model.schema import Literal, Parameter, Schema, Term
from strips_model.schema_memo import per_schema


def offset_predicate(offset: int) -> str:
    return f"plus_{offset}" if offset > 0 else f"minus_{-offset}"


def _fresh(term: Term) -> str:
    side = "plus" if term.offset > 0 else "minus"
    return f"{term.name.rstrip(chr(39))}_{side}_{abs(term.offset)}" + "'" * (
        len(term.name) - len(term.name.rstrip("'")))


@per_schema
def without_arithmetic(schema: Schema) -> Schema:
    """The schema with each `V + k` replaced by a variable its successor relation binds."""
    if not any(term.offset for literal in (*schema.preconditions, *schema.effects)
               for term in literal.args):
        return schema
    relations: dict[str, Literal] = {}

    def plain(literal: Literal) -> Literal:
        args = []
        for term in literal.args:
            if not term.offset:
                args.append(term)
                continue
            name = _fresh(term)
            relations.setdefault(name, Literal(
                offset_predicate(term.offset), (Term(term.name, True), Term(name, True)), True,
                literal.position))
            args.append(Term(name, True))
        return replace(literal, args=tuple(args))

    preconditions = tuple(plain(literal) for literal in schema.preconditions)
    effects = tuple(plain(literal) for literal in schema.effects)
    if not relations:
        return schema
    declared = {parameter.name for parameter in schema.parameters}
    untyped = schema.parameters[0].type if schema.parameters else "object"
    fresh = tuple(Parameter(name, untyped) for name in relations if name not in declared)
    return replace(schema, parameters=schema.parameters + fresh,
                   preconditions=(*relations.values(), *preconditions), effects=effects)
