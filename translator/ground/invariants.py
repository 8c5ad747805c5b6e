"""Mutex invariants of a domain's schemas, found once per domain (they do not depend on the level).

A fluent predicate P with a counted argument position i is a candidate when no action can
raise the number of true atoms P(...) that agree on every other position: each schema that
adds P(t) also deletes, and requires, an atom P(s) agreeing with t outside position i, adds
no second atom of P, and every delete of P is of an atom the schema requires. Such a group
then never holds more atoms than it did at the start; a group holding exactly one atom at
the start of a level becomes one multi-valued variable (the hero's cell, the trap phase,
the doomed slot), which is also what Fast Downward's invariant synthesis finds here.

This is the single-predicate case of invariant synthesis: enough for models in the style of
ours, and sound for any model (a candidate that fails a check is simply not used). Predicates
used negatively in a precondition are left binary, so every precondition stays one value of
one variable and ground actions map one to one onto operators.
"""

from __future__ import annotations

from functools import cache

from strips_model.schema import Domain, Literal, Schema

TermKey = tuple[tuple[str, bool], ...]


def _terms(literal: Literal) -> TermKey:
    return tuple((term.name, term.is_variable) for term in literal.args)


def _outside(terms: TermKey, position: int) -> TermKey:
    return terms[:position] + terms[position + 1:]


@cache
def counted_positions(domain: Domain) -> dict[str, int]:
    """Predicate -> the argument position its groups count, for every usable invariant."""
    negated = {literal.predicate for schema in domain.schemas
               for literal in schema.preconditions if not literal.positive}
    found: dict[str, int] = {}
    for predicate in domain.predicates:
        if not predicate.fluent or not predicate.types or predicate.name in negated:
            continue
        for position in range(len(predicate.types)):
            if all(_balanced(schema, predicate.name, position) for schema in domain.schemas):
                found[predicate.name] = position
                break
    return found


def _balanced(schema: Schema, predicate: str, position: int) -> bool:
    required = {_terms(literal) for literal in schema.preconditions
                if literal.positive and literal.predicate == predicate}
    adds = {_terms(literal) for literal in schema.effects
            if literal.positive and literal.predicate == predicate}
    deletes = {_terms(literal) for literal in schema.effects
               if not literal.positive and literal.predicate == predicate}
    if not deletes <= required or len(adds) > 1:
        return False
    return all(any(_outside(deleted, position) == _outside(added, position)
                   for deleted in deletes) for added in adds)
