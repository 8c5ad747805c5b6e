"""The index of a level's reachable ground actions (action_index.py) built from clingo's relaxed
grounding (clingo_grounding.py), for exact_semantics.py's `Grounder`.

The grounding's rows are object numbers per schema; each is checked here as the grounder's
joins check a binding (every parameter of a listed type takes an object of it, the positive
static preconditions hold, no negative one is a static fact), so an action the relaxed
program lets through that the exact semantics would not is dropped. A level has tens of
thousands of such actions, so each schema's are made column by column: each literal's atoms
for all rows at once by `zip` over the columns of object names, then each action's sets and
its `GroundAction` by `map` over those lists, never a Python loop over literals per action
(that cost 40 ms a thousand actions). The collector is paused meanwhile: the millions of
tuples and sets made hold no cycles, and collecting while they pile up took most of the time
(7.8 of 11 s for classic level 6 under seed 001's 93,544 actions).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator, Sequence, Set
from contextlib import contextmanager
from itertools import repeat

import numpy as np
import numpy.typing as npt

from strips_model.schema import Literal, Schema
from translator.ground.action_index import ActionIndex, Filed, IndexedAction
from translator.ground.clingo_grounding import Grounding
from translator.ground.ground_action import GroundAction
from translator.ground.schema_parts import Cut, CutDomain
from translator.model.level_facts import Atom, Facts


def reachable_index(grounding: Grounding, schemas: Sequence[Schema], facts: Facts,
                    static_predicates: Set[str], cut: CutDomain | None = None) -> ActionIndex:
    """The grounding's actions that the joins over `facts` would also give, filed for lookup;
    `static_predicates` are those the grounder looks up among the static facts. With `cut`,
    the grounding and `schemas` are of `cut.domain`, its schemas' parts (schema_parts.py)."""
    numbers = {name: number for number, name in enumerate(grounding.objects)}
    types = {name: np.array(sorted(numbers[o] for o in objects if o in numbers), dtype=np.int64)
             for name, objects in facts.objects.items()}
    counts: dict[str, int] = {}
    for atom in facts.initial:
        counts[atom[0]] = counts.get(atom[0], 0) + 1
    names = np.array(grounding.objects, dtype=object)
    typed = [rows[_typed(schema, rows, types)] if len(rows) else rows
             for schema, rows in zip(schemas, grounding.rows, strict=True)]
    uses = [(Cut(number, 0, schema),) for number, schema in enumerate(schemas)] \
        if cut is None else cut.uses
    # A schema one part of which nothing reaches applies nowhere: its other parts, each
    # reached on its own, are left out (a counter's values beside a move no cell allows).
    empty = {use.whole for parts, kept in zip(uses, typed, strict=True) if not len(kept)
             for use in parts}
    filed: list[Filed] = []
    with _collector_paused():
        for parts, kept in zip(uses, typed, strict=True):
            columns = [names[kept[:, place]].tolist() for place in range(kept.shape[1])] \
                if len(kept) else []
            for use in parts:
                if use.whole not in empty:
                    negative = [lit for lit in use.schema.preconditions if not lit.positive]
                    filed.extend(_schema_actions(use, use.schema, negative, columns, len(kept),
                                                 facts, static_predicates, counts))
        return ActionIndex(filed, grounding.atoms | facts.initial,
                           None if cut is None else cut.shapes)


@contextmanager
def _collector_paused() -> Iterator[None]:
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _typed(schema: Schema, rows: npt.NDArray[np.int64], types: dict[str, npt.NDArray[np.int64]]
           ) -> npt.NDArray[np.bool_]:
    keep = np.ones(len(rows), dtype=bool)
    for place, parameter in enumerate(schema.parameters):
        allowed = types.get(parameter.type)
        if allowed is not None:
            keep &= np.isin(rows[:, place], allowed)
    return keep


def _schema_actions(whole: Cut, schema: Schema, negative: list[Literal],
                    columns: list[list[str]], count: int, facts: Facts,
                    static_predicates: Set[str], counts: dict[str, int]) -> Iterator[Filed]:
    place = {parameter.name: index for index, parameter in enumerate(schema.parameters)}

    def atoms(literal: Literal) -> list[Atom]:
        if not any(term.is_variable for term in literal.args):
            return [(literal.predicate, *(term.name for term in literal.args))] * count
        return list(zip(repeat(literal.predicate, count), *(
            columns[place[term.name]] if term.is_variable else repeat(term.name, count)
            for term in literal.args), strict=False))

    positive = [lit for lit in schema.preconditions if lit.positive]
    static = facts.static.__contains__
    keep = [True] * count
    for literal in positive:
        if literal.predicate in static_predicates:
            keep = list(map(bool.__and__, keep, map(static, atoms(literal))))
    for literal in negative:
        keep = [a and not b for a, b in zip(keep, map(static, atoms(literal)), strict=True)]
    if not all(keep):
        columns = [[value for value, kept in zip(column, keep, strict=True) if kept]
                   for column in columns]
        count = sum(keep)
    # The needs it is filed under: the rarest predicates in the initial state, in the order
    # written among equals.
    needed = sorted((lit for lit in positive if lit.predicate not in static_predicates),
                    key=lambda lit: counts.get(lit.predicate, 0))
    needs = [atoms(literal) for literal in needed]
    bindings = list(zip(*(zip(repeat(parameter.name, count), columns[index], strict=False)
                          for index, parameter in enumerate(schema.parameters)), strict=True)) \
        if schema.parameters else [()] * count
    actions = map(GroundAction, repeat(schema.name, count), bindings,
                  _sets(count, [atoms(lit) for lit in schema.effects if lit.positive]),
                  _sets(count, [atoms(lit) for lit in schema.effects if not lit.positive]),
                  repeat(schema.cost, count))
    entries = map(IndexedAction, zip(repeat(whole.whole, count), bindings, strict=True),
                  actions, _sets(count, needs), _sets(count, [atoms(lit) for lit in negative]),
                  repeat(whole.part, count))
    first = needs[0] if needs else repeat(None, count)
    second = needs[1] if len(needs) > 1 else repeat(None, count)
    return zip(first, second, entries, strict=False)


def _sets(count: int, atoms: list[list[Atom]]) -> list[frozenset[Atom]]:
    """Each row's atoms of the literals as one set."""
    if not atoms:
        return [frozenset()] * count
    return list(map(frozenset, zip(*atoms, strict=True)))
