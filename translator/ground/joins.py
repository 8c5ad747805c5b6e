"""The joins of a schema's positive preconditions, compiled once, and the tables of atoms they
look their arguments up in: what exact_semantics.py's `Grounder` runs for each state.

Each schema's positive preconditions are joined in an order chosen once per domain
(`join_order`): the literals a binding already decides first, then those a bound variable
narrows, fluent before static, written order breaking ties. Which arguments of each are known
when it is reached is fixed by that order, so it is compiled once (`Join`) and its atoms are
looked up by those arguments, not scanned (`compare` asks for the actions of thousands of
states; the order written cost a student model 1,700 partial bindings a state when a static
counter relation came first).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from dataclasses import dataclass

from strips_model.schema import Domain, Literal, Schema
from strips_model.schema_memo import per_schema_and
from translator.model.level_facts import Atom


def ground_literal(literal: Literal, binding: dict[str, str]) -> Atom:
    return (literal.predicate,
            *(binding[t.name] if t.is_variable else t.name for t in literal.args))


@dataclass(frozen=True, slots=True)
class Join:
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


def join_order(literals: list[Literal], fluent: frozenset[str],
               bound: frozenset[str] = frozenset(), relaxed: bool = False) -> list[Literal]:
    """The positive preconditions in the order they are joined, `bound` variables known at the
    start: at each step the literal the binding so far narrows most, by kind (every variable
    bound: a lookup; a fluent with a known argument; a static one with a known argument; a
    fluent with none; a static with none), then by the fewest variables it leaves to bind,
    then as written. The join's result is the same in any order; only the partial bindings
    it goes through differ."""
    known_names = set(bound)
    left = list(enumerate(literals))
    ordered: list[Literal] = []
    while left:
        def rank(entry: tuple[int, Literal]) -> tuple[int, int, int]:
            index, literal = entry
            free = [t.name for t in literal.args if t.is_variable and t.name not in known_names]
            # A constant narrows a relation little (`adjacent(up, x, y, x2, y2)`); a bound
            # variable to a few atoms.
            narrowed = any(t.is_variable and t.name in known_names for t in literal.args)
            # In one state a fluent predicate holds few atoms; in all reachable ones, many.
            is_fluent = (literal.predicate in fluent) != relaxed
            kind = 0 if not free else (1 if is_fluent else 2) if narrowed \
                else (3 if is_fluent else 4)
            return kind, len(set(free)), index

        chosen = min(left, key=rank)
        left.remove(chosen)
        ordered.append(chosen[1])
        known_names.update(t.name for t in chosen[1].args if t.is_variable)
    return ordered


def _compiled(literals: list[Literal], bound: set[str]) -> tuple[Join, ...]:
    joins = []
    for literal in literals:
        known = [(j, t) for j, t in enumerate(literal.args)
                 if not t.is_variable or t.name in bound]
        joins.append(Join(literal.predicate, len(literal.args), tuple(j for j, _ in known),
                          tuple((t.is_variable, t.name) for _, t in known),
                          tuple((j, t.name) for j, t in enumerate(literal.args)
                                if t.is_variable and t.name not in bound)))
        bound.update(t.name for t in literal.args if t.is_variable)
    return tuple(joins)


@per_schema_and
def schema_join(schema: Schema, fluent: Hashable) -> tuple[Join, ...]:
    """The schema's join, compiled once per schema object and set of fluent predicates
    (every level of a model, every probe, asks for the same schemas; a repair's candidates
    keep the objects of the schemas they leave alone)."""
    assert isinstance(fluent, frozenset)
    return _compiled(join_order([lit for lit in schema.preconditions if lit.positive], fluent),
                     set())


@per_schema_and
def join_after(schema: Schema, first: Hashable) -> tuple[Join, ...]:
    """The join of the schema's other positive preconditions once its positive precondition
    number `first[0]` is matched (`first` = (that number, the fluent predicates)): how the
    reachable actions are ground one new atom at a time (exact_semantics.py)."""
    assert isinstance(first, tuple)
    number, fluent = first
    positive = [lit for lit in schema.preconditions if lit.positive]
    start = positive[number]
    names = frozenset(t.name for t in start.args if t.is_variable)
    rest = positive[:number] + positive[number + 1:]
    return _compiled(join_order(rest, fluent, names, relaxed=True), set(names))


Plan = tuple[Schema, tuple[Join, ...], list[Literal]]
"""A schema, its join, its negative preconditions."""
_PLANS: dict[int, tuple[Domain, frozenset[str], list[Plan]]] = {}


def domain_plans(domain: Domain) -> tuple[frozenset[str], list[Plan]]:
    """The predicates some schema of `domain` changes, and each schema with its join, kept by
    the domain's identity (the domain kept with it, so the identity is not reused; a domain is
    immutable): every level and probe of a model sets up a grounder of the same domain, and
    hashing hundreds of schemas to find their joins anew each time cost more than the
    grounding itself."""
    known = _PLANS.get(id(domain))
    if known is None:
        if len(_PLANS) > 64:
            _PLANS.clear()
        fluent = frozenset(lit.predicate for schema in domain.schemas for lit in schema.effects)
        known = _PLANS[id(domain)] = (domain, fluent, [
            (schema, schema_join(schema, fluent),
             [lit for lit in schema.preconditions if not lit.positive])
            for schema in domain.schemas])
    return known[1], known[2]


Table = dict[tuple[str, ...], list[Atom]]
"""Atoms of one predicate and arity by their values at some positions."""


def _table(atoms: list[Atom], arity: int, positions: tuple[int, ...]) -> Table:
    table: Table = {}
    for atom in atoms:
        if len(atom) == arity + 1:
            table.setdefault(tuple(atom[j + 1] for j in positions), []).append(atom)
    return table


class Tables:
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

    def get(self, join: Join) -> Table:
        # Asked once per partial binding: the answer kept by the join's identity.
        found = self._by_join.get(id(join))
        if found is None:
            found = self._by_join[id(join)] = self._build(join)
        return found

    def _build(self, join: Join) -> Table:
        key = (join.predicate, join.arity, join.known)
        static = self._static.get(join.predicate)
        tables = self._tables if static is None else self._static_tables
        table = tables.get(key)
        if table is None:
            atoms = static if static is not None else self._fluent.get(join.predicate, [])
            table = tables[key] = _table(atoms, join.arity, join.known)
        return table


def bindings(joins: tuple[Join, ...], tables: Tables, position: int,
             binding: dict[str, str]) -> Iterator[dict[str, str]]:
    """Every extension of `binding` that matches the joins from `position` on."""
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
            yield from bindings(joins, tables, position + 1, extended)


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
