"""Lint rules on how values flow through a model: fluents deleted for good, bookkeeping
fluents nothing reads, and variables that no positive precondition binds.

- `deleted-never-added`: a schema deletes a value of a fluent it requires and adds none back,
  while every other schema that deletes that fluent adds a value back (it moves: a hero, a
  counter): after this schema the model has no value of it (a push that forgets the hero);
- `never-required`: a fluent every schema adds, that no precondition mentions and no effect
  deletes: bookkeeping that changes nothing a planner sees;
- `negative-only-variable`: a variable that occurs in negative preconditions and in no
  positive one: it ranges over every object, so the schema applies when ANY object makes the
  literal false;
- `free-variable`: a declared parameter that occurs in effects and in no positive
  precondition: the effect holds of any object (a variable nothing declares is
  `unbound-variable`, schema_rules.py).
Each rule gives its findings in the order of the schemas and of their literals.
"""

from __future__ import annotations

from strips_model.reports.schema_readings import bound_variables, read_static_effects
from strips_model.schema import Literal, Schema
from translator.compare.lint.findings import Finding


def _positively_bound(schema: Schema, static: frozenset[str]) -> set[str]:
    """Variables of positive preconditions, static effects read as preconditions included."""
    read, _ = read_static_effects(schema, static)
    return {t.name for lit in read.preconditions if lit.positive for t in lit.args
            if t.is_variable}


def deleted_never_added(schemas: tuple[Schema, ...], static: frozenset[str]) -> list[Finding]:
    """Each delete of a fluent value that its schema requires and does not replace, where
    the model's other deletes of that fluent all replace it."""
    def replaces(schema: Schema, predicate: str) -> bool:
        return any(lit.positive and lit.predicate == predicate for lit in schema.effects)

    deleting: dict[str, list[Schema]] = {}
    for schema in schemas:
        for name in dict.fromkeys(lit.predicate for lit in schema.effects if not lit.positive):
            deleting.setdefault(name, []).append(schema)
    required_by = {name: sum(any(lit.positive and lit.predicate == name
                                 for lit in schema.preconditions) for schema in schemas)
                   for name in deleting}
    # Counted once per fluent: asked per delete, it was most of the lint of 848 schemas.
    replacing = {name: sum(replaces(s, name) for s in users) for name, users in deleting.items()}
    found = []
    for schema in schemas:
        required = {str(lit) for lit in schema.preconditions if lit.positive}
        for effect in schema.effects:
            name = effect.predicate
            if effect.positive or name in static or replaces(schema, name) \
                    or str(effect)[1:] not in required:
                continue
            # The schema deletes `name` without replacing it: the others are the rest.
            others, kept = len(deleting[name]) - 1, replacing[name]
            # A place every action needs (the hero) is never deleted for good, however many
            # pushes forget it: most of the others replacing it is enough.
            needed = required_by[name] * 2 >= len(schemas) and kept * 2 > others
            if others and (kept == others or needed):
                found.append(Finding(
                    "deleted-never-added", schema.name, str(effect),
                    f"deletes {str(effect)[1:]} and adds no {name} back, while {kept} of the "
                    f"{others} other schema(s) deleting a {name} add one: after "
                    f"{schema.name} there is no {name}", effect.position,
                    f"deletes a {name} it requires and adds none back, while the other "
                    f"schemas deleting a {name} add one"))
    return found


def never_required(schemas: tuple[Schema, ...]) -> list[Finding]:
    """One finding per fluent that every schema adds and nothing requires or deletes."""
    if len(schemas) < 2:
        return []
    added = [{lit.predicate: lit for lit in reversed(s.effects) if lit.positive}
             for s in schemas]
    common = set(added[0]).intersection(*added[1:])
    read = {lit.predicate for s in schemas for lit in s.preconditions}
    deleted = {lit.predicate for s in schemas for lit in s.effects if not lit.positive}
    found = []
    for name in sorted(common - read - deleted):
        first: Literal = added[0][name]
        found.append(Finding(
            "never-required", None, name,
            f"{name} is added by all {len(schemas)} schemas but no precondition mentions it "
            f"and no effect deletes it: bookkeeping nothing reads (first at {schemas[0].name})",
            first.position, "a fluent every schema adds that nothing requires or deletes"))
    return found


def negative_only_variables(schema: Schema, static: frozenset[str]) -> list[Finding]:
    """Each variable of a negative precondition that no positive precondition binds, once."""
    bound = _positively_bound(schema, static)
    found = []
    reported: set[str] = set()
    for literal in schema.preconditions:
        if literal.positive:
            continue
        for term in literal.args:
            if not term.is_variable or term.name in bound or term.name in reported:
                continue
            reported.add(term.name)
            found.append(Finding(
                "negative-only-variable", schema.name, str(literal),
                f"{term.name} occurs only in negative preconditions: it ranges over every "
                f"object, so {literal} holds as soon as one object makes it true",
                literal.position, "a variable that occurs only in negative preconditions "
                "ranges over every object"))
    return found


def free_variables(schema: Schema, static: frozenset[str]) -> list[Finding]:
    """Each declared parameter of an effect that no positive precondition binds, once."""
    bound = _positively_bound(schema, static)
    declared = bound_variables(schema) - bound  # parameters only: the rest is unbound-variable
    negative = {t.name for lit in schema.preconditions if not lit.positive for t in lit.args}
    found = []
    reported: set[str] = set()
    for effect in schema.effects:
        for term in effect.args:
            name = term.name
            if not term.is_variable or name not in declared or name in reported \
                    or name in negative:  # negative-only-variable says it
                continue
            reported.add(name)
            found.append(Finding(
                "free-variable", schema.name, str(effect),
                f"{name} is a parameter that no positive precondition binds: {effect} holds "
                "of any object", effect.position,
                "a parameter of the effect that no positive precondition binds: the effect "
                "holds of any object"))
    return found
