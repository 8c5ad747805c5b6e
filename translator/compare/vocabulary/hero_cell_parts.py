"""Parts read off the hero's own cell, before and after an action (inference.py calls this
after flag_parts.py and before state_parts.py, whose looser rules would take these
predicates for other parts), so that a model renamed to random letters reads as it does
under its own names:

- the **goal** cells: a static place predicate (almost) every action requires absent on the
  cell the hero stands on before it, since no move is made once the hero is next to a demon;
- **traps written by their first phase**, with a flag every action flips (the parity, R-T1):
  a static place predicate required on the cell the hero ends on is a trap raised from the
  start when it is required only as the flag ends even (raised again after an even number
  of actions), a trap lowered from the start when only as it ends odd, and the **spikes**
  when as it ends either way, unless stepping there always gives a flag (a key left lying).
  The flag is absent in every level's first state, so it ends even exactly where the action
  requires it present.
"""

from __future__ import annotations

from collections import Counter

from strips_model.schema import Literal, Schema
from translator.compare.vocabulary.behaviour import arrival_of, pick, under_skeleton, variables
from translator.compare.vocabulary.facts import SchemaFacts
from translator.compare.vocabulary.flags import pending
from translator.compare.vocabulary.roles import Evidence, Found, Role, Roles, by_actions
from translator.compare.vocabulary.structure import requirements
from translator.compare.vocabulary.trap_parity import flipping, parity_ending, trap_parity

GOAL_SHARE = 0.9
"""Of the actions with a hero, the share that must keep the hero off the goal cells."""


def _cells(schema: Schema, hero: str) -> tuple[set[str], set[str]] | None:
    """The variables of the hero's cell before the action and after it."""
    before = requirements(schema, hero)
    if len(before) != 1:
        return None
    here = set(variables(before[0]))
    return here, arrival_of(schema, hero) or here


def _on(literal: Literal, cell: set[str], width: int) -> bool:
    """`literal` names a place, and that place is `cell`."""
    names = set(variables(literal))
    return len(literal.args) == width and len(names) == width and names <= cell


def _goal(facts: SchemaFacts, hero: str, static: set[str]) -> tuple[str, int] | None:
    kept_off: Counter[str] = Counter()
    with_hero = 0
    for schema in facts.read:
        cells = _cells(schema, hero)
        if cells is None:
            continue
        with_hero += 1
        kept_off.update({lit.predicate for lit in schema.preconditions
                         if not lit.positive and lit.predicate in static
                         and _on(lit, cells[0], facts.width)})
    fitting = {n: c for n, c in kept_off.items() if with_hero and c >= GOAL_SHARE * with_hero}
    chosen = pick(Role.GOAL, fitting)
    return None if chosen is None else (chosen, fitting[chosen])


def _goal_only(facts: SchemaFacts, static: set[str]) -> str | None:
    """A predicate no action names that the goal requires on the hero's own place: the cells
    the hero may end on, next to a demon (a model that lets the planner stop there)."""
    return pick(Role.GOAL, {n: 1 for n in facts.at_hero_in_goal & static})


def _phases(facts: SchemaFacts, hero: str, parity: str, static: set[str]
            ) -> dict[str, set[bool]]:
    """For each static place predicate required on the cell the hero ends on, whether the
    parity flag ends the action set (odd), unset (even), or both, over the actions."""
    ends: dict[str, set[bool]] = {}
    ending = parity_ending(facts.read, parity)
    for schema in facts.read:
        cells = _cells(schema, hero)
        odd_after = ending(schema)
        if cells is None or odd_after is None:
            continue
        for lit in schema.preconditions:
            if lit.positive and lit.predicate in static and _on(lit, cells[1], facts.width):
                ends.setdefault(lit.predicate, set()).add(odd_after)
    return ends


def _giving(facts: SchemaFacts, hero: str, names: set[str], parity: str) -> set[str]:
    """Of `names`, those every action ending the hero on them gives a flag besides the
    parity and a turn owed (`hurt`, paid by a damage action): a key left on its cell that
    gives the key again (`has_key`), never spikes."""
    moving = tuple(s for s in facts.read if arrival_of(s, hero) is not None)
    flags = {n for n, count in facts.arity.items() if count == 0 and n != parity} - pending(
        facts.read, moving)
    gives: dict[str, bool] = {}
    for schema in facts.read:
        cells = _cells(schema, hero)
        if cells is None:
            continue
        added = any(e.positive and e.predicate in flags for e in schema.effects)
        for lit in schema.preconditions:
            if lit.positive and lit.predicate in names and _on(lit, cells[1], facts.width):
                gives[lit.predicate] = gives.get(lit.predicate, True) and added
    return {name for name, always in gives.items() if always}


def _alone(facts: SchemaFacts, hero: str, either: set[str], skeleton: str | None,
           parity: str, trap: str | None = None) -> set[str]:
    """Of the predicates required where the hero ends as the flag ends either way, those
    required there beside the fewest other static predicates: spikes lie alone on their
    cell, where a floor that leaves them out (`floor(P)`, the safe step; `spike(P)`, the one
    that hurts) is required beside a trap's phase too (`floor(P) ∧ trap(P, 1)`; with a phase
    written as a value, `trap` relates the cell to it: `floor(P) ∧ trap(P, T2)`). Never one
    required where a skeleton is pushed and stays: it would die on spikes (`safe(P)`)."""
    either = either - under_skeleton(facts.read, facts.static, skeleton) - _giving(
        facts, hero, either, parity)
    if len(either) < 2:
        return either
    beside: dict[str, set[str]] = {name: set() for name in either}
    for schema in facts.read:
        cells = _cells(schema, hero)
        if cells is None:
            continue
        there = {lit.predicate for lit in schema.preconditions if lit.positive
                 and lit.predicate in facts.static and (set(variables(lit)) == cells[1] or (
                     lit.predicate == trap and set(variables(lit)) > cells[1]))}
        for name in there & either:
            beside[name] |= there - {name}
    fewest = min(map(len, beside.values()))
    return {name for name, others in beside.items() if len(others) == fewest}


def hero_cell_parts(facts: SchemaFacts, candidates: set[str], roles: Roles) -> Found:
    """The goal cells, and traps by their first phase with the spikes (module doc), the roles
    already read (`roles`) aside."""
    hero = facts.hero
    if hero is None:
        return Found()
    found: dict[Role, str] = {}
    evidence: list[Evidence] = []
    static = {n for n in candidates if n in facts.static and facts.arity[n] == facts.width}
    goal = None if Role.GOAL in roles else _goal(facts, hero, static)
    if goal is not None:
        found[Role.GOAL] = goal[0]
        static.discard(goal[0])
        evidence.append(by_actions(Role.GOAL, goal[0], f"kept off the hero's own cell by "
                                   f"{goal[1]} action(s): no move once the hero has won"))
    elif (only := None if Role.GOAL in roles else _goal_only(facts, static)) is not None:
        found[Role.GOAL] = only
        static.discard(only)
        evidence.append(Evidence(Role.GOAL, f"goal: {only}, named by no action and by the "
                                 "goal on the hero's own place: where the hero ends"))
    if Role.TRAP_FLIP in roles:
        found |= _spikes_by_phase_value(facts, hero, static, roles, evidence)
        return Found(found, tuple(evidence))
    parity = trap_parity(facts.read, facts.arity, set(roles.values()))
    if parity is None:
        return Found(found, tuple(evidence))
    ends = _phases(facts, hero, parity, static)
    flips = flipping(facts.read, parity)
    spikes = pick(Role.SPIKES, {n: 1 for n in _alone(facts, hero, {
        n for n, e in ends.items() if e == {False, True}}, roles.get(Role.SKELETON), parity)
        if Role.SPIKES not in roles})
    if spikes is not None:
        found[Role.SPIKES] = spikes
        evidence.append(by_actions(Role.SPIKES, spikes, f"required where the hero ends "
                                   f"whether {parity}, which {flips}, ends set "
                                   "or not"))
    raised = pick(Role.TRAP_RAISED, {n: 1 for n, e in ends.items() if e == {False}})
    lowered = pick(Role.TRAP_LOWERED, {n: 1 for n, e in ends.items() if e == {True}})
    if raised is None or lowered is None or \
            {Role.TRAP, Role.TRAP_RAISED, Role.TRAP_LOWERED} & set(roles):
        return Found(found, tuple(evidence))
    said = f"required where the hero ends only as {parity}, which {flips}, ends"
    found |= {Role.TRAP_RAISED: raised, Role.TRAP_LOWERED: lowered, Role.TRAP_PARITY: parity}
    evidence += [by_actions(Role.TRAP_RAISED, raised, f"{said} unset (a trap raised at first)"),
                 by_actions(Role.TRAP_LOWERED, lowered, f"{said} set (a trap lowered at first)"),
                 by_actions(Role.TRAP_PARITY, parity, f"a flag {flips}, absent at "
                            "first: the traps' parity")]
    return Found(found, tuple(evidence))


def _spikes_by_phase_value(facts: SchemaFacts, hero: str, static: set[str], roles: Roles,
                           evidence: list[Evidence]) -> dict[Role, str]:
    """With the traps' phase a value (valued_parity.py), one schema serves both parities:
    the spikes are the static place predicate required where the hero ends that lies
    there alone (`_alone`), the trap relation counted beside what it is required with."""
    if Role.SPIKES in roles:
        return {}
    ending: set[str] = set()
    for schema in facts.read:
        cells = _cells(schema, hero)
        if cells is not None:
            ending |= {lit.predicate for lit in schema.preconditions if lit.positive
                       and lit.predicate in static and _on(lit, cells[1], facts.width)}
    spikes = pick(Role.SPIKES, {n: 1 for n in _alone(
        facts, hero, ending, roles.get(Role.SKELETON), roles[Role.TRAP_PARITY],
        roles[Role.TRAP])})
    if spikes is None:
        return {}
    evidence.append(by_actions(Role.SPIKES, spikes, "required where the hero ends, alone "
                               "on its cell, beside traps raised by a phase's value"))
    return {Role.SPIKES: spikes}
