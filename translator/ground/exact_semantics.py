"""The exact grounding of any `Domain` over a level's facts: the actions applicable in one
state, in the style of pyperplan. The comparison with the simulator (translator/compare/) and
the ground plans of key presses (translator/solving/ground_plans.py) use it; the planners use
the relaxed-reachability grounding instead (clingo_grounding.py), which grounds every action
that may be reachable, once for the whole task.

A ground action is applicable when its positive preconditions are in the state (static
facts included) and its negative ones are not; applying it gives (state - deletes) | adds.
The equivalence test compares this with the simulator, so this module must stay a literal
reading of the schemas and must not know the game.

Each schema's positive preconditions are joined in the order written; which arguments of each
are known when it is reached is fixed by that order, so it is compiled once (`_Join`) and its
atoms are looked up by those arguments, not scanned (`compare` asks for the actions of
thousands of states: this was as long as Fast Downward's translation of the model).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from strips_model.reports.schema_memo import per_schema
from strips_model.schema import Domain, Literal, Schema
from translator.ground.ground_action import GroundAction
from translator.ground.grounding_memo import Numbers, active_memo
from translator.model.level_facts import Atom, Facts


def _ground(literal: Literal, binding: dict[str, str]) -> Atom:
    return (literal.predicate,
            *(binding[t.name] if t.is_variable else t.name for t in literal.args))


@dataclass(frozen=True, slots=True)
class _Join:
    """One positive precondition as a step of its schema's join, compiled once: which of its
    arguments are known when it is reached (constants, and variables an earlier precondition
    bound), looked up in a table keyed by them, and which it binds."""

    predicate: str
    arity: int
    known: tuple[int, ...]
    """Argument positions looked up."""
    key: tuple[tuple[bool, str], ...]
    """For each known position: (is a variable, its name or the constant)."""
    binds: tuple[tuple[int, str], ...]
    """(position, variable) of the rest; a variable repeated in the literal must agree."""


@per_schema
def _joins(schema: Schema) -> tuple[_Join, ...]:
    """The schema's join, compiled once per schema object (every level of a model, every
    probe, asks for the same schemas; a repair's candidates keep the objects of the schemas
    they leave alone)."""
    bound: set[str] = set()
    joins = []
    for literal in (lit for lit in schema.preconditions if lit.positive):
        known = [(j, t) for j, t in enumerate(literal.args)
                 if not t.is_variable or t.name in bound]
        joins.append(_Join(literal.predicate, len(literal.args), tuple(j for j, _ in known),
                           tuple((t.is_variable, t.name) for _, t in known),
                           tuple((j, t.name) for j, t in enumerate(literal.args)
                                 if t.is_variable and t.name not in bound)))
        bound.update(t.name for t in literal.args if t.is_variable)
    return tuple(joins)


Plan = tuple[Schema, tuple[_Join, ...], list[Literal]]
"""A schema, its join, its negative preconditions."""
_PLANS: dict[int, tuple[Domain, list[Plan]]] = {}


def _plans(domain: Domain) -> list[Plan]:
    """Each schema of `domain` with its join, kept by the domain's identity (the domain kept
    with it, so the identity is not reused; a domain is immutable): every level and probe of a
    model sets up a grounder of the same domain, and hashing hundreds of schemas to find their
    joins anew each time cost more than the grounding itself."""
    known = _PLANS.get(id(domain))
    if known is None:
        if len(_PLANS) > 64:
            _PLANS.clear()
        known = _PLANS[id(domain)] = (domain, [
            (schema, _joins(schema), [lit for lit in schema.preconditions if not lit.positive])
            for schema in domain.schemas])
    return known[1]


Table = dict[tuple[str, ...], list[Atom]]
"""Atoms of one predicate and arity by their values at some positions."""


def _table(atoms: list[Atom], arity: int, positions: tuple[int, ...]) -> Table:
    table: Table = {}
    for atom in atoms:
        if len(atom) == arity + 1:
            table.setdefault(tuple(atom[j + 1] for j in positions), []).append(atom)
    return table


class _Tables:
    """The tables of one state, built as the joins ask for them; a static predicate's from
    the level's static facts, built once for every state (static and fluent predicates are
    disjoint: a predicate with static facts is read from them alone)."""

    def __init__(self, state: frozenset[Atom], static: dict[str, list[Atom]],
                 static_tables: dict[tuple[str, int, tuple[int, ...]], Table]) -> None:
        self._static = static
        self._static_tables = static_tables
        self._fluent: dict[str, list[Atom]] = {}
        for atom in state:
            self._fluent.setdefault(atom[0], []).append(atom)
        self._tables: dict[tuple[str, int, tuple[int, ...]], Table] = {}
        self._by_join: dict[int, Table] = {}

    def get(self, join: _Join) -> Table:
        # Asked once per partial binding: the answer kept by the join's identity.
        found = self._by_join.get(id(join))
        if found is None:
            found = self._by_join[id(join)] = self._build(join)
        return found

    def _build(self, join: _Join) -> Table:
        key = (join.predicate, join.arity, join.known)
        static = self._static.get(join.predicate)
        tables = self._tables if static is None else self._static_tables
        table = tables.get(key)
        if table is None:
            atoms = static if static is not None else self._fluent.get(join.predicate, [])
            table = tables[key] = _table(atoms, join.arity, join.known)
        return table


def unify(literal: Literal, atom: Atom, binding: dict[str, str]) -> dict[str, str] | None:
    """`binding` extended so that `literal` names `atom`, or None when it cannot."""
    if len(atom) != len(literal.args) + 1 or atom[0] != literal.predicate:
        return None
    extended = dict(binding)
    for term, value in zip(literal.args, atom[1:], strict=True):
        if not term.is_variable:
            if term.name != value:
                return None
        elif extended.setdefault(term.name, value) != value:
            return None
    return extended


class Grounder:
    """Applicable ground actions of a domain in a state, for one level's facts."""

    def __init__(self, domain: Domain, facts: Facts) -> None:
        self._domain = domain
        self._static = facts.static
        self._static_atoms: dict[str, list[Atom]] = {}
        for atom in facts.static:
            self._static_atoms.setdefault(atom[0], []).append(atom)
        self._static_tables: dict[tuple[str, int, tuple[int, ...]], Table] = {}
        self._types = {name: set(objects) for name, objects in facts.objects.items()}
        self._plans = _plans(domain)
        self._memo = active_memo()
        self._table = self._memo.table(facts) if self._memo is not None else {}
        numbers = self._memo.numbers(domain) if self._memo is not None else Numbers([])
        self._mask, self._order = numbers.mask, numbers.order

    def applicable(self, state: frozenset[Atom]) -> list[GroundAction]:
        memo = self._memo
        if memo is None:
            tables = _Tables(state, self._static_atoms, self._static_tables)
            return [action for schema, joins, negative in self._plans
                    for action in self._ground_schema(schema, joins, negative, state, tables)]
        known = memo.known(self._table, state)
        missing = self._mask & ~known.ground
        if missing:  # the schemas of this domain not yet ground in this state
            tables = _Tables(state, self._static_atoms, self._static_tables)
            # Its set bits only: a model differing from one ground before in one schema
            # has one bit to ground, not hundreds to look at.
            rest = missing
            while rest:
                lowest = rest & -rest
                rest ^= lowest
                number = lowest.bit_length() - 1
                schema, joins, negative = self._plans[self._order[number]]
                ground = list(self._ground_schema(schema, joins, negative, state, tables))
                if ground:
                    known.actions[number] = ground
            known.ground |= missing
        # Few schemas apply in a state: their actions, in the domain's order of schemas.
        kept = sorted((self._order[number], actions) for number, actions in
                      known.actions.items() if number in self._order)
        return [action for _, actions in kept for action in actions]

    def _ground_schema(self, schema: Schema, joins: tuple[_Join, ...],
                       negative: list[Literal], atoms: frozenset[Atom], tables: _Tables
                       ) -> Iterator[GroundAction]:
        def extend(position: int, binding: dict[str, str]) -> Iterator[dict[str, str]]:
            if position == len(joins):
                yield binding
                return
            join = joins[position]
            key = tuple(binding[name] if variable else name for variable, name in join.key)
            for atom in tables.get(join).get(key, ()):
                extended = dict(binding)
                for j, name in join.binds:
                    if extended.setdefault(name, atom[j + 1]) != atom[j + 1]:
                        break
                else:
                    yield from extend(position + 1, extended)

        for binding in extend(0, {}):
            if any(p.name not in binding for p in schema.parameters):
                # A parameter no positive precondition binds: enumerate its type's objects.
                yield from self._complete(schema, binding, negative, atoms)
                continue
            action = self._build(schema, binding, negative, atoms)
            if action is not None:
                yield action

    def _complete(self, schema: Schema, binding: dict[str, str], negative: list[Literal],
                  atoms: frozenset[Atom]) -> Iterator[GroundAction]:
        missing = next(p for p in schema.parameters if p.name not in binding)
        for value in sorted(self._types.get(missing.type, ())):
            extended = {**binding, missing.name: value}
            if all(p.name in extended for p in schema.parameters):
                action = self._build(schema, extended, negative, atoms)
                if action is not None:
                    yield action
            else:
                yield from self._complete(schema, extended, negative, atoms)

    def _build(self, schema: Schema, binding: dict[str, str], negative: list[Literal],
               atoms: frozenset[Atom]) -> GroundAction | None:
        for parameter in schema.parameters:
            objects = self._types.get(parameter.type)
            if objects is not None and binding[parameter.name] not in objects:
                return None
        if any(_ground(lit, binding) in atoms or _ground(lit, binding) in self._static
               for lit in negative):
            return None
        return GroundAction(
            schema.name,
            tuple((p.name, binding[p.name]) for p in schema.parameters),
            frozenset(_ground(lit, binding) for lit in schema.effects if lit.positive),
            frozenset(_ground(lit, binding) for lit in schema.effects if not lit.positive),
            schema.cost,
        )
