"""How hand-written schemas are read before they are planned with: the documented readings.

Reports write things a planner cannot take as is. Each reading here is a rule applied to every
schema alike, and the lint (`translator/compare/lint/checks.py`) names every place where one
applies:

- **Static predicates.** A predicate is static when no effect deletes it and every effect that
  adds it either repeats a precondition or names a variable no precondition binds; it is then
  part of the level, not of the state (the report adds `plusOne(Y, Y')` in its effects).
- **A static literal in an effect is read as a precondition.** Repeating one changes nothing;
  one with new variables (`plusOne(C', C)` then `counter(C')`) is what binds them.
- **Undeclared variables are parameters.** A variable that a precondition binds but the
  schema's header does not list (`Y'`) becomes a parameter, of the header's default type.
- **A parameter no literal names is dropped.** A header argument that no precondition and no
  effect uses (`do(act(move, D), step)`: `move`, `step`) changes nothing an action does, but
  a grounder would still make one copy of every action per object for it: over a level's
  hundred objects, two such parameters turned 360 moves into millions. The schema as written
  keeps it (reports show it); the lint names it (`unused-parameter`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from strips_model.schema import UNTYPED, Literal, Parameter, Schema
from strips_model.schema_memo import per_schema, per_schema_and


def _variables(literal: Literal) -> list[str]:
    return [term.name for term in literal.args if term.is_variable]


def bound_variables(schema: Schema) -> set[str]:
    """Declared parameters and variables of positive preconditions."""
    bound = {parameter.name for parameter in schema.parameters}
    for literal in schema.preconditions:
        if literal.positive:
            bound.update(_variables(literal))
    return bound


def static_predicates(schemas: tuple[Schema, ...]) -> frozenset[str]:
    """Predicates that are part of the level (see the module doc)."""
    names: set[str] = set()
    changed: set[str] = set()
    for schema in schemas:
        named, changes = _predicates_of(schema)
        names |= named
        changed |= changes
    return frozenset(names - changed)


@per_schema
def _predicates_of(schema: Schema) -> tuple[frozenset[str], frozenset[str]]:
    """The predicates the schema names, and those its effects change (module doc)."""
    required = {str(lit) for lit in schema.preconditions if lit.positive}
    bound = bound_variables(schema)
    changed: set[str] = set()
    for effect in schema.effects:
        adds_new_value = str(effect) not in required and all(
            v in bound for v in _variables(effect))
        if not effect.positive or adds_new_value:
            changed.add(effect.predicate)
    return (frozenset(lit.predicate for lit in (*schema.preconditions, *schema.effects)),
            frozenset(changed))


@dataclass(frozen=True, slots=True)
class StaticEffect:
    """A static literal found in an effect, and what the reading made of it."""

    schema: str
    literal: Literal
    binds: tuple[str, ...]
    """Variables that only this literal binds (empty when it repeats a precondition)."""


def read_static_effects(schema: Schema,
                        static: frozenset[str]) -> tuple[Schema, list[StaticEffect]]:
    """Move static effect literals to the precondition (once), keeping their order."""
    required = {str(lit) for lit in schema.preconditions}
    preconditions = list(schema.preconditions)
    effects: list[Literal] = []
    found: list[StaticEffect] = []
    bound = bound_variables(schema)
    for effect in schema.effects:
        if effect.predicate not in static:
            effects.append(effect)
            continue
        new = tuple(dict.fromkeys(v for v in _variables(effect) if v not in bound))
        bound.update(new)
        found.append(StaticEffect(schema.name, effect, new))
        if str(effect) not in required:
            required.add(str(effect))
            preconditions.append(effect)
    return replace(schema, preconditions=tuple(preconditions), effects=tuple(effects)), found


def declare_variables(schema: Schema, default_type: str = UNTYPED) -> Schema:
    """Every variable of the schema as a parameter: declared ones first, then the others in
    the order they appear."""
    declared = [parameter.name for parameter in schema.parameters]
    extra: list[str] = []
    for literal in (*schema.preconditions, *schema.effects):
        for name in _variables(literal):
            if name not in declared and name not in extra:
                extra.append(name)
    return replace(schema, parameters=schema.parameters + tuple(
        Parameter(name, default_type) for name in extra))


def unused_parameters(schema: Schema) -> tuple[str, ...]:
    """Declared parameters that no precondition and no effect names (module doc); a schema's
    cost is a number, so it names none either."""
    named = {name for literal in (*schema.preconditions, *schema.effects)
             for name in _variables(literal)}
    return tuple(parameter.name for parameter in schema.parameters
                 if parameter.name not in named)


def without_unused_parameters(schema: Schema) -> Schema:
    """The schema without the parameters no literal names (module doc)."""
    unused = unused_parameters(schema)
    if not unused:
        return schema
    return replace(schema, parameters=tuple(
        parameter for parameter in schema.parameters if parameter.name not in unused))


def read_schemas(schemas: tuple[Schema, ...]) -> tuple[tuple[Schema, ...], list[StaticEffect]]:
    """All readings applied: static effects as preconditions, undeclared variables declared,
    parameters no literal names dropped."""
    static = static_predicates(schemas)
    read: list[Schema] = []
    found: list[StaticEffect] = []
    for schema in schemas:
        one, notes = _read_one(schema, static)
        read.append(one)
        found.extend(notes)
    return tuple(read), found


@per_schema_and
def _read_one(schema: Schema, static: object) -> tuple[Schema, tuple[StaticEffect, ...]]:
    assert isinstance(static, frozenset)
    moved, notes = read_static_effects(schema, static)
    return without_unused_parameters(declare_variables(moved)), tuple(notes)
