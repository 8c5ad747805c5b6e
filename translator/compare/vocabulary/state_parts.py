"""The parts of the game that change state or wait where the hero arrives, found by what the
actions do (behaviour.py finds the ones that move or block):

- a **trap** is a place fluent that at least half of the actions toggle: require it with one
  state, delete it, add it back on the same cell with another;
- the **demon** is a static place predicate the goal names beside the hero;
- the **key** is a place predicate required where the hero arrives, by a move that adds
  something else than the hero, a counter and the traps (opens the lock, raises a flag);
- **spikes** are a static place predicate a move requires where the hero arrives, changing
  nothing else (a step that costs more);
- the **floor** is a place fluent that moves against what moves: required and deleted where
  the hero or an object arrives, added where it left (`empty`, `free`);
- the **lock** is a place fluent that never moves, that an action opens (changes its state)
  or removes, and that no other part took.

Names break ties between several predicates that fit, then the number of actions.
"""

from __future__ import annotations

from strips_model.schema import Literal, Schema
from translator.compare.vocabulary.behaviour import arrival_of, floor_fitting, pick, variables


def _toggles(schema: Schema, name: str) -> bool:
    required = [lit for lit in schema.preconditions if lit.positive and lit.predicate == name]
    deleted = [lit for lit in schema.effects if not lit.positive and lit.predicate == name]
    added = [lit for lit in schema.effects if lit.positive and lit.predicate == name]
    return any(old.args == gone.args and set(variables(new)) == set(variables(old))
               and new.args != old.args
               for old in required for gone in deleted for new in added)


def _at(literal: Literal, arrival: set[str], width: int) -> bool:
    names = set(variables(literal))
    return len(literal.args) >= width and bool(names) and names <= arrival


def _asked_of_hero_cell(read: tuple[Schema, ...], hero: str, name: str) -> bool:
    """Some action's precondition on `name` is at the hero's place before it moves."""
    for schema in read:
        places = {lit.args for lit in schema.preconditions
                  if lit.positive and lit.predicate == hero}
        if any(lit.predicate == name and lit.args in places for lit in schema.preconditions):
            return True
    return False


def state_parts(read: tuple[Schema, ...], hero: str, candidates: set[str],
                static: frozenset[str], width: int, goal: frozenset[str],
                bookkeeping: frozenset[str], named: frozenset[str]
                ) -> tuple[dict[str, str], list[str]]:
    """Trap, demon, key, spikes and lock (module doc), with the evidence, those of `named`
    (the roles already read) aside. `candidates`: the place predicates no role took yet;
    `bookkeeping`: the hero and the counter."""
    roles: dict[str, str] = {}
    evidence: list[str] = []

    def take(role: str, fitting: dict[str, int], why: str) -> None:
        if role in named or (role == "trap" and "trap_raised" in named):
            return
        chosen = pick(role, {n: c for n, c in fitting.items() if c and n in candidates})
        if chosen is not None:
            roles[role] = chosen
            candidates.discard(chosen)
            evidence.append(f"{role}: {chosen}, {why.format(fitting[chosen])} (by what the "
                            "actions do)")

    fluent = {n for n in candidates if n not in static}
    toggled = {n: sum(_toggles(s, n) for s in read) for n in fluent}
    take("trap", {n: c for n, c in toggled.items() if c * 2 >= len(read)},
         "toggled by {} action(s)")
    if hero in goal:
        # A goal may name the cells next to a demon (`at(x, y) ∧ goal(x, y)`): those are
        # asked of the hero's own cell, which a demon never is.
        take("demon", {n: 1 for n in candidates & goal & static
                       if not _asked_of_hero_cell(read, hero, n)}, "named by the goal ({})")
    quiet = bookkeeping | set(roles.values())
    taking: dict[str, int] = {}
    stepping_on: dict[str, int] = {}
    avoided: dict[str, int] = {}
    for schema in read:
        arrival = arrival_of(schema, hero)
        if arrival is None:
            continue
        changed = {lit.predicate for lit in schema.effects} - quiet
        added = {lit.predicate for lit in schema.effects if lit.positive} - quiet
        for lit in schema.preconditions:
            if lit.predicate not in candidates or not _at(lit, arrival, width):
                continue
            if not lit.positive:
                avoided[lit.predicate] = avoided.get(lit.predicate, 0) + 1
            elif added - {lit.predicate}:
                # Taking the key gives something (a flag, the lock's opened state); walking
                # into the opened lock only removes it.
                taking[lit.predicate] = taking.get(lit.predicate, 0) + 1
            elif changed - {lit.predicate}:
                continue
            else:
                stepping_on[lit.predicate] = stepping_on.get(lit.predicate, 0) + 1
    take("key", taking, "taken where the hero arrives in {} action(s)")
    take("spikes", {n: c + avoided.get(n, 0) for n, c in stepping_on.items() if n in static},
         "stepped on or avoided by {} action(s)")
    take("floor", floor_fitting(read, hero, fluent & candidates), "freed where something "
         "leaves, taken where it arrives, in {} action(s), and needed by a plain move")
    opened = {n: sum(_toggles(s, n) or any(not e.positive and e.predicate == n
                                              for e in s.effects) for s in read)
              for n in fluent & candidates}
    take("lock", opened, "opened or removed by {} action(s), never moved")
    return roles, evidence


def trap_parity(read: tuple[Schema, ...], arity: dict[str, int], taken: set[str]) -> str | None:
    """A flag of no argument that every action flips (required, then deleted; or required
    absent, then added): with traps written by their first phase (`trap_raised` and
    `trap_lowered` static), it says whether they have changed since (R-T1). A model that keeps
    the phase so needs it read, or every trap level reads as a divergence."""
    def flips(schema: Schema, name: str) -> bool:
        before = {lit.positive for lit in schema.preconditions if lit.predicate == name}
        after = {lit.positive for lit in schema.effects if lit.predicate == name}
        return len(before) == 1 and after == {not next(iter(before))}

    flags = sorted(name for name, count in arity.items() if count == 0 and name not in taken
                   and read and all(flips(schema, name) for schema in read))
    return flags[0] if len(flags) == 1 else None
