"""The translation of sas_translation.py, done with arrays, written straight to SAS+ text.

sas_translation.py turns each ground action into dictionaries and each operator into a
dataclass: about 25 µs per action on a 300x300 room. Here each schema's actions stay one
integer array (asp_grounding.py `Grounding.rows`), and every step of the translation is a
column operation over it: a fluent literal's atom is a (variable, value) found by indexing a
per-predicate table with the column of its argument, the dictionaries' rules (a variable
asked twice, an add winning over a delete, an effect restating its precondition) are masks
over pairs of columns, the transition graphs and the causal graph are read from the unique
arcs and edges, and the text is assembled from per-column strings.

The result must be byte for byte `format_sas(sas_task(...))` (tests/ground/test_grounding_paths.py
checks it). Where a domain steps outside what the columns express (a fluent predicate of
two or more arguments), `sas_text` falls back to exactly that.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from strips_model.schema import Domain, Literal, Schema
from translator.ground.clingo_grounding import Grounding
from translator.ground.sas_format import Variable, format_sas
from translator.ground.sas_translation import Unreachable, Variables, atom_key, sas_task
from translator.model.level_facts import Facts

Ints = npt.NDArray[np.int64]
Mask = npt.NDArray[np.bool_]

BLOCK = 1 << 14
"""Ground actions translated together: every array of a block fits the caches."""


@dataclass(frozen=True, slots=True)
class SasText:
    """A translated task: its SAS+ text, and what the planner reports about it."""

    variables: tuple[Variable, ...]
    operator_count: int
    text: str


def sas_text(domain: Domain, facts: Facts, grounding: Grounding) -> SasText:
    """`format_sas(sas_task(domain, facts, grounding))`, with its variables and operator
    count; raises Unreachable as sas_task does."""
    if not _fits(domain):
        task = sas_task(domain, facts, grounding)
        return SasText(task.variables, len(task.operators), format_sas(task))
    return _Translation(domain, facts, grounding).text()


def _fits(domain: Domain) -> bool:
    """Whether every fluent predicate has at most one argument: its atoms are then looked up
    by indexing one array with an object number."""
    return all(len(predicate.types) <= 1 for predicate in domain.predicates if predicate.fluent)


@dataclass(frozen=True, slots=True)
class _Slots:
    """One schema's actions as columns: the conditions' and effects' variables and values.

    A slot (column) is one fluent literal of the schema. Where it does not count for an
    action (a variable asked twice counts once, a delete of an atom never reached, an effect
    restating its condition), its variable is -1; every index table has a last entry
    that answers -1."""

    rows: Ints
    condition_variables: Ints
    condition_values: Ints
    effect_variables: Ints
    effect_values: Ints
    effect_before: Ints
    """The value an effect's variable must have before (a condition on it), or -1."""


class _Translation:
    def __init__(self, domain: Domain, facts: Facts, grounding: Grounding) -> None:
        self.domain, self.facts, self.grounding = domain, facts, grounding
        self.variables = Variables(domain, facts, grounding.atoms)
        self.number = {name: number for number, name in enumerate(grounding.objects)}
        count = len(self.variables.values)
        self.none_value = np.array([1 if binary else len(values) - 1 for binary, values
                                    in zip(self.variables.binary, self.variables.values,
                                           strict=True)] + [-1], dtype=np.int64)
        self.variable_count = count
        self.offsets = np.zeros(count + 1, dtype=np.int64)
        self.offsets[1:] = np.cumsum([len(values) for values in self.variables.values])
        # Per predicate: object number -> variable and value (-1: no such reachable atom).
        # The extra last entry answers index -1.
        self.tables: dict[str, tuple[Ints, Ints]] = {}
        objects = len(grounding.objects)
        for predicate, entries in self.variables.tables.items():
            variables = np.full(objects + 1, -1, dtype=np.int64)
            values = np.full(objects + 1, -1, dtype=np.int64)
            for argument, (variable, value) in entries.items():
                index = 0 if argument == () else self.number[str(argument)]
                variables[index], values[index] = variable, value
            self.tables[predicate] = (variables, values)

    # -- operators, as columns ---------------------------------------------------------

    def _lookup(self, literal: Literal, schema: Schema, rows: Ints) -> tuple[Ints, Ints]:
        """The (variable, value) of the literal's atom in each row; -1 where none."""
        table = self.tables.get(literal.predicate)
        if table is None:
            missing = np.full(len(rows), -1, dtype=np.int64)
            return missing, missing
        if not literal.args:
            objects = np.zeros(len(rows), dtype=np.int64)
        else:
            term = literal.args[0]
            if term.is_variable:
                position = [parameter.name for parameter in schema.parameters].index(term.name)
                objects = rows[:, position]
            else:
                number = self.number.get(term.name, -1)
                objects = np.full(len(rows), number, dtype=np.int64)
        return table[0][objects], table[1][objects]

    def _slots(self, schema: Schema, rows: Ints) -> _Slots:
        fluent = {predicate.name for predicate in self.domain.predicates if predicate.fluent}
        n = len(rows)
        # Conditions: required atoms, then forbidden ones (value 1 of a binary variable).
        variables: list[Ints] = []
        values: list[Ints] = []
        drop = np.zeros(n, dtype=np.bool_)
        for literal in schema.preconditions:
            if not literal.positive or literal.predicate not in fluent:
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
            if literal.positive or literal.predicate not in fluent:
                continue
            variable, _ = self._lookup(literal, schema, rows)
            variable = variable.copy()
            value = np.where(variable >= 0, 1, -1)
            for earlier, earlier_value in zip(variables, values, strict=True):
                same = (earlier == variable) & (variable >= 0)
                drop |= same & (earlier_value != 1)
                variable[same] = -1
            variables.append(variable)
            values.append(value.astype(np.int64))
        # Effects: adds (the last add of a variable gives its value, the first its place),
        # then deletes of atoms not added back ("none of those").
        effects: list[Ints] = []
        effect_values: list[Ints] = []
        adds = [self._lookup(literal, schema, rows) for literal in schema.effects
                if literal.positive and literal.predicate in fluent]
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
            if literal.positive or literal.predicate not in fluent:
                continue
            variable, _ = self._lookup(literal, schema, rows)
            variable = variable.copy()
            for earlier in effects:
                variable[(earlier == variable) & (variable >= 0)] = -1
            effects.append(variable)
            effect_values.append(self.none_value[variable])
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

        return _Slots(rows if every else rows[keep], matrix(variables), matrix(values),
                      matrix(effects), matrix(effect_values), matrix(befores))

    # -- the task ------------------------------------------------------------------------

    def text(self) -> SasText:
        variables = self.variables
        goal: dict[int, int] = {}
        for atom in self.facts.goal:
            entry = variables.of.get(atom_key(atom))
            if entry is None or goal.setdefault(*entry) != entry[1]:
                raise Unreachable(f"the goal {atom} is never reached")
        # Blocks of rows: each step's arrays stay small enough for the caches, which
        # matters more than the number of calls (a 300x300 room has 700,000 actions).
        blocks = [(schema, self._slots(schema, rows[start:start + BLOCK]))
                  for schema, rows in zip(self.domain.schemas, self.grounding.rows, strict=True)
                  for start in range(0, len(rows), BLOCK)]
        offsets = self.offsets
        reached = _reachable_values(offsets, variables.initial, [slot for _, slot in blocks])
        if not all(reached[offsets[variable] + value] for variable, value in goal.items()):
            raise Unreachable("the goal is not reachable in its variable's transitions")
        # Operators requiring a value no transition reaches go.
        reachable = np.append(reached, True)  # what inactive slots (-1) index
        blocks = [(schema, _filtered(slot, reachable, offsets)) for schema, slot in blocks]
        sizes = np.add.reduceat(reached.astype(np.int64), offsets[:-1]) \
            if len(reached) else np.zeros(0, dtype=np.int64)
        candidates = np.append(sizes > 1, False)
        candidates[list(goal)] = True
        necessary = _relevant(candidates, goal, [slot for _, slot in blocks], self.variable_count)
        kept = np.flatnonzero(necessary[:-1])
        return self._renumbered(reached, kept, goal, blocks)

    def _renumbered(self, reached: Mask, kept: Ints, goal: dict[int, int],
                    blocks: list[tuple[Schema, _Slots]]) -> SasText:
        variables, offsets = self.variables, self.offsets
        count = self.variable_count
        new_variable = np.full(count + 1, -1, dtype=np.int64)
        new_variable[kept] = np.arange(len(kept))
        # (old variable, old value) -> new value, flat by the variables' offsets: the rank
        # of the value among the variable's reached values. The extra last entry answers
        # -1 (no value) with -1.
        ranks = np.cumsum(reached) - 1
        first = np.append(0, np.cumsum(reached))[offsets[:-1]]
        owner = np.repeat(np.arange(count), np.diff(offsets))
        new_value = np.append(np.where(reached, ranks - first[owner], -1), -1)
        names = [name for values in variables.values for name in values]
        chosen = np.flatnonzero(reached).tolist()
        starts = first.tolist() + [len(chosen)]
        out_variables = tuple(
            Variable(f"var{new}", tuple(names[index]
                                        for index in chosen[starts[old]:starts[old + 1]]))
            for new, old in enumerate(kept.tolist()))
        initial = [int(new_value[offsets[old] + variables.initial[old]]) for old in kept]
        out_goal = sorted((int(new_variable[variable]), int(new_value[offsets[variable] + value]))
                          for variable, value in goal.items())
        lines = _Lines(out_variables, offsets, new_value, self.grounding.objects)
        chunks: list[str] = []
        operator_count = 0
        for schema, slot in blocks:
            chunk, produced = lines.operators(schema, slot, new_variable)
            if produced:
                chunks.append(chunk)
                operator_count += produced
        out = ["begin_version", "3", "end_version", "begin_metric", "1", "end_metric",
               str(len(out_variables))]
        for variable in out_variables:
            out += ["begin_variable", variable.name, "-1", str(len(variable.values)),
                    *variable.values, "end_variable"]
        out += ["0", "begin_state", *map(str, initial), "end_state",
                "begin_goal", str(len(out_goal)), *(f"{var} {value}" for var, value in out_goal),
                "end_goal", str(operator_count)]
        # format_sas joins all lines with newlines; the operators' text ends with one.
        text = "\n".join(out) + "\n" + "".join(chunks) + "0\n"
        return SasText(out_variables, operator_count, text)


def _filtered(slot: _Slots, reachable: Mask, offsets: Ints) -> _Slots:
    if not len(slot.rows):
        return slot
    flat = np.where(slot.condition_variables >= 0,
                    offsets[slot.condition_variables] + slot.condition_values, -1)
    keep = np.all(reachable[flat], axis=1)
    if keep.all():
        return slot
    return _Slots(slot.rows[keep], slot.condition_variables[keep],
                  slot.condition_values[keep], slot.effect_variables[keep],
                  slot.effect_values[keep], slot.effect_before[keep])


def _reachable_values(offsets: Ints, initial: list[int], slots: list[_Slots]) -> Mask:
    """Whether each (variable, value), flat by the variables' offsets, is reachable from the
    variable's initial value in its transition graph: a breadth-first search of all
    variables at once over the unique arcs (value before -> value after; an effect without
    a condition on its variable reaches its value from any)."""
    total = int(offsets[-1])
    # One integer per arc, so that np.unique sorts a flat array: (before + 1) numbered
    # within the variable, past offsets that leave room for "any", times the widest domain,
    # plus the value after. Sorted keys are sorted by the arc's source.
    sizes = np.diff(offsets)
    spaced = np.append(0, np.cumsum(sizes + 1))
    width = int(sizes.max()) if len(sizes) else 1
    # Made unique per block first: a block's hash table stays in the caches, and the
    # blocks repeat most arcs.
    keys = [np.unique(((spaced[slot.effect_variables] + slot.effect_before + 1) * width
                       + slot.effect_values)[slot.effect_variables >= 0]) for slot in slots]
    unique = np.unique(np.concatenate(keys)) if keys else np.zeros(0, dtype=np.int64)
    source, after = np.divmod(unique, width)
    owner = np.searchsorted(spaced, source, side="right") - 1
    before = source - spaced[owner] - 1
    targets = offsets[owner] + after
    anywhere = before < 0
    reached = np.zeros(total, dtype=np.bool_)
    reached[offsets[:-1] + np.asarray(initial, dtype=np.int64)] = True
    reached[targets[anywhere]] = True
    sources, targets = (offsets[owner] + before)[~anywhere], targets[~anywhere]
    first_arc = np.searchsorted(sources, np.arange(total + 1))
    frontier = np.flatnonzero(reached)
    place = np.zeros(total, dtype=np.int64)
    while len(frontier):
        begin, end = first_arc[frontier], first_arc[frontier + 1]
        lengths = end - begin
        if not lengths.any():
            break
        # The arcs of every frontier node, gathered as one index array.
        steps = np.arange(int(lengths.sum())) - np.repeat(np.cumsum(lengths) - lengths, lengths)
        found = targets[np.repeat(begin, lengths) + steps]
        found = found[~reached[found]]
        # Each node once, without sorting: the last write of a node's place wins.
        place[found] = np.arange(len(found))
        found = found[place[found] == np.arange(len(found))]
        reached[found] = True
        frontier = found
    return reached


def _relevant(candidates: Mask, goal: dict[int, int], slots: list[_Slots], count: int) -> Mask:
    """The variables the goal depends on through the causal graph (an operator changing a
    necessary variable makes the candidates among its conditions necessary), one layer of
    the backward search per pass over all operators' columns: the layers are few, where
    the graph's edges are a dozen per operator and costly to make unique."""
    necessary = np.zeros(count + 1, dtype=np.bool_)  # the last entry answers -1: never
    necessary[list(goal)] = True
    candidates = candidates.copy()
    candidates[-1] = False
    wanted = [slot for slot in slots
              if len(slot.rows) and slot.condition_variables.shape[1]]
    changed = True
    while changed:
        changed = False
        for slot in wanted:
            hit = np.any(necessary[slot.effect_variables], axis=1)
            fresh = slot.condition_variables[hit].ravel()
            fresh = fresh[candidates[fresh] & ~necessary[fresh]]
            if len(fresh):
                necessary[fresh] = True
                changed = True
    return necessary


class _Lines:
    """The operators' text, assembled from string columns: each row of a matrix of string
    pieces is one operator, the pieces of inactive slots are masked out, and the rest
    joined in row-major order. Every piece comes from a table built once (a number, an
    object's name, a (variable, value) pair, each with its separator), so no string is
    made per operator but the text itself."""

    def __init__(self, variables: tuple[Variable, ...], offsets: Ints, new_value: Ints,
                 objects: tuple[str, ...]) -> None:
        self.offsets = offsets
        self.table = new_value
        numbers = max([len(variables)] + [len(variable.values) for variable in variables]) + 2
        self.numbers = np.array([f"{number}\n" for number in range(numbers)], dtype=object)
        # The text of each (new variable, new value or -1): `"v x\n"` for prevail lines and
        # `"0 v x "` for the start of effect lines, at starts[v] + 1 + x.
        self.starts = np.zeros(len(variables) + 1, dtype=np.int64)
        self.starts[1:] = np.cumsum([len(variable.values) + 1 for variable in variables])
        pairs = [f"{new} {value}" for new, variable in enumerate(variables)
                 for value in range(-1, len(variable.values))]
        self.prevail_text = np.array([f"{pair}\n" for pair in pairs] + [""], dtype=object)
        self.effect_text = np.array([f"0 {pair} " for pair in pairs] + [""], dtype=object)
        self.names = np.array([f" {name}" for name in objects], dtype=object)
        self.last_names = np.array([f" {name}\n" for name in objects], dtype=object)

    def operators(self, schema: Schema, slot: _Slots, new_variable: Ints) -> tuple[str, int]:
        """The block's operators' text, each ending in a newline, and how many there are."""
        conditions_new = new_variable[slot.condition_variables]
        effects_new = new_variable[slot.effect_variables]
        changed = effects_new >= 0
        keep = np.any(changed, axis=1)
        if not keep.any():
            return "", 0
        rows = slot.rows[keep]
        conditions_new, effects_new, changed = conditions_new[keep], effects_new[keep], \
            changed[keep]
        condition_variables = slot.condition_variables[keep]
        effect_variables = slot.effect_variables[keep]
        # A condition on a variable the operator changes is its effect's "before".
        in_effects = np.zeros(condition_variables.shape, dtype=np.bool_)
        for column in range(effect_variables.shape[1]):
            in_effects |= (condition_variables == effect_variables[:, column:column + 1]) & \
                (effect_variables[:, column:column + 1] >= 0)
        prevail = (conditions_new >= 0) & ~in_effects
        starts = self.starts
        prevail_values = self._value_of(condition_variables, slot.condition_values[keep])
        before = self._value_of(effect_variables, slot.effect_before[keep])
        after = self._value_of(effect_variables, slot.effect_values[keep])
        n, arity = rows.shape
        conditions, effects = prevail.shape[1], changed.shape[1]
        # Columns: head (with the schema's name), arguments, count, prevail lines, count,
        # effect lines (two pieces each), cost and tail.
        width = 1 + arity + 1 + conditions + 1 + 2 * effects + 1
        matrix = np.empty((n, width), dtype=object)
        mask = np.ones((n, width), dtype=np.bool_)
        matrix[:, 0] = f"begin_operator\n{schema.name}" + ("" if arity else "\n")
        for column in range(arity):
            table = self.last_names if column == arity - 1 else self.names
            matrix[:, 1 + column] = table[rows[:, column]]
        at = 1 + arity
        matrix[:, at] = self.numbers[prevail.sum(axis=1)]
        matrix[:, at + 1:at + 1 + conditions] = self.prevail_text[
            np.where(prevail, starts[conditions_new] + 1 + prevail_values, -1)]
        mask[:, at + 1:at + 1 + conditions] = prevail
        at += 1 + conditions
        matrix[:, at] = self.numbers[changed.sum(axis=1)]
        matrix[:, at + 1:at + 1 + 2 * effects:2] = self.effect_text[
            np.where(changed, starts[effects_new] + 1 + before, -1)]
        matrix[:, at + 2:at + 2 + 2 * effects:2] = self.numbers[np.where(changed, after, 0)]
        mask[:, at + 1:at + 1 + 2 * effects:2] = changed
        mask[:, at + 2:at + 2 + 2 * effects:2] = changed
        matrix[:, -1] = f"{schema.cost}\nend_operator\n"
        return "".join(matrix[mask].tolist()), n

    def _value_of(self, variables: Ints, values: Ints) -> Ints:
        """The new value of each old (variable, value); -1 stays -1."""
        flat = np.where((variables >= 0) & (values >= 0),
                        self.offsets[variables] + values, -1)
        return self.table[flat]
