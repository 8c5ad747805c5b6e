"""How many ground actions a domain has on a level's facts, counted without grounding it: what
the compare stage weighs before it lets a hand-written model's grounding start
(translator/compare/runs/grounding_budget.py). A parameter that no positive precondition
binds is copied once per object of its type, and two of them multiply: a grounder only
finds out by running out of time or memory, while counting takes a fraction of a second
(a first pass bounds each group of static preconditions without joining it, enough when the
total stays within the budget; a second joins them).

The count is an over-approximation of any relaxed grounding, exact_semantics.py's or Fast
Downward's. Only the schemas the place-wise analysis may apply are counted (placewise_reach.py:
any other has no action in a relaxed grounding); each of them:
- each fluent predicate's arguments take the values some initial atom or some add effect can
  give them (a fixed point over argument places, not over atoms: `hero(C)` takes every cell
  an action can move the hero to, never pairs of them);
- the positive static preconditions are joined for real, each group of them that shares
  variables on its own, and only their number of bindings is kept (the one place a join
  correlates `adjacent(C, N, D)`'s three values, which a product over places would not);
- every other parameter multiplies the count by the values its places allow, or by the
  objects of its type when no positive precondition names it.
The join stops counting past `cap` (the caller's budget); its total is then "more than".

The exact view (exact_semantics.py) grounds state by state instead, and there the same
parameters cost in another way: each binding a state's join finds is copied once per value
of each parameter no positive precondition names (`copies_within`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from strips_model.errors import InputError
from strips_model.schema import Domain, Parameter, Schema
from strips_model.schema_memo import DOMAINS_KEPT, per_schema
from translator.ground.placewise_reach import possibly_applicable
from translator.ground.static_join import Relations, groups, join_bound, join_count
from translator.model.level_facts import Atom, Facts

COPIES_BUDGET: Final = 1_000
"""The most copies of one binding a schema may make in the exact view (module doc). One
parameter no positive precondition names makes one per object: 16 to 49 on classic levels
1-9 for the shared models with cells as pairs of numbers, 103 on the repros' open room with
cells as single terms; replays bear that. Two make the product, 10,609 on that room (32,000
actions in the first state of `do(act(move, D), step, turn)` with `-played(step, turn)`,
and its reading test, which shows the player each of them, gave no answer in two minutes);
with cells as pairs, 256 to 2,401, which this lets through where it stays small."""

Place = tuple[str, int, int]
"""A predicate, its arity and an argument position."""


@dataclass(frozen=True, slots=True)
class SchemaCount:
    schema: str
    actions: int
    """Its ground actions at most (or, when `capped`, more than the cap at least)."""
    capped: bool
    unbound: tuple[tuple[str, int], ...]
    """Its parameters no positive precondition names, each with the values it takes."""
    factors: tuple[Factor, ...]
    """What its count is the product of, the largest first."""


@dataclass(frozen=True, slots=True)
class Factor:
    names: tuple[str, ...]
    """Parameters whose values are counted together."""
    count: int
    by: tuple[str, ...]
    """The static preconditions joined to count them; none for a parameter counted by the
    values its places allow."""


@dataclass(frozen=True, slots=True)
class GroundingCount:
    schemas: tuple[SchemaCount, ...]

    @property
    def actions(self) -> int:
        return sum(count.actions for count in self.schemas)

    @property
    def capped(self) -> bool:
        return any(count.capped for count in self.schemas)

    def largest(self) -> SchemaCount | None:
        return max(self.schemas, key=lambda count: count.actions, default=None)


class GroundingOverBudget(InputError):
    """A model whose grounding on a level would pass a stated budget, said before it starts:
    that level's reason, never the end of the comparison."""


def _unnamed(schema: Schema) -> tuple[Parameter, ...]:
    named = {t.name for lit in schema.preconditions if lit.positive for t in lit.args
             if t.is_variable}
    return tuple(p for p in schema.parameters if p.name not in named)


# Every level and probe of a model, and every candidate of a repair (one schema changed), asks.
_unnamed_parameters = per_schema(_unnamed)


def _copying_schemas(domain: Domain) -> tuple[Schema, ...]:
    """The schemas with a parameter no positive precondition names."""
    return tuple(schema for schema in domain.schemas if _unnamed_parameters(schema))


# Kept per domain: every level, probe and board of a model grounds the one domain.
_copying = per_schema(_copying_schemas, kept=DOMAINS_KEPT)


def unbound_values(schema: Schema, objects: dict[str, tuple[str, ...]] | dict[str, set[str]]
                   ) -> tuple[tuple[str, int], ...]:
    """The schema's parameters no positive precondition names, each with the objects of its
    type: what each of its bindings is copied by."""
    return tuple((p.name, len(objects.get(p.type, ()))) for p in _unnamed_parameters(schema))


def copies_within(domain: Domain, objects: dict[str, tuple[str, ...]] | dict[str, set[str]],
                  budget: int = COPIES_BUDGET) -> None:
    """Raises `GroundingOverBudget` when some schema copies each binding more than `budget`
    times (module doc)."""
    for schema in _copying(domain):
        unbound = unbound_values(schema, objects)
        copies = math.prod(size for _, size in unbound)
        if copies > budget:
            shown = ", ".join(f"{name} ({size} values)" for name, size in unbound)
            raise GroundingOverBudget(
                f"grounding copies every action of {schema.name} {copies:,} times, more than "
                f"the budget of {budget:,}: its parameters {shown} are bound by no positive "
                "precondition; name each in one, or drop it from the header")


def count_grounding(domain: Domain, facts: Facts, cap: int, joined: bool = False
                    ) -> GroundingCount:
    """The ground actions of each schema of `domain` on `facts` (module doc), counting no
    join past `cap`. The static preconditions are first bounded without joining them
    (`join_bound`), which is enough when the total stays within `cap`; then, or when
    `joined`, they are joined."""
    # A schema the place-wise analysis rules out has no action in any relaxed grounding (its
    # module doc): a planning view of 849 schemas keeps 41 to 481 on a classic level.
    schemas = tuple(schema for schema, kept in zip(
        domain.schemas, possibly_applicable(domain, facts), strict=True) if kept)
    fluent = frozenset(lit.predicate for schema in domain.schemas for lit in schema.effects)
    atoms = Relations(facts)
    values = _fluent_values(schemas, fluent, atoms.by_predicate, facts)
    counted = GroundingCount(())
    for join in ((True,) if joined else (False, True)):
        counted = GroundingCount(tuple(
            _schema_count(schema, fluent, atoms, values, facts, cap if join else None)
            for schema in schemas))
        if counted.actions <= cap:
            break
    return counted


def _static_values(atoms: dict[tuple[str, int], list[Atom]]) -> dict[Place, frozenset[str]]:
    return {(name, arity, j): frozenset(atom[j + 1] for atom in found)
            for (name, arity), found in atoms.items() for j in range(arity)}


def _candidates(schema: Schema, places: dict[Place, frozenset[str]], facts: Facts,
                names: Iterable[str] | None = None) -> dict[str, frozenset[str]]:
    """The values each parameter (of `names`, by default all) can take: those of its type
    that every place a positive precondition names it at allows."""
    wanted = {p.name: p.type for p in schema.parameters}
    if names is not None:
        wanted = {name: wanted[name] for name in names if name in wanted}
    sets: dict[str, list[frozenset[str]]] = {
        name: [frozenset(facts.objects.get(kind, ()))] for name, kind in wanted.items()}
    for literal in schema.preconditions:
        if literal.positive:
            for j, term in enumerate(literal.args):
                if term.is_variable and term.name in sets:
                    sets[term.name].append(places.get(
                        (literal.predicate, len(literal.args), j), frozenset()))
    # Smallest first: each intersection then costs at most the smallest set.
    return {name: frozenset.intersection(*sorted(found, key=len))
            for name, found in sets.items()}


def _fluent_values(schemas: tuple[Schema, ...], fluent: frozenset[str],
                   atoms: dict[tuple[str, int], list[Atom]], facts: Facts
                   ) -> dict[Place, frozenset[str]]:
    """Every place's values: a static one's from its atoms, a fluent one's grown from the
    initial atoms by the add effects until nothing is new."""
    places = _static_values(atoms)
    adds = [(schema, [lit for lit in schema.effects
                      if lit.positive and lit.predicate in fluent]) for schema in schemas]
    changed = True
    while changed:
        changed = False
        for schema, effects in adds:
            candidates = _candidates(schema, places, facts, {
                t.name for lit in effects for t in lit.args if t.is_variable})
            for literal in effects:
                for j, term in enumerate(literal.args):
                    place = (literal.predicate, len(literal.args), j)
                    added = candidates.get(term.name, frozenset()) if term.is_variable \
                        else frozenset((term.name,))
                    known = places.get(place, frozenset())
                    if not added <= known:
                        places[place] = known | added
                        changed = True
    return places


def _schema_count(schema: Schema, fluent: frozenset[str], atoms: Relations,
                  places: dict[Place, frozenset[str]], facts: Facts, cap: int | None
                  ) -> SchemaCount:
    """The schema's count; with no `cap`, its static preconditions only bounded."""
    candidates = _candidates(schema, places, facts)
    named = {t.name for lit in schema.preconditions if lit.positive for t in lit.args
             if t.is_variable}
    static = [lit for lit in schema.preconditions
              if lit.positive and lit.predicate not in fluent]
    joined: set[str] = set()
    factors: list[Factor] = []
    capped = False
    for group in groups(static):
        names = {t.name for lit in group for t in lit.args if t.is_variable}
        # A schema's cases and disjuncts (hundreds, in a planning view) share their groups.
        shape = (frozenset((lit.predicate, lit.args) for lit in group),
                 frozenset((name, candidates.get(name)) for name in names))
        known = atoms.counts.get((shape, cap))
        if known is None:
            known = atoms.counts[(shape, cap)] = (join_bound(group, atoms), False) \
                if cap is None else join_count(group, atoms, candidates, cap)
        capped = capped or known[1]
        factors.append(Factor(tuple(sorted(names)), known[0], tuple(map(str, group))))
        joined |= names
    factors += [Factor((p.name,), len(candidates[p.name]), ()) for p in schema.parameters
                if p.name not in joined]
    total = math.prod(factor.count for factor in factors)
    unbound = tuple((p.name, len(candidates[p.name])) for p in schema.parameters
                    if p.name not in named)
    factors.sort(key=lambda factor: -factor.count)
    return SchemaCount(schema.name, total, capped and total > 0, unbound, tuple(factors))
