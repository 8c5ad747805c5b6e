"""The exact and planning views of each schema of a report's model (report_model.py), kept by
the schema object.

A repair builds hundreds of models that differ in one schema; the schemas it leaves alone are
the same objects from model to model, and computing their views anew was most of a rebuild of
a model of 848 schemas. The views of a schema depend on it, the vocabulary and the static
predicates alone: they are kept per (vocabulary, static predicates), by the schema's identity,
the schema kept with them so that its identity is never reused by another object. A schema is
immutable and an edited one is a new object, computed afresh: a kept view never stands for an
edit.
"""

from __future__ import annotations

from dataclasses import replace

from strips_model.errors import SchemaError
from strips_model.reports.vocabulary import Vocabulary
from strips_model.schema import Schema
from translator.compare.models.report_planning import counter_cost, pddl_schema, without_counter

KEPT = 50_000
"""Views kept over every vocabulary; past it they are forgotten and computed again."""


class SchemaViews:
    """The views of schemas in one vocabulary with one set of static predicates."""

    _every: dict[tuple[Vocabulary, frozenset[str]], SchemaViews] = {}

    def __init__(self, words: Vocabulary, static: frozenset[str]) -> None:
        self.words, self.static = words, static
        self._known: dict[int, tuple[Schema, Schema, Schema]] = {}

    @classmethod
    def of(cls, words: Vocabulary, static: frozenset[str]) -> SchemaViews:
        if sum(len(views._known) for views in cls._every.values()) > KEPT:
            cls._every.clear()
        found = cls._every.get((words, static))
        if found is None:
            found = cls._every[(words, static)] = cls(words, static)
        return found

    def of_schema(self, schema: Schema) -> tuple[Schema, Schema]:
        """The schema's exact view (a counter it deletes read as required; its counter read
        as a cost) and its planning view (report_planning.py); a SchemaError when it makes no
        key press or its counter steps cannot be told."""
        known = self._known.get(id(schema))
        if known is not None:
            return known[1], known[2]
        words = self.words
        if words.direction_of(schema.name) is None and schema.name not in \
                words.not_key_presses + words.keyed_by_direction + words.keyed_by_step:
            said = ", ".join(word for word, _ in words.direction_words)
            raise SchemaError(f"{schema.name}: its name says no direction ({said}), so its "
                              "actions cannot be mapped to key presses", schema.position)
        if schema.name in words.keyed_by_direction and direction_parameter(schema, words) is None:
            # Its key press would be no key press, and its actions taken as forced ones.
            raise SchemaError(f"{schema.name}: its key press is the direction it binds, but no "
                              f"positive {words.predicate('adjacent')} precondition binds one",
                              schema.position)
        cost, counters = counter_cost(schema, self.words)
        exact = replace(_deleted_counter_required(schema, self.words), cost=cost)
        planning = pddl_schema(without_counter(replace(schema, cost=cost), counters,
                                               self.words), self.static)
        self._known[id(schema)] = (schema, exact, planning)
        return exact, planning


def _deleted_counter_required(schema: Schema, words: Vocabulary) -> Schema:
    """A counter value the schema deletes without requiring it (`time(t--)`, read as
    `-time(t)`) is read as required: deleting it says which value it replaces, and left
    free it would range over every number (report_planning.py `counter_cost` reads it so)."""
    counter = words.predicate("counter")
    required = {str(lit) for lit in schema.preconditions}
    extra = tuple(replace(lit, positive=True) for lit in schema.effects
                  if lit.predicate == counter and not lit.positive
                  and str(replace(lit, positive=True)) not in required)
    return replace(schema, preconditions=schema.preconditions + extra) if extra else schema


def direction_parameter(schema: Schema, words: Vocabulary) -> str | None:
    """The variable in the direction argument of the schema's `adjacent` precondition."""
    relation = words.predicate("adjacent")
    for literal in schema.preconditions:
        if literal.positive and literal.predicate == relation and literal.args:
            term = literal.args[0 if words.direction_first else -1]
            if term.is_variable:
                return term.name
    return None


def step_ends(schema: Schema, words: Vocabulary) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """The two places of the schema's `adjacent_any` precondition (a relation of no
    direction), as written: a schema keyed by its step presses the key from the first to the
    second where the hero stays (a bump), as where it steps (models/ground_keys.py)."""
    relation, width = words.predicate("adjacent_any"), words.width
    for literal in schema.preconditions:
        if literal.positive and literal.predicate == relation and len(literal.args) == 2 * width:
            names = tuple(term.name for term in literal.args)
            return names[:width], names[width:]
    return None
