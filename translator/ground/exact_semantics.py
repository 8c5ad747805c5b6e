"""The exact grounding of any `Domain` over a level's facts: the actions applicable in one
state, in the style of pyperplan. The comparison with the simulator (translator/compare/) and
the ground plans of key presses (translator/solving/ground_plans.py) use it; the planners use
the relaxed-reachability grounding instead (clingo_grounding.py), which grounds every action
that may be reachable, once for the whole task.

A ground action is applicable when its positive preconditions are in the state (static
facts included) and its negative ones are not; applying it gives (state - deletes) | adds.
The equivalence test compares this with the simulator, so this module must stay a literal
reading of the schemas and must not know the game.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from strips_model.schema import Domain, Literal, Schema
from translator.model.level_facts import Atom, Facts


@dataclass(frozen=True, slots=True)
class GroundAction:
    schema: str
    binding: tuple[tuple[str, str], ...]
    """(variable, object) for every parameter, in the schema's order."""
    add: frozenset[Atom]
    delete: frozenset[Atom]
    cost: int

    def apply(self, state: frozenset[Atom]) -> frozenset[Atom]:
        return (state - self.delete) | self.add


def _ground(literal: Literal, binding: dict[str, str]) -> Atom:
    return (literal.predicate,
            *(binding[t.name] if t.is_variable else t.name for t in literal.args))


Index = dict[tuple[str, str | None], list[Atom]]
"""(predicate, first argument or None for all) -> atoms."""


def _index(atoms: frozenset[Atom], into: Index) -> Index:
    for atom in atoms:
        into.setdefault((atom[0], None), []).append(atom)
        if len(atom) > 1:
            into.setdefault((atom[0], atom[1]), []).append(atom)
    return into


def _matches(literal: Literal, binding: dict[str, str], index: Index) -> Iterator[dict[str, str]]:
    first: str | None = None
    if literal.args:
        term = literal.args[0]
        first = binding.get(term.name) if term.is_variable else term.name
    for atom in index.get((literal.predicate, first), ()):
        extended = unify(literal, atom, binding)
        if extended is not None:
            yield extended


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


class GroundingMemo:
    """The ground actions of one schema in one state over one level's facts, kept while it is
    active (`remembering_groundings`): a repair verifies hundreds of models that differ in one
    schema on the same levels, and meets the same states again, so each other schema's
    actions are ground once. Keyed by the schema as written and the facts themselves, never
    by a name: an edited schema or a level read otherwise is ground afresh. Per state, the
    schemas ground are a bit set and only their non-empty results are kept (most are empty):
    a model of hundreds of schemas stays small."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        """States kept at most; past it, a state met anew is ground without being kept."""
        self.size = 0
        self._schemas: dict[Schema, int] = {}
        self._domains: dict[int, tuple[Domain, _Numbers]] = {}
        self._facts: dict[tuple[frozenset[Atom], tuple[tuple[str, tuple[str, ...]], ...]],
                          dict[frozenset[Atom], _Known]] = {}

    def table(self, facts: Facts) -> dict[frozenset[Atom], _Known]:
        key = (facts.static, tuple(sorted(facts.objects.items())))
        return self._facts.setdefault(key, {})

    def numbers(self, domain: Domain) -> _Numbers:
        """Each schema's number; a domain's kept by its identity (with the domain, so the
        identity is not reused), since hashing schemas anew for every level costs."""
        known = self._domains.get(id(domain))
        if known is None:
            if len(self._domains) > 64:
                self._domains.clear()
            known = self._domains[id(domain)] = (domain, _Numbers(
                [self._schemas.setdefault(s, len(self._schemas)) for s in domain.schemas]))
        return known[1]

    def known(self, table: dict[frozenset[Atom], _Known], state: frozenset[Atom]) -> _Known:
        found = table.get(state)
        if found is None:
            found = _Known()
            if self.size < self.limit:
                table[state] = found
                self.size += 1
        return found


class _Numbers:
    """A domain's schemas as numbered in a memo: each one's bit, all of them as a mask, and
    each number's place in the domain."""

    def __init__(self, numbers: list[int]) -> None:
        self.bits = [(n, 1 << n) for n in numbers]
        self.mask = sum({bit for _, bit in self.bits})
        self.order = {number: place for place, number in enumerate(numbers)}


class _Known:
    __slots__ = ("ground", "actions")

    def __init__(self) -> None:
        self.ground = 0
        """Bit n set: schema number n is ground in this state."""
        self.actions: dict[int, list[GroundAction]] = {}


_ACTIVE: list[GroundingMemo] = []


@contextmanager
def remembering_groundings(limit: int = 200_000) -> Iterator[GroundingMemo]:
    """Every `Grounder` made inside keeps its schemas' ground actions per state in one memo
    (at most `limit` entries; past it, nothing more is kept). Nested: the outer one serves."""
    memo = _ACTIVE[0] if _ACTIVE else GroundingMemo(limit)
    _ACTIVE.append(memo)
    try:
        yield memo
    finally:
        _ACTIVE.pop()


class Grounder:
    """Applicable ground actions of a domain in a state, for one level's facts."""

    def __init__(self, domain: Domain, facts: Facts) -> None:
        self._domain = domain
        self._static = facts.static
        self._static_index = _index(facts.static, {})
        self._types = {name: set(objects) for name, objects in facts.objects.items()}
        self._memo = _ACTIVE[0] if _ACTIVE else None
        self._table = self._memo.table(facts) if self._memo is not None else {}
        numbers = self._memo.numbers(domain) if self._memo is not None else _Numbers([])
        self._bits, self._mask, self._order = numbers.bits, numbers.mask, numbers.order

    def _state_index(self, state: frozenset[Atom]) -> Index:
        # Static and fluent predicates are disjoint, so a key lives in one index or the other.
        index = _index(state, {})
        for key, atoms in self._static_index.items():
            index[key] = atoms
        return index

    def applicable(self, state: frozenset[Atom]) -> list[GroundAction]:
        memo = self._memo
        if memo is None:
            index = self._state_index(state)
            return [action for schema in self._domain.schemas
                    for action in self._ground_schema(schema, state, index)]
        known = memo.known(self._table, state)
        missing = self._mask & ~known.ground
        if missing:  # the schemas of this domain not yet ground in this state
            index = self._state_index(state)
            for (number, bit), schema in zip(self._bits, self._domain.schemas, strict=True):
                if missing & bit:
                    ground = list(self._ground_schema(schema, state, index))
                    if ground:
                        known.actions[number] = ground
            known.ground |= missing
        # Few schemas apply in a state: their actions, in the domain's order of schemas.
        kept = sorted((self._order[number], actions) for number, actions in
                      known.actions.items() if number in self._order)
        return [action for _, actions in kept for action in actions]

    def _ground_schema(
        self, schema: Schema, atoms: frozenset[Atom], index: Index
    ) -> Iterator[GroundAction]:
        positive = [lit for lit in schema.preconditions if lit.positive]
        negative = [lit for lit in schema.preconditions if not lit.positive]

        def extend(position: int, binding: dict[str, str]) -> Iterator[dict[str, str]]:
            if position == len(positive):
                yield binding
                return
            for extended in _matches(positive[position], binding, index):
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
