"""The static parts left once every other rule of what the actions do had its say (inference.py
calls this after state_parts.py, before any name is read):

- **spikes** a skeleton dies on: a static place predicate an action requires where it
  destroys a skeleton, elsewhere than on the hero's own cell, that the hero is never kept
  from (a wall is);
- a **second floor** (`safe(P)` beside `floor(P)`, no spikes there): a static place predicate
  moves require where the hero arrives and none requires absent there, that names the cells
  without spikes: a move requires it where it says nothing of spikes, and none requires it
  where it requires spikes (models/floor.py then reads which parts it leaves out); in a
  model with no spikes, one the moves require where the hero arrives in some and absent in
  others, that is required where a skeleton is pushed and stays (`¬safe(P)` where the step
  hurts: the spikes' complement);
- a **trap** its model never toggles: a second static place predicate the hero steps onto
  as onto the spikes (a move that changes nothing else);
- an **obstacle** (a static place predicate only ever required absent): in a model with a
  key and no lock, the lock the hero never opens; in a model with no goal block, the demon
  (the game's goal is then next to a demon, which nothing else names), or a predicate used
  exactly as the wall is (the reading test, hypotheses.py, swaps the two if the levels say
  so).
"""

from __future__ import annotations

from collections import Counter

from strips_model.schema import Schema
from translator.compare.vocabulary.behaviour import (
    arrival_of,
    pick,
    under_skeleton,
    variables,
)
from translator.compare.vocabulary.facts import SchemaFacts
from translator.compare.vocabulary.roles import Evidence, Found, Role, Roles, by_actions


def _arrivals(read: tuple[Schema, ...], hero: str, width: int
              ) -> tuple[Counter[str], Counter[str], Counter[str]]:
    """(stepped on with nothing else changed, required absent, required) where the hero
    arrives."""
    stepped: Counter[str] = Counter()
    avoided: Counter[str] = Counter()
    required: Counter[str] = Counter()
    for schema in read:
        arrival = arrival_of(schema, hero)
        if arrival is None:
            continue
        for lit in schema.preconditions:
            names = set(variables(lit))
            if len(lit.args) < width or not names or not names <= arrival:
                continue
            if not lit.positive:
                avoided[lit.predicate] += 1
                continue
            required[lit.predicate] += 1
            if not {e.predicate for e in schema.effects} - {hero} - _counters(schema):
                stepped[lit.predicate] += 1
    return stepped, avoided, required


def _deaths(read: tuple[Schema, ...], hero: str, skeleton: str | None
            ) -> tuple[Counter[str], set[str]]:
    """What the actions destroying a skeleton require (by how many), and every predicate some
    action requires."""
    deaths: Counter[str] = Counter()
    present: set[str] = set()
    for schema in read:
        required = {p.predicate for p in schema.preconditions if p.positive}
        present |= required
        if skeleton is not None and any(not e.positive and e.predicate == skeleton
                                        for e in schema.effects) and skeleton not in {
                e.predicate for e in schema.effects if e.positive}:
            # What is asked of the cell the hero leaves is no spikes, which hurt where the
            # hero or a skeleton arrives (`lonely(H)`: no demon next to the hero, R-G2).
            here = {variables(p) for p in schema.preconditions
                    if p.positive and p.predicate == hero}
            deaths.update({p.predicate for p in schema.preconditions
                           if p.positive and variables(p) not in here})
    return deaths, present


def _counters(schema: Schema) -> set[str]:
    """One-argument fluents the schema replaces (a counter)."""
    return {e.predicate for e in schema.effects if len(e.args) == 1}


def leftover_parts(facts: SchemaFacts, candidates: set[str], roles: Roles) -> Found:
    """Spikes, a trap never toggled, the lock never opened and the demon (module doc), the
    roles already read (`roles`) aside."""
    hero = facts.hero
    if hero is None:
        return Found()
    found: dict[Role, str] = {}
    evidence: list[Evidence] = []
    placed = {n for n in candidates if n in facts.static}

    def take(role: Role, fitting: dict[str, int], why: str) -> None:
        chosen = pick(role, {n: c for n, c in fitting.items() if c and n in placed})
        if chosen is None or role in roles or role in found:
            return
        found[role] = chosen
        placed.discard(chosen)
        evidence.append(by_actions(role, chosen, why.format(fitting[chosen])))

    stepped, avoided, required_there = _arrivals(facts.read, hero, facts.width)
    skeleton = roles.get(Role.SKELETON)
    deaths, present = _deaths(facts.read, hero, skeleton)
    take(Role.SPIKES, {n: c for n, c in deaths.items() if not avoided[n]},
         "required where {} action(s) destroy a skeleton, never kept from the hero")
    spikes = {**roles, **found}.get(Role.SPIKES)
    if spikes is not None:
        take(Role.SAFE, _safe_floors(facts, hero, spikes, avoided),
             "required where the hero arrives in {} move(s) that say nothing of the spikes, "
             "never beside them: a second floor, without spikes")
    else:
        under = under_skeleton(facts.read, facts.static, skeleton)
        take(Role.SAFE, {n: c for n, c in required_there.items() if avoided[n] and n in under},
             "required where the hero arrives in {} move(s), absent in others, and where a "
             "skeleton is pushed and stays: the cells without spikes, in a model with none")
    if not {Role.TRAP, Role.TRAP_RAISED} & set(roles) and Role.SPIKES in {*roles, *found}:
        take(Role.TRAP, dict(stepped), "stepped on by {} move(s) that change nothing else, as "
             "the spikes are")
    obstacles = {n: 1 + avoided[n] for n in placed if n not in present}
    if Role.KEY in {*roles, *found}:
        take(Role.LOCK, {n: c for n, c in obstacles.items() if avoided[n]},
             "kept from the hero in {} move(s) and never opened, in a model with a key")
    if not facts.has_goal_block:
        take(Role.DEMON, obstacles, "only ever required absent ({}), in a model with no goal "
             "block")
    wall = roles.get(Role.WALL)
    if wall is not None and (not facts.has_goal_block or Role.GOAL in {*roles, *found}):
        # The goal names no demon (none, or the cells next to one): the levels place it.
        take(Role.DEMON, {n: facts.uses[n] for n in placed if _twins(facts.read, wall, n)},
             "used exactly as the wall ({} literals), in a model whose goal names no demon: "
             "which of the two is the demon, only the levels tell")
    return Found(found, tuple(evidence))


def _safe_floors(facts: SchemaFacts, hero: str, spikes: str, avoided: Counter[str]
                 ) -> dict[str, int]:
    """The static predicates that read as a second floor without spikes (module doc), each
    with the moves that require it where the hero arrives."""
    needed: Counter[str] = Counter()
    beside: set[str] = set()
    for schema in facts.read:
        arrival = arrival_of(schema, hero)
        if arrival is None:
            continue
        there = {lit.predicate: lit.positive for lit in schema.preconditions
                 if variables(lit) and set(variables(lit)) <= arrival
                 and len(lit.args) >= facts.width}
        required = {name for name, positive in there.items()
                    if positive and name in facts.static and name != spikes}
        if there.get(spikes):
            beside |= required
        elif spikes not in there:
            needed.update(required)
    return {name: count for name, count in needed.items()
            if name not in beside and not avoided[name]}


def _twins(read: tuple[Schema, ...], one: str, other: str) -> bool:
    """The schemas write `other` as they write `one`, up to which of the cases of a
    disjunction does (a demon and a wall are both obstacles, to the hero and to what it
    kicks): the same uses, schema for schema, as multisets."""
    def uses(name: str) -> list[list[tuple[bool, bool, tuple[str, ...]]]]:
        return sorted(sorted((clause, lit.positive, tuple(t.name for t in lit.args))
                             for clause, literals in ((True, schema.preconditions),
                                                      (False, schema.effects))
                             for lit in literals if lit.predicate == name)
                      for schema in read)
    return uses(one) == uses(other)
