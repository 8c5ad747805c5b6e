"""The parts of the game that change state or wait where the hero arrives, found by what the
actions do (behaviour.py finds the ones that move or block):

- a **trap** is a place fluent that at least half of the actions toggle (require it with one
  state, delete it, add it back on the same cell with another), or that actions toggle both
  ways, as a turn's bookkeeping does when it walks the traps one by one (trap_walk.py);
- the **demon** is a static place predicate the goal names beside the hero;
- the **key** is a place predicate required where the hero arrives, by a move that adds
  something else than the hero, a counter and the traps (opens the lock, raises a flag);
- **spikes** are a static place predicate a move requires where the hero arrives, changing
  nothing else (a step that costs more);
- the **floor** is a place fluent that moves against what moves: required and deleted where
  the hero or an object arrives, added where it left (`empty`, `free`); its complement,
  **occupied**, required absent and added where an object arrives, deleted where it left;
- the **lock** is a place fluent that never moves, that an action opens (changes its state)
  or removes, that no action makes (behaviour.py `marks`), and that no other part took.

Names break ties between several predicates that fit, then the number of actions.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from strips_model.schema import Literal, Schema
from translator.compare.vocabulary.behaviour import (
    arrival_of,
    marks,
    pick,
    under_skeleton,
    variables,
)
from translator.compare.vocabulary.facts import SchemaFacts
from translator.compare.vocabulary.flag_parts import (
    lock_parts,
    place_with_a_state,
    with_a_constant_of,
)
from translator.compare.vocabulary.flags import pending
from translator.compare.vocabulary.floor_trades import floor_fitting
from translator.compare.vocabulary.roles import Evidence, Found, Role, Roles, by_actions


def _toggles(schema: Schema, name: str) -> bool:
    return bool(toggled(schema, name))


def toggled(schema: Schema, name: str) -> list[tuple[Literal, Literal]]:
    """Each value of `name` the schema turns on its cell to another state: required, deleted,
    added back on the same variables with other constants, as (before, after)."""
    required = [lit for lit in schema.preconditions if lit.positive and lit.predicate == name]
    deleted = [lit for lit in schema.effects if not lit.positive and lit.predicate == name]
    added = [lit for lit in schema.effects if lit.positive and lit.predicate == name]
    return [(old, new) for old in required for gone in deleted for new in added
            if old.args == gone.args and new.args != old.args
            and set(variables(new)) == set(variables(old))]


def _turns(schema: Schema, name: str) -> set[tuple[tuple[str, ...], tuple[str, ...]]]:
    """The (old, new) constants of each value of `name` the schema turns on its cell."""
    return {(_constants(old), _constants(new)) for old, new in toggled(schema, name)}


def _constants(literal: Literal) -> tuple[str, ...]:
    return tuple(t.name for t in literal.args if not t.is_variable)


def _both_ways(read: tuple[Schema, ...], name: str) -> bool:
    """Some action turns a value of `name` from one state to another, and another back: a
    lock is opened, never closed again."""
    turns = {turn for schema in read for turn in _turns(schema, name)}
    return any((new, old) in turns for old, new in turns)


def _at(literal: Literal, arrival: set[str], width: int) -> bool:
    names = set(variables(literal))
    return len(literal.args) >= width and bool(names) and names <= arrival


def _asked_of_hero_cell(read: tuple[Schema, ...], hero: str, name: str) -> bool:
    """Some action's precondition on `name` is at the hero's place before it moves: its
    arguments among the hero's (which may hold a state too: `at(x, y, haskey)`)."""
    for schema in read:
        heroes = [set(lit.args) for lit in schema.preconditions
                  if lit.positive and lit.predicate == hero]
        if any(lit.predicate == name and lit.args and set(lit.args) <= args
               for lit in schema.preconditions for args in heroes):
            return True
    return False


@dataclass(frozen=True, slots=True)
class _Arrivals:
    """What the moves do with each candidate where the hero arrives (counts of moves)."""

    taking: dict[str, int]
    """Required there, by a move that gives something else than the bookkeeping."""
    stepping_on: dict[str, int]
    """Required there, by a move that changes nothing else."""
    avoided: dict[str, int]
    """Required absent there."""
    taken_away: set[str]
    """Of `taking`, those some taking move deletes there (removed, or turned `taken`)."""
    needs: dict[str, set[str]]
    """What the taking moves of each require besides."""
    gives: dict[str, set[str]]
    """What the taking moves of each add, and none deletes (a flag every action flips is
    given and taken back alike)."""

    def key_fitting(self, candidates: set[str]) -> dict[str, int]:
        """The candidates that may be the key: taken away if any is (a cell free for an
        object lets the hero pass, whatever else a move gives; a key the model never takes
        away is still the key when nothing else is), and not opened with what another one's
        taking gives (a lock with a state turned open with the key flag)."""
        taking = {n: c for n, c in self.taking.items() if n in candidates}
        fitting = {n: c for n, c in taking.items() if n in self.taken_away} or taking
        first = {n: c for n, c in fitting.items()
                 if not any(self.needs[n] & self.gives[other] for other in fitting
                            if other != n)}
        return first or fitting

    def spikes_fitting(self, static: AbstractSet[str], unspiked: AbstractSet[str]
                       ) -> dict[str, int]:
        """The static candidates stepped on or avoided, never one `unspiked` (required where
        a skeleton is pushed and stays: it would die on spikes; a floor without them,
        `safe(P)`, is read in leftover_parts.py)."""
        return {n: c + self.avoided.get(n, 0) for n, c in self.stepping_on.items()
                if n in static and n not in unspiked}


def _where_the_hero_arrives(facts: SchemaFacts, hero: str, candidates: set[str],
                            quiet: set[str]) -> _Arrivals:
    """What the moves do with each candidate where the hero arrives (`_Arrivals`), `quiet`
    the bookkeeping that tells no part."""
    found = _Arrivals({}, {}, {}, set(), {}, {})
    deleted: dict[str, set[str]] = {}
    for schema in facts.read:
        arrival = arrival_of(schema, hero)
        if arrival is None:
            continue
        changed = {lit.predicate for lit in schema.effects} - quiet
        added = {lit.predicate for lit in schema.effects if lit.positive} - quiet
        for lit in schema.preconditions:
            name = lit.predicate
            if name not in candidates or not _at(lit, arrival, facts.width):
                continue
            if not lit.positive:
                found.avoided[name] = found.avoided.get(name, 0) + 1
            elif added - {name}:
                # Taking the key gives something (a flag, the lock's opened state); walking
                # into the opened lock only removes it.
                found.taking[name] = found.taking.get(name, 0) + 1
                if any(not e.positive and e.args == lit.args and e.predicate == name
                       for e in schema.effects):
                    found.taken_away.add(name)
                found.needs.setdefault(name, set()).update(
                    other.predicate for other in schema.preconditions
                    if other.positive and other.predicate not in quiet | {name})
                found.gives.setdefault(name, set()).update(added - {name})
                deleted.setdefault(name, set()).update(
                    e.predicate for e in schema.effects if not e.positive)
            elif changed - {name}:
                continue
            else:
                found.stepping_on[name] = found.stepping_on.get(name, 0) + 1
    for name, gone in deleted.items():
        found.gives[name] -= gone
    return found


def _bookkeeping(facts: SchemaFacts, hero: str, roles: Roles) -> set[str]:
    """What tells no part where the hero arrives: the hero, the counter, and a turn owed."""
    moving = tuple(s for s in facts.read if arrival_of(s, hero) is not None)
    return {n for n in (hero, roles.get(Role.COUNTER)) if n} | pending(facts.read, moving)


def state_parts(facts: SchemaFacts, candidates: set[str], roles: Roles) -> Found:
    """Trap, demon, key, spikes and lock (module doc), with the evidence, the roles already
    read (`roles`) aside. `candidates`: the place predicates no role took yet."""
    hero, read = facts.hero, facts.read
    if hero is None:
        return Found()
    found: dict[Role, str] = {}
    evidence: list[Evidence] = []

    def take(role: Role, fitting: dict[str, int], why: str) -> None:
        if role in roles or (role == Role.TRAP and Role.TRAP_RAISED in roles):
            return
        chosen = pick(role, {n: c for n, c in fitting.items() if c and n in candidates})
        if chosen is not None:
            found[role] = chosen
            candidates.discard(chosen)
            evidence.append(by_actions(role, chosen, why.format(fitting[chosen])))

    fluent = {n for n in candidates if n not in facts.static}
    toggled = {n: sum(_toggles(s, n) for s in read) for n in fluent}
    take(Role.TRAP, {n: c for n, c in toggled.items() if c * 2 >= len(read)
                     or c and _both_ways(read, n)}, "toggled by {} action(s)")
    if hero in facts.goal:
        # A goal may name the cells next to a demon (`at(x, y) ∧ goal(x, y)`): those are
        # asked of the hero's own cell, which a demon never is.
        take(Role.DEMON, {n: 1 for n in candidates & facts.goal & facts.static
                          if not _asked_of_hero_cell(read, hero, n)}, "named by the goal ({})")
    arrivals = _where_the_hero_arrives(facts, hero, candidates,
                                       _bookkeeping(facts, hero, roles) | set(found.values()))
    take(Role.KEY, arrivals.key_fitting(candidates), "taken where the hero arrives in {} "
         "action(s)")
    take(Role.SPIKES, arrivals.spikes_fitting(facts.static, under_skeleton(
        read, facts.static, roles.get(Role.SKELETON))), "stepped on or avoided by {} action(s)")
    take(Role.FLOOR, floor_fitting(read, hero, fluent & candidates), "freed where something "
         "leaves, taken where it arrives, in {} action(s), and needed by a plain move")
    take(Role.OCCUPIED, floor_fitting(read, hero, fluent & candidates, free=False),
         "added where something arrives, deleted where it leaves, in {} action(s), and "
         "required absent by a plain move")
    # A lock is a place with a state at most: a relation of two places (a skeleton doomed
    # from where the hero stands) that actions delete is none.
    constant = with_a_constant_of(facts)
    opened = {n: sum(_toggles(s, n) or any(not e.positive and e.predicate == n
                                              for e in s.effects) for s in read)
              for n in (fluent & candidates) - marks(read, fluent & candidates)
              if place_with_a_state(facts, n, constant)}
    take(Role.LOCK, opened, "opened or removed by {} action(s), never moved")
    lock = found.get(Role.LOCK)
    if lock is not None and Role.HAS_KEY not in roles:
        # A lock turned open (a state) is read only here, after the flags: what its opening
        # needs besides the hero is the key flag, as for a lock removed (flag_parts.py).
        flag = next((name for role, name, _ in lock_parts(facts, hero, candidates,
                                                          {**roles, Role.LOCK: lock})
                     if role is Role.HAS_KEY and name is not None
                     and facts.arity[name] == 0), None)
        if flag is not None:
            found[Role.HAS_KEY] = flag
            evidence.append(by_actions(Role.HAS_KEY, flag, f"a flag most openings of {lock} "
                                       "need"))
    return Found(found, tuple(evidence))
