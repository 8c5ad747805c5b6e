"""Lint rules that read one schema at a time: what it requires, what it adds and deletes, and
what the reader had to do with it (skip it, or read a static effect as a precondition).

Each rule gives the findings of its kind (translator/compare/lint/findings.py KINDS), in the
order of the schemas and of their literals.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict

from strips_model.reports.reading import SkippedPart
from strips_model.reports.schema_readings import (
    bound_variables,
    read_static_effects,
    unused_parameters,
)
from strips_model.schema import Literal, Schema
from translator.compare.lint.findings import Finding


def unreadable(part: SkippedPart) -> Finding:
    """A schema the reader skipped, named when the reason names it."""
    named = re.match(r"schema '([^']*)' skipped: (.*)", part.reason)
    schema, reason = (named.group(1), named.group(2)) if named else (None, part.reason)
    # The pattern keeps the kind of damage and drops what is particular to one place.
    pattern = re.sub(r"'[^']*'", "…", reason)
    return Finding("unreadable", schema, "", reason, part.position, pattern)


def adds_without_delete(schema: Schema, static: frozenset[str],
                        floors: frozenset[str] = frozenset()) -> list[Finding]:
    """Each effect adding a value of a fluent the schema requires another value of, while
    that required value stays. Not for `floors`, fluents of the free cells (`free(P)`),
    which hold on many cells at once: a skeleton dying frees its cell where the hero's
    next cell stays free."""
    deleted = {str(lit)[1:] for lit in schema.effects if not lit.positive}
    found = []
    for effect in schema.effects:
        if not effect.positive or effect.predicate in static | floors:
            continue
        required = [lit for lit in schema.preconditions if lit.positive
                    and lit.predicate == effect.predicate and lit.args != effect.args]
        if required and not any(str(lit) in deleted for lit in required):
            kept = ", ".join(map(str, required))
            found.append(Finding("adds-without-delete", schema.name, str(effect),
                                 f"adds {effect} but does not delete {kept}, which it requires: "
                                 f"both hold afterwards", effect.position,
                                 f"adds a {effect.predicate} without deleting the "
                                 f"{effect.predicate} it requires: both hold afterwards"))
    return found


def unbound_variables(schema: Schema, static: frozenset[str]) -> list[Finding]:
    """Each variable of the effect that no parameter and no precondition binds, once."""
    bound = bound_variables(schema)
    _, readings = read_static_effects(schema, static)
    binders = {variable: reading.literal for reading in readings for variable in reading.binds}
    found = []
    reported: set[str] = set()
    # A fluent literal shows best where the variable is used; static ones come after.
    ordered = sorted(schema.effects, key=lambda lit: lit.predicate in static)
    for effect in ordered:
        for term in effect.args:
            if not term.is_variable or term.name in bound or term.name in reported:
                continue
            reported.add(term.name)
            binder = binders.get(term.name)
            if binder is not None:
                message = (f"{term.name} is no parameter and no precondition binds it; only the "
                           f"static {binder} of the effect does, read as a precondition")
                pattern = (f"a variable of the effect that no parameter and no precondition "
                           f"binds; only a static {binder.predicate} of the effect does, read "
                           f"as a precondition")
            else:
                message = f"{term.name} is bound nowhere: the effect cannot be instantiated"
                pattern = "a variable of the effect bound nowhere: the effect cannot be " \
                    "instantiated"
            found.append(Finding("unbound-variable", schema.name, str(effect), message,
                                 effect.position, pattern))
    return found


def unused_parameter_findings(schema: Schema) -> list[Finding]:
    """Each parameter of the header that no precondition or effect names."""
    return [Finding("unused-parameter", schema.name, name,
                    f"{name} is a parameter of {schema.name} that no precondition or effect "
                    f"names: it would copy every action once per object, so it is dropped "
                    f"for grounding; remove it from the header of {schema.name}",
                    schema.position,
                    "a parameter no precondition or effect names: it would copy every action "
                    "once per object, so it is dropped for grounding; remove it from the header")
            for name in unused_parameters(schema)]


def contradictions(schema: Schema) -> list[Finding]:
    """Each negative precondition whose atom the schema also requires."""
    positive = {str(lit) for lit in schema.preconditions if lit.positive}
    return [Finding("contradiction", schema.name, str(lit),
                    f"requires both {str(lit)[1:]} and {lit}: the schema never applies",
                    lit.position, f"requires a {lit.predicate} atom and its negation: the schema "
                    "never applies")
            for lit in schema.preconditions if not lit.positive and str(lit)[1:] in positive]


def static_in_effects(schemas: tuple[Schema, ...], static: frozenset[str]) -> list[Finding]:
    """One summary finding for every static predicate that effects repeat, or none."""
    repeated: Counter[str] = Counter()
    binding: Counter[str] = Counter()
    owners: dict[str, set[str]] = defaultdict(set)
    first: dict[str, Literal] = {}
    for schema in schemas:
        _, readings = read_static_effects(schema, static)
        for reading in readings:
            name = reading.literal.predicate
            owners[name].add(schema.name)
            first.setdefault(name, reading.literal)
            (binding if reading.binds else repeated)[name] += 1
    if not owners:
        return []
    parts = []
    for name in sorted(owners):
        parts.append(f"{name} in the effects of {len(owners[name])} schemas "
                     f"({repeated[name]} repeat a precondition, {binding[name]} bind new "
                     f"variables)")
    names = ", ".join(sorted(owners))
    return [Finding("static-in-effects", None, names,
                    "static predicates repeated in effects: " + "; ".join(parts)
                    + ". No effect deletes them, so adding them changes nothing: they are read "
                    "as preconditions", first[min(owners)].position)]
