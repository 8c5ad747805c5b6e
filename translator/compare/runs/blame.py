"""Which schema the game's step blames when a model has no action for a key press the game
makes: the one that, its failing preconditions set aside, would do what the game does.

The schema that came closest to applying (the most literals satisfied, why_blocked.py) is
often a neighbour of the one at fault: an extra precondition in the plain move leaves the
hurt move or the kick just as close. The game's step tells them apart. Each schema of the key
press, at the game's cost, is matched with one of its preconditions failing, else two
(`MOST_PASSED`: a positive one passed over in the join, or a negative one whose atom holds);
a binding whose effects, applied, look like the game's next state (models/observation.py) is
one the model meant, and the literals it fails on are the fault. Not when it would delete an
atom it fails on: the odd-parity move in an even state, or a kill of a skeleton that is not
there, looks like the game's wait only because its effect is none. Fewest failing literals
first, then fewest effects that change nothing (a delete of an absent atom, an add of a
present one: they read another state than this), then the model's order: one step cannot
tell apart two schemas that would both do what the game does, each but for one literal (two
cases of one disjunction; the move into the lock cell and the unlock, the key held). Nothing
here reads a name.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from strips_model.moves import Direction
from strips_model.schema import Literal, Schema
from translator.compare.models.observation import Observation
from translator.compare.models.protocols import LevelModel
from translator.ground.exact_semantics import unify
from translator.model.level_facts import Atom

MOST_PASSED = 2
"""Preconditions a binding may fail: a slip is one literal, two of them are rare, and every
one more multiplies the bindings tried."""
MOST_NODES = 20_000
"""Join steps per schema and number passed over: past it the schema is left to the closest
rule (a schema of many free arguments passed over its binder would enumerate them all)."""


@dataclass(frozen=True, slots=True)
class GameStep:
    """What the game's move shows after it, and what it costs."""

    seen: Observation
    cost: int


@dataclass(frozen=True, slots=True)
class Blamed:
    """A schema that would do what the game does, but for the preconditions it fails on."""

    schema: str
    binding: dict[str, str]
    failing: tuple[Literal, ...]
    idle: int
    """Its effects that change nothing in the state: fewer reads the state as it is."""


_last: list[tuple[LevelModel, frozenset[Atom], Direction, GameStep, bool, list[Blamed]]] = []
"""The last answer: divergence.py words a block and repair/verify.py ranks its schemas next,
on the same state (a repair meets thousands of blocks)."""


def blamed(model: LevelModel, atoms: frozenset[Atom], direction: Direction,
           game: GameStep, every: bool = False) -> list[Blamed]:
    """The schemas of the key press that would do what the game does, best first (at most one
    binding each); empty when none would, and the closest rule is left to name one. Unless
    `every`, the search stops at the first schema, in the model's order, that none after it
    can come before (failing as few literals, and no effect in vain)."""
    if _last and _last[0][0] is model and _last[0][1:5] == (atoms, direction, game, every):
        return list(_last[0][5])
    found = _search(model, atoms, direction, game, every)
    _last[:] = [(model, atoms, direction, game, every, found)]
    return list(found)


def _search(model: LevelModel, atoms: frozenset[Atom], direction: Direction,
            game: GameStep, every: bool) -> list[Blamed]:
    facts = _Facts(atoms | model.static())
    shown: dict[frozenset[Atom], Observation | None] = {}
    order = {schema.name: index for index, (schema, _) in
             enumerate(model.schemas_for(direction))}
    # A model with actions a key press forces (a damage paid apart, the traps' `Tick`) is
    # matched after them, at their cost too.
    forcing = model.forced_after(atoms) is not None
    for most in range(1, MOST_PASSED + 1):
        found: dict[str, Blamed] = {}
        for schema, fixed in model.schemas_for(direction):
            if schema.cost > game.cost or schema.cost < game.cost and not forcing:
                continue
            for binding, failing in _bindings(schema, fixed, facts, most):
                after, idle, deletes = _applied(schema, binding, atoms)
                if any(lit.positive and _ground(lit, binding) in deletes for lit in failing):
                    continue  # it would take what is not there: its effect is none
                if forcing:
                    after, cost = model.forced_after(after) or (after, 0)
                    if schema.cost + cost != game.cost:
                        continue
                if after not in shown:
                    shown[after] = _observed(model, after)
                if shown[after] != game.seen:
                    continue
                candidate = Blamed(schema.name, binding, failing, idle)
                known = found.get(schema.name)
                if known is None or _rank(candidate) < _rank(known):
                    found[schema.name] = candidate
            if not every and any(b.idle == 0 for b in found.values()):
                break
        if found:
            return sorted(found.values(), key=lambda b: (*_rank(b), order[b.schema]))
    return []


def _observed(model: LevelModel, atoms: frozenset[Atom]) -> Observation | None:
    """What the player would see; None for a state that names a place no cell of the level
    has (a binding passed over a literal may write one the model's own actions never do)."""
    try:
        return model.observe(atoms)
    except ValueError:
        return None


def _rank(candidate: Blamed) -> tuple[int, int]:
    return len(candidate.failing), candidate.idle


class _Facts:
    """A state with the level's static facts, and the atoms of a literal looked up by the
    arguments a binding already knows (tables made on first use)."""

    def __init__(self, facts: frozenset[Atom]) -> None:
        self.facts = facts
        self.by_predicate: dict[str, list[Atom]] = {}
        for atom in sorted(facts):
            self.by_predicate.setdefault(atom[0], []).append(atom)
        self._tables: dict[tuple[str, tuple[int, ...]], dict[tuple[str, ...], list[Atom]]] = {}

    def holds(self, literal: Literal, binding: dict[str, str]) -> bool | None:
        """Whether the literal holds under `binding`; None when a variable of it is unbound."""
        values = []
        for term in literal.args:
            if not term.is_variable:
                values.append(term.name)
            elif (value := binding.get(term.name)) is not None:
                values.append(value)
            else:
                return None
        return ((literal.predicate, *values) in self.facts) == literal.positive

    def matching(self, literal: Literal, binding: dict[str, str]) -> list[Atom]:
        """The atoms of the literal's predicate that agree with what `binding` knows of it."""
        known = tuple(slot for slot, t in enumerate(literal.args)
                      if not t.is_variable or t.name in binding)
        table = self._tables.get((literal.predicate, known))
        if table is None:
            table = self._tables[(literal.predicate, known)] = {}
            for atom in self.by_predicate.get(literal.predicate, ()):
                if len(atom) == len(literal.args) + 1:
                    table.setdefault(tuple(atom[slot + 1] for slot in known), []).append(atom)
        args = literal.args
        return table.get(tuple(binding[args[slot].name] if args[slot].is_variable
                               else args[slot].name for slot in known), [])


def _bindings(schema: Schema, fixed: dict[str, str], facts: _Facts, most: int
              ) -> Iterator[tuple[dict[str, str], tuple[Literal, ...]]]:
    """Each complete binding (every variable of the schema bound) under which at most `most`
    preconditions fail, but some do, once each, with those that fail: a depth-first join
    (`_join_order`) that may pass over a positive precondition; a negative one counts as soon
    as its arguments are known. A variable that only literals passed over (or the effects)
    name takes each value its places hold, when it is the only one."""
    positive = _join_order(schema, frozenset(fixed))
    negative = [lit for lit in schema.preconditions if not lit.positive]
    variables = {t.name for lit in (*schema.preconditions, *schema.effects)
                 for t in lit.args if t.is_variable} | {p.name for p in schema.parameters}
    seen: set[tuple[tuple[str, str], ...]] = set()
    nodes = 0

    def extend(index: int, undecided: list[Literal], binding: dict[str, str], failed: int
               ) -> Iterator[tuple[dict[str, str], tuple[Literal, ...]]]:
        nonlocal nodes
        nodes += 1
        still: list[Literal] = []
        for literal in undecided:
            value = facts.holds(literal, binding)
            if value is None:
                still.append(literal)
            elif not value:
                failed += 1
        if nodes > MOST_NODES or failed > most:
            return
        if index == len(positive):
            for complete in _completed(binding, variables, schema, facts.by_predicate):
                failing = tuple(lit for lit in schema.preconditions
                                if facts.holds(lit, complete) is False)
                if 0 < len(failing) <= most:
                    yield complete, failing
            return
        literal = positive[index]
        for atom in facts.matching(literal, binding):
            extended = unify(literal, atom, binding)
            if extended is not None:
                yield from extend(index + 1, still, extended, failed)
        if facts.holds(literal, binding) is not True:  # one that holds is matched above
            yield from extend(index + 1, still, binding, failed + 1)

    for binding, failing in extend(0, negative, dict(fixed), 0):
        key = tuple(sorted(binding.items()))
        if key not in seen:
            seen.add(key)
            yield binding, failing


@lru_cache(maxsize=4096)
def _join_order(schema: Schema, known: frozenset[str]) -> tuple[Literal, ...]:
    """The positive preconditions in the order they are joined, `known` variables bound at
    the start: next, the one with the fewest arguments not known yet (a lookup before a
    scan), as if each before it had matched."""
    order: list[Literal] = []
    left = [lit for lit in schema.preconditions if lit.positive]
    while left:
        best = min(left, key=lambda lit: sum(1 for t in lit.args
                                             if t.is_variable and t.name not in known))
        order.append(best)
        left.remove(best)
        known = known | {t.name for t in best.args if t.is_variable}
    return tuple(order)


def _completed(binding: dict[str, str], variables: set[str], schema: Schema,
               by_predicate: dict[str, list[Atom]]) -> Iterator[dict[str, str]]:
    free = sorted(variables - binding.keys())
    if not free:
        yield binding
    elif len(free) == 1:
        for value in _values(free[0], schema, by_predicate):
            yield {**binding, free[0]: value}


def _values(variable: str, schema: Schema, by_predicate: dict[str, list[Atom]]) -> list[str]:
    """What a variable of the schema may stand for, read off where it is written: the values
    the facts hold at each of its places (a counter's variable takes no cell)."""
    found: set[str] | None = None
    for literal in (*schema.preconditions, *schema.effects):
        atoms = by_predicate.get(literal.predicate, ())
        for slot, term in enumerate(literal.args):
            if term.is_variable and term.name == variable and atoms:
                here = {atom[slot + 1] for atom in atoms if len(atom) > slot + 1}
                found = here if found is None else found & here
    return sorted(found or ())


def _ground(literal: Literal, binding: dict[str, str]) -> Atom:
    return (literal.predicate,
            *(binding[t.name] if t.is_variable else t.name for t in literal.args))


def _applied(schema: Schema, binding: dict[str, str], atoms: frozenset[Atom]
             ) -> tuple[frozenset[Atom], int, frozenset[Atom]]:
    """The state after the schema's effects under `binding` (deletes, then adds), how many of
    the effects change nothing, and the deletes."""
    adds = {_ground(lit, binding) for lit in schema.effects if lit.positive}
    deletes = frozenset(_ground(lit, binding) for lit in schema.effects if not lit.positive)
    idle = sum(1 for atom in deletes if atom not in atoms) \
        + sum(1 for atom in adds if atom in atoms and atom not in deletes)
    return frozenset((atoms - deletes) | adds), idle, deletes
