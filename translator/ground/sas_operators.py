"""Step 2 of the SAS+ translation (sas_translation.py): ground actions as operators, in columns.

Each ground action becomes an operator over the variables of step 1 (sas_variables.py):
preconditions and effects as values, where an add wins over a delete of the same atom and a
delete in a group that the action also adds to is implied; an action whose preconditions
contradict each other is dropped, and an effect that restates its precondition is no effect.
These are Fast Downward's rules, so that both translations give the same operators.

Turning each action into dictionaries costs about 25 µs per action, and a 300x300 room has
700,000 of them. So a schema's actions stay one integer array (clingo_grounding.py
`Grounding.rows`, one row of object numbers per action) and every rule is a column operation:
a fluent literal's atom is looked up for all rows at once (`AtomTable`), and the rules above
are masks over pairs of columns.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from strips_model.schema import Domain, Literal, Schema
from translator.ground.sas_variables import Ints, Mask, Variables


@dataclass(frozen=True, slots=True, eq=False)  # arrays compare element-wise: identity
class Slots:
    """Some actions of one schema as operators, before renumbering: one row per action.

    A slot (column) is one fluent literal of the schema. Where it does not count for an
    action (a variable asked twice counts once, a delete of an atom never reached, an effect
    restating its condition), its variable is -1; every index table of the translation has
    a last entry that answers -1."""

    rows: Ints
    """The actions' object numbers, as in `Grounding.rows`."""
    condition_variables: Ints
    condition_values: Ints
    effect_variables: Ints
    effect_values: Ints
    effect_before: Ints
    """The value an effect's variable must have before (a condition on it), or -1."""

    def kept(self, keep: Ints) -> Slots:
        """The rows that `keep` selects (a mask or indices)."""
        return Slots(self.rows[keep], self.condition_variables[keep],
                     self.condition_values[keep], self.effect_variables[keep],
                     self.effect_values[keep], self.effect_before[keep])


class OperatorColumns:
    """Builds the `Slots` of a schema's actions."""

    def __init__(self, domain: Domain, variables: Variables, objects: tuple[str, ...]) -> None:
        self.fluent = {predicate.name for predicate in domain.predicates if predicate.fluent}
        self.variables = variables
        self.number = {name: number for number, name in enumerate(objects)}

    def _lookup(self, literal: Literal, schema: Schema, rows: Ints) -> tuple[Ints, Ints]:
        """The (variable, value) of the literal's atom in each row; -1 where none."""
        table = self.variables.tables.get(literal.predicate)
        if table is None:
            missing = np.full(len(rows), -1, dtype=np.int64)
            return missing, missing
        parameters = [parameter.name for parameter in schema.parameters]
        columns = [rows[:, parameters.index(term.name)] if term.is_variable
                   else np.full(len(rows), self.number.get(term.name, -1), dtype=np.int64)
                   for term in literal.args]
        return table.lookup(columns, len(rows))

    def slots(self, schema: Schema, rows: Ints) -> Slots:
        """The operators of the schema's actions `rows`: those that are dropped (their
        conditions contradict each other, or they have no effect left) are left out."""
        n = len(rows)
        variables, values, drop = self._conditions(schema, rows)
        effects, effect_values = self._effects(schema, rows)
        # An effect restating its condition is no effect; the condition's value is the
        # effect's value before.
        befores: list[Ints] = []
        for index, variable in enumerate(effects):
            before = np.full(n, -1, dtype=np.int64)
            for condition, condition_value in zip(variables, values, strict=True):
                same = (condition == variable) & (variable >= 0)
                before = np.where(same, condition_value, before)
            restated = (before == effect_values[index]) & (variable >= 0)
            variable = variable.copy()
            variable[restated] = -1
            effects[index] = variable
            befores.append(before)
        keep = ~drop
        if effects:
            keep &= np.any(np.stack(effects, axis=1) >= 0, axis=1)
        else:
            keep &= False
        every = bool(keep.all())

        def matrix(columns: list[Ints]) -> Ints:
            if not columns:
                return np.zeros((int(keep.sum()), 0), dtype=np.int64)
            stacked = np.stack(columns, axis=1)
            return stacked if every else stacked[keep]

        return Slots(rows if every else rows[keep], matrix(variables), matrix(values),
                     matrix(effects), matrix(effect_values), matrix(befores))

    def _conditions(self, schema: Schema, rows: Ints) -> tuple[list[Ints], list[Ints], Mask]:
        """The conditions' columns, required atoms first, then forbidden ones (value 1 of
        a binary variable); and which actions contradict themselves."""
        variables: list[Ints] = []
        values: list[Ints] = []
        drop = np.zeros(len(rows), dtype=np.bool_)
        for literal in schema.preconditions:
            if not literal.positive or literal.predicate not in self.fluent:
                continue
            variable, value = self._lookup(literal, schema, rows)
            if np.any(variable < 0):
                raise KeyError(f"{schema.name}: a required atom {literal} is not reachable")
            asked = variable
            variable = variable.copy()
            for earlier, earlier_value in zip(variables, values, strict=True):
                same = earlier == asked  # never a slot left out (-1)
                drop |= same & (earlier_value != value)
                variable[same] = -1
            variables.append(variable)
            values.append(value)
        for literal in schema.preconditions:
            if literal.positive or literal.predicate not in self.fluent:
                continue
            variable, _ = self._lookup(literal, schema, rows)
            variable = variable.copy()
            value = np.where(variable >= 0, 1, -1).astype(np.int64)
            for earlier, earlier_value in zip(variables, values, strict=True):
                same = (earlier == variable) & (variable >= 0)
                drop |= same & (earlier_value != 1)
                variable[same] = -1
            variables.append(variable)
            values.append(value)
        return variables, values, drop

    def _effects(self, schema: Schema, rows: Ints) -> tuple[list[Ints], list[Ints]]:
        """The effects' columns: adds (the last add of a variable gives its value, the first
        its place), then deletes of atoms not added back ("none of those")."""
        effects: list[Ints] = []
        effect_values: list[Ints] = []
        adds = [self._lookup(literal, schema, rows) for literal in schema.effects
                if literal.positive and literal.predicate in self.fluent]
        for index, (variable, value) in enumerate(adds):
            if np.any(variable < 0):
                raise KeyError(f"{schema.name}: an added atom is not reachable")
            variable = variable.copy()
            value = value.copy()
            for later, later_value in adds[index + 1:]:
                value = np.where(later == variable, later_value, value)
            for earlier in effects:
                variable[earlier == variable] = -1
            effects.append(variable)
            effect_values.append(value)
        for literal in schema.effects:
            if literal.positive or literal.predicate not in self.fluent:
                continue
            variable, _ = self._lookup(literal, schema, rows)
            variable = variable.copy()
            for earlier in effects:
                variable[(earlier == variable) & (variable >= 0)] = -1
            effects.append(variable)
            effect_values.append(self.variables.none_value[variable])
        return effects, effect_values
