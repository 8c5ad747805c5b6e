"""The exact grounding of any `Domain` over a level's facts: the actions applicable in one
state, in the style of pyperplan. The comparison with the simulator (translator/compare/) and
the ground plans of key presses (translator/solving/ground_plans.py) use it; the planners use
the relaxed-reachability grounding instead (clingo_grounding.py), which grounds every action
that may be reachable, once for the whole task.

A ground action is applicable when its positive preconditions are in the state (static
facts included) and its negative ones are not; applying it gives (state - deletes) | adds.
The equivalence test compares this with the simulator, so this module must stay a literal
reading of the schemas and must not know the game.

The joins are compiled once per domain (joins.py). A grounder asked for many states answers
from an index of every action the level can reach instead (action_index.py), built once from
clingo's relaxed grounding (clingo_grounding.py, in a child under a time limit:
reachable_grounding.py). That is exact, not an approximation: the relaxed grounding holds
every action whose positive preconditions are all among the atoms it reaches (its least
fixpoint), negative fluent preconditions set aside; so in a state holding only such atoms,
every applicable action is in the index, and the index keeps those whose positive fluent
preconditions the state holds and whose negative ones it does not, each action's static
conditions and types checked here as the joins check them. A state holding an atom outside
what is reachable, or a level whose reachable actions pass `INDEXED_ACTIONS`, is still
answered by the join.
"""

from __future__ import annotations

import math
import time
from collections.abc import Hashable, Iterator
from contextlib import contextmanager
from functools import cached_property
from typing import Final, cast

from strips_model.schema import Domain, Literal, Schema
from strips_model.schema_memo import DOMAINS_KEPT, per_schema, per_schema_and
from translator.ground.action_index import ActionIndex
from translator.ground.ground_action import GroundAction
from translator.ground.grounding_estimate import copies_within
from translator.ground.grounding_memo import Known, Numbers, active_memo
from translator.ground.joins import (
    Join,
    Table,
    Tables,
    bindings,
    domain_plans,
    ground_literal,
    unify,
)
from translator.ground.reachable_grounding import reachable_grounding
from translator.ground.reachable_index import reachable_index
from translator.ground.schema_parts import cut_domain
from translator.model.level_facts import Atom, Facts
from translator.runtime.processes import WorkerFailed

__all__ = ["Grounder", "asking_many_states", "unify"]

INDEXED_AFTER: Final = 0.5
INDEXED_STATES: Final = 300
"""Seconds a grounder spends joining the schemas state by state, and states it is asked
for, before it grounds the reachable actions once (as one rents skis until their price is
spent, then buys): a plan's replay and a small board never pay for the index. The grounding
may take twice as long as the joins took so far (at least `INDEX_SECONDS`); past that it is
given up, and tried again once the joins have taken four times as long (a relaxed grounding
can be far larger than the states a search visits). Either way the answers are the same;
only their cost differs."""
MANY_AFTER: Final = 0.1
"""Seconds of joining before the index is built while `asking_many_states` is active: the
thousands of states of a level's comparison pay for it at once, but a comparison that stops
at its first states (a model that differs at once) need not."""
INDEX_SECONDS: Final = 2.0
"""The least time the grounding of the reachable actions is given."""
INDEXED_ACTIONS: Final = 200_000
"""Reachable ground actions at most in the index; a level with more keeps joining per state."""

UNCHANGING_KEPT: Final = 100_000
"""Answers a grounder of a domain that reads nothing it changes keeps, by the atoms it
reads."""

_MANY: list[bool] = []


def _read_by(schema: Schema) -> tuple[frozenset[str], frozenset[str]]:
    """The predicates of the schema's positive preconditions, and of all of them."""
    return (frozenset(lit.predicate for lit in schema.preconditions if lit.positive),
            frozenset(lit.predicate for lit in schema.preconditions))


# A grounder is set up per level and probe, and per candidate of a repair (one schema changed).
_predicates_read = per_schema(_read_by)


def _needs_of(domain: Domain, static: Hashable
              ) -> tuple[tuple[frozenset[str], ...], frozenset[str]]:
    """What a state must hold some atom of for each schema to apply (a state holding no
    `odd` atom skips the schemas of the odd phase without joining them), given the level's
    `static` predicates; and every predicate the schemas read."""
    read = [_predicates_read(schema) for schema in domain.schemas]
    return (tuple(positive.difference(cast(frozenset[str], static)) for positive, _ in read),
            frozenset().union(*(every for _, every in read)))


# Kept per domain and level kind: every level, probe and board of a model grounds the one.
_needed = per_schema_and(_needs_of, kept=DOMAINS_KEPT)


@contextmanager
def asking_many_states() -> Iterator[None]:
    """Grounders asked for states inside build their index early (`MANY_AFTER`): for a
    caller that will ask for thousands (an exhaustive comparison of a level)."""
    _MANY.append(True)
    try:
        yield
    finally:
        _MANY.pop()


class Grounder:
    """Applicable ground actions of a domain in a state, for one level's facts."""

    def __init__(self, domain: Domain, facts: Facts) -> None:
        self._domain = domain
        self._facts = facts
        self._static = facts.static
        self._initial = facts.initial
        self._static_atoms: dict[str, list[Atom]] = {}
        for atom in facts.static:
            self._static_atoms.setdefault(atom[0], []).append(atom)
        self._static_tables: dict[tuple[str, int, tuple[int, ...]], Table] = {}
        self._types = {name: set(objects) for name, objects in facts.objects.items()}
        # Before any join: a schema that copies each binding thousands of times would make a
        # replay of it never end (grounding_estimate.py).
        copies_within(domain, self._types)
        self._fluent, self._plans = domain_plans(domain)
        self._needs, self._read = _needed(domain, frozenset(self._static_atoms))
        self._memo = active_memo()
        self._table = self._memo.table(facts) if self._memo is not None else {}
        numbers = self._memo.numbers(domain) if self._memo is not None else Numbers([])
        self._mask, self._order = numbers.mask, numbers.order
        self._joining = 0.0
        self._asked = 0
        self._next_try = INDEXED_AFTER
        self._tried = False
        self._index: ActionIndex | None = None
        self._query = not self._read & self._fluent
        self._unchanging: dict[frozenset[Atom], list[GroundAction]] = {}

    def applicable(self, state: frozenset[Atom]) -> list[GroundAction]:
        memo = self._memo
        if memo is None and self._query:
            # A domain that reads nothing it changes (a goal's) reaches no state of its own,
            # and is asked about the same few atoms in thousands of states: its answers are
            # kept by the atoms it reads, all that its joins look at.
            read = self._read
            key = frozenset([atom for atom in state if atom[0] in read])
            found = self._unchanging.get(key)
            if found is None:
                found = self._joined(key)
                if len(self._unchanging) < UNCHANGING_KEPT:
                    self._unchanging[key] = found
            return list(found)
        # The index, once built, serves whether or not a memo is kept: a repair checking one
        # fix on a level's thousands of states joins no schema twice in a state, but each
        # once per state is dearer than the reachable actions grounded once.
        index = self._indexed()
        if index is not None and state <= index.universe:
            found = index.applicable(state)
            if memo is not None:
                self._remember(memo.known(self._table, state), found)
            return found
        if memo is None:
            return self._joined(state)
        known = memo.known(self._table, state)
        missing = self._mask & ~known.ground
        if missing:  # the schemas of this domain not yet ground in this state
            started = time.perf_counter()
            tables = Tables(state, self._static_atoms, self._static_tables)
            present = {atom[0] for atom in state}
            # Its set bits only: a model differing from one ground before in one schema
            # has one bit to ground, not hundreds to look at.
            rest = missing
            while rest:
                lowest = rest & -rest
                rest ^= lowest
                number = lowest.bit_length() - 1
                place = self._order[number]
                if not self._needs[place] <= present:
                    continue
                schema, joins, negative = self._plans[place]
                ground = list(self._ground_schema(schema, joins, negative, state, tables))
                if ground:
                    known.actions[number] = ground
            known.ground |= missing
            self._joining += time.perf_counter() - started
        # Few schemas apply in a state: their actions, in the domain's order of schemas.
        kept = sorted((self._order[number], actions) for number, actions in
                      known.actions.items() if number in self._order)
        return [action for _, actions in kept for action in actions]

    def _remember(self, known: Known, found: list[GroundAction]) -> None:
        """The index's answer in a state kept as every schema of this domain ground there:
        the memo stays as warm as if each were joined, for the next model to meet it."""
        new = self._mask & ~known.ground
        numbers = self._numbers_by_name
        if not new or numbers is None:
            return
        grouped: dict[int, list[GroundAction]] = {}
        for action in found:
            number = numbers.get(action.schema)
            if number is None:  # not one of this domain's schemas as numbered: kept nowhere
                return
            grouped.setdefault(number, []).append(action)
        for number, actions in grouped.items():
            if new >> number & 1:
                known.actions[number] = actions
        known.ground |= new

    @cached_property
    def _numbers_by_name(self) -> dict[str, int] | None:
        """Each schema's number in the memo by its name; None where two share a name."""
        numbers = {self._plans[place][0].name: number for number, place in self._order.items()}
        return numbers if len(numbers) == len(self._order) else None

    def _joined(self, state: frozenset[Atom]) -> list[GroundAction]:
        started = time.perf_counter()
        tables = Tables(state, self._static_atoms, self._static_tables)
        present = {atom[0] for atom in state}
        found = [action for (schema, joins, negative), needs
                 in zip(self._plans, self._needs, strict=True) if needs <= present
                 for action in self._ground_schema(schema, joins, negative, state, tables)]
        self._joining += time.perf_counter() - started
        return found

    def _indexed(self) -> ActionIndex | None:
        """The reachable actions' index once this grounder has joined long enough (the
        module doc); None before, and for a level with too many."""
        self._asked += 1
        if self._index is not None or self._query:
            return self._index
        many = bool(_MANY)
        due = min(self._next_try, MANY_AFTER) if many and not self._tried else self._next_try
        if self._joining >= due and (many or self._asked >= INDEXED_STATES):
            self._tried = True
            try:
                self._index = self._reachable(max(INDEX_SECONDS, 2 * self._joining))
                self._next_try = math.inf  # built, or too large: the same next time
            except WorkerFailed:  # out of time: maybe only a busy machine, so later again
                self._next_try = self._joining * 4
        return self._index

    def _reachable(self, seconds: float) -> ActionIndex | None:
        """Every action a state reachable from the initial one may apply (the module doc),
        indexed; None for a level with too many."""
        # By parts: a counter beside the hero's cells is their sum, not product (schema_parts).
        cut = cut_domain(self._domain)
        grounding = reachable_grounding(cut.domain, self._facts, seconds, INDEXED_ACTIONS)
        return None if grounding is None else reachable_index(
            grounding, cut.domain.schemas, self._facts, self._static_atoms.keys(), cut)

    def _ground_schema(self, schema: Schema, joins: tuple[Join, ...],
                       negative: list[Literal], atoms: frozenset[Atom], tables: Tables
                       ) -> Iterator[GroundAction]:
        for binding in bindings(joins, tables, 0, {}):
            yield from self._completed(schema, binding, negative, atoms)

    def _completed(self, schema: Schema, binding: dict[str, str], negative: list[Literal],
                   atoms: frozenset[Atom]) -> Iterator[GroundAction]:
        """The actions of a binding of the positive preconditions: a parameter none binds
        takes each object of its type."""
        missing = next((p for p in schema.parameters if p.name not in binding), None)
        if missing is None:
            action = self._build(schema, binding, negative, atoms)
            if action is not None:
                yield action
            return
        for value in sorted(self._types.get(missing.type, ())):
            yield from self._completed(schema, {**binding, missing.name: value}, negative,
                                       atoms)

    def _build(self, schema: Schema, binding: dict[str, str], negative: list[Literal],
               atoms: frozenset[Atom]) -> GroundAction | None:
        for parameter in schema.parameters:
            objects = self._types.get(parameter.type)
            if objects is not None and binding[parameter.name] not in objects:
                return None
        if any(ground_literal(lit, binding) in atoms or ground_literal(lit, binding)
               in self._static for lit in negative):
            return None
        return GroundAction(
            schema.name,
            tuple((p.name, binding[p.name]) for p in schema.parameters),
            frozenset(ground_literal(lit, binding) for lit in schema.effects if lit.positive),
            frozenset(ground_literal(lit, binding) for lit in schema.effects
                      if not lit.positive),
            schema.cost,
        )
