"""Parts a model used to be read by their names alone, found by what the actions do
(inference.py calls this after behaviour.py and before state_parts.py; a name only breaks a
tie between predicates that fit, so a model renamed to random letters reads alike):

- a **trap written as two predicates** (`piegeActive`, `piegeInactive`): two place fluents the
  actions swap for each other on one cell, each way round, and never move; the raised one is
  the one the cell holds after an action that destroys a skeleton there (R-E2), or that an
  action removing a place fluent for good requires on its cell;
- a **trap written with its phase** that no action changes (`spike_dynamic(X, Y, 1)`): a
  static place predicate with a constant beside the place, required where the hero arrives;
- the **key**: a place predicate the hero takes, required where the hero stands or arrives
  and deleted there by an action that gives something: a flag of no argument (**has_key**)
  or a new state of the hero (`hero(X, Y, 0)` becomes `hero(X, Y2, 1)`);
- the **lock**: a place fluent (with a state at most: a relation between two places is
  none) an action removes for good while requiring more than the hero, the cell and the
  steps; what it requires is the key flag, or the key;
- a **raised trap** written alone (`piegeActif`): a place fluent an action deletes under the
  hero without moving it and giving nothing (the trap lowering).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from strips_model.schema import Literal, Schema
from translator.compare.vocabulary.behaviour import arrival_of, marks, moved_by, pick, variables
from translator.compare.vocabulary.facts import SchemaFacts
from translator.compare.vocabulary.flags import every_move_needs
from translator.compare.vocabulary.roles import STEPPING, Evidence, Found, Role, Roles, by_actions
from translator.compare.vocabulary.structure import requirements
from translator.compare.vocabulary.words import role_scores


def _swaps(schema: Schema, gone: str, added: str) -> bool:
    """The schema deletes `gone` on a cell and adds `added` on the same one."""
    return any(not d.positive and d.predicate == gone and a.positive and a.predicate == added
               and d.args == a.args for d in schema.effects for a in schema.effects)


def _moved(read: tuple[Schema, ...], name: str) -> bool:
    return any(moved_by(schema, name)[0] for schema in read)


def _destroys(schema: Schema, skeleton: str | None) -> bool:
    return skeleton is not None and any(
        not e.positive and e.predicate == skeleton for e in schema.effects) and not any(
        e.positive and e.predicate == skeleton for e in schema.effects)


def trap_pair(read: tuple[Schema, ...], fluents: set[str], skeleton: str | None
              ) -> tuple[str, str, str] | None:
    """(raised, lowered, what told them apart): two place fluents swapped for each other
    (module doc)."""
    pairs = sorted((a, b) for a in fluents for b in fluents if a < b
                   and any(_swaps(s, a, b) for s in read) and any(_swaps(s, b, a) for s in read)
                   and not _moved(read, a) and not _moved(read, b))
    if len(pairs) != 1:
        return None
    (a, b), votes = pairs[0], Counter[str]()
    for schema in read:
        if _destroys(schema, skeleton):
            votes.update(e.predicate for e in schema.effects
                         if e.positive and e.predicate in (a, b))
    if votes[a] == votes[b]:
        votes = _held_where_removed(read, (a, b))
    if votes[a] == votes[b]:
        # Nothing the actions do tells the phases apart: the names do, then the order.
        raised = max((a, b), key=lambda n: (role_scores(n).get("trap_raised", 0)
                                            - role_scores(n).get("trap_lowered", 0), n == a))
        return raised, b if raised == a else a, ("no skeleton dies on either: by its name, "
                                                 "else the order")
    told = "the one held where a skeleton is destroyed"
    return (a, b, told) if votes[a] > votes[b] else (b, a, told)


def _held_where_removed(read: tuple[Schema, ...], pair: tuple[str, str]) -> Counter[str]:
    """Of the two phases, how often each is required on a cell where an action removes
    another place fluent for good (`mob(x, y) ∧ raised(x, y)` then `¬mob(x, y)`): a skeleton
    dies on the raised phase, whichever predicate the skeleton is read as later."""
    votes = Counter[str]()
    for schema in read:
        gone = {e.args for e in schema.effects if not e.positive and e.predicate not in pair
                and e.args and not any(a.positive and a.predicate == e.predicate
                                       for a in schema.effects)}
        votes.update(p.predicate for p in schema.preconditions
                     if p.positive and p.predicate in pair and p.args in gone)
    return votes


def _hero_cell(schema: Schema, hero: str) -> tuple[set[str], bool] | None:
    """The variables of the cell the hero stands on after the action, and whether it moved."""
    before = requirements(schema, hero)
    if len(before) != 1:
        return None
    arrival = arrival_of(schema, hero)
    return (arrival, True) if arrival is not None else (set(variables(before[0])), False)


def _at(literal: Literal, cell: set[str], width: int) -> bool:
    names = set(variables(literal))
    return len(literal.args) >= width and bool(names) and names <= cell


def _deleted(schema: Schema, literal: Literal) -> bool:
    return any(not e.positive and e.predicate == literal.predicate and e.args == literal.args
               for e in schema.effects)


def _removed(schema: Schema, literal: Literal) -> bool:
    """Deleted, and no atom of its predicate added back."""
    return _deleted(schema, literal) and not any(
        e.positive and e.predicate == literal.predicate for e in schema.effects)


def _hero_state_changed(schema: Schema, hero: str) -> bool:
    before, after = requirements(schema, hero), [
        e for e in schema.effects if e.positive and e.predicate == hero]
    return len(before) == 1 and len(after) == 1 and any(
        not old.is_variable and not new.is_variable and old.name != new.name
        for old, new in zip(before[0].args, after[0].args, strict=False))


@dataclass(frozen=True, slots=True)
class _AtHeroCell:
    """What the actions do to the place predicates on the cell the hero stands on after them,
    each with how many actions do it."""

    taken: Counter[str]
    """Removed there by an action that gives a flag or a new state of the hero."""
    given: Counter[str]
    """The flags those actions give."""
    phased: Counter[str]
    """Static, with a constant beside the place, where the hero arrives."""
    lowered: Counter[str]
    """Removed there by an action that leaves the hero and gives nothing."""


def _at_hero_cell(facts: SchemaFacts, hero: str, candidates: set[str], flags: set[str],
                  counter: str | None) -> _AtHeroCell:
    seen = _AtHeroCell(Counter(), Counter(), Counter(), Counter())
    for schema in facts.read:
        where = _hero_cell(schema, hero)
        if where is None:
            continue
        cell, moved = where
        added = {e.predicate for e in schema.effects if e.positive}
        for lit in schema.preconditions:
            if not lit.positive or lit.predicate not in candidates or \
                    not _at(lit, cell, facts.width):
                continue
            if lit.predicate in facts.static and moved and any(
                    not t.is_variable for t in lit.args) \
                    and facts.arity[lit.predicate] > facts.width:
                seen.phased[lit.predicate] += 1
            if not _removed(schema, lit):
                continue
            gifts = added & flags
            if gifts or _hero_state_changed(schema, hero):
                seen.taken[lit.predicate] += 1
                seen.given.update(gifts)
            elif not moved and not added - {counter}:
                seen.lowered[lit.predicate] += 1
    return seen


def flag_parts(facts: SchemaFacts, candidates: set[str], roles: Roles) -> Found:
    """Traps as two predicates or with a fixed phase, the key, its flag and the lock (module
    doc), the roles already read (`roles`) aside; `candidates`: the place predicates no role
    took yet, those taken here removed."""
    hero = facts.hero
    if hero is None:
        return Found()
    found: dict[Role, str] = {}
    evidence: list[Evidence] = []
    # A flag (almost) every action changes is the phase of the traps, never the key held.
    flipped = {n for n in facts.arity if facts.arity[n] == 0 and 2 * sum(
        any(e.predicate == n for e in schema.effects) for schema in facts.read)
        >= len(facts.read)}
    flags = {n for n, count in facts.arity.items() if count == 0 and n not in facts.static
             and n not in roles.values() and n not in flipped}

    def take(role: Role, name: str | None, why: str) -> None:
        if name is None or role in roles or role in found:
            return
        found[role] = name
        candidates.discard(name)
        flags.discard(name)
        evidence.append(by_actions(role, name, why))

    fluents = {n for n in candidates if n not in facts.static}
    if not {Role.TRAP, Role.TRAP_RAISED} & set(roles):
        pair = trap_pair(facts.read, fluents, roles.get(Role.SKELETON))
        if pair is not None:
            take(Role.TRAP_RAISED, pair[0], f"swapped with {pair[1]} on one cell, raised as "
                 f"{pair[2]}")
            take(Role.TRAP_LOWERED, pair[1], f"swapped with {pair[0]} on one cell")
    seen = _at_hero_cell(facts, hero, candidates, flags, roles.get(Role.COUNTER))
    if not {Role.TRAP, Role.TRAP_RAISED} & (set(roles) | set(found)):
        take(Role.TRAP, pick(Role.TRAP, dict(seen.phased)), "a phase written beside the place, "
             "stepped on where the hero arrives and changed by no action")
    take(Role.KEY, pick(Role.KEY, dict(seen.taken)), "taken where the hero stands or arrives, "
         "giving a flag or a new state of the hero")
    take(Role.HAS_KEY, pick(Role.HAS_KEY, dict(seen.given)), "a flag the hero gets with the key")
    if Role.LOCK not in roles:
        for role, name, why in lock_parts(facts, hero, candidates, roles):
            take(role, name, why)
    if not {Role.TRAP, Role.TRAP_RAISED, Role.LOCK} & (set(roles) | set(found)):
        take(Role.TRAP_RAISED, pick(Role.TRAP_RAISED, {
            n: c for n, c in seen.lowered.items() if n in candidates and n not in facts.static}),
             "deleted under the hero, which stays and gets nothing: a raised trap lowering")
    return Found(found, tuple(evidence))


def with_a_constant_of(facts: SchemaFacts) -> frozenset[str]:
    """The predicates some literal writes with a constant argument (`lock(X, Y, open)`),
    gathered in one pass: asked of every precondition, a scan each was most of the reading
    of an 848-schema model."""
    return frozenset(lit.predicate for schema in facts.read
                     for lit in (*schema.preconditions, *schema.effects)
                     if any(not term.is_variable for term in lit.args))


def place_with_a_state(facts: SchemaFacts, name: str, with_a_constant: frozenset[str]
                        ) -> bool:
    """`name` is a place, or a place and a state some literal writes as a constant (`lock(X,
    Y, open)`, `with_a_constant`); not a relation between two places (`doomedAt(P, S)`, where
    a place is one cell term), whose arguments are all variables."""
    extra = facts.arity[name] - facts.width
    return extra == 0 or extra == 1 and name in with_a_constant


def lock_parts(facts: SchemaFacts, hero: str, candidates: set[str], roles: Roles
          ) -> list[tuple[Role, str | None, str]]:
    """The lock, and what its removal needs as the key flag or the key (module doc), as
    (role, predicate, why). A lock `roles` holds already (a state turned `open`,
    state_parts.py) is opened where an action deletes it, whatever it adds: what that needs
    is read alike."""
    arity = facts.arity
    steps = {roles[r] for r in roles if r in STEPPING}
    quiet = steps | {hero, roles.get(Role.COUNTER)}
    removals: Counter[str] = Counter()
    every_removal: Counter[str] = Counter()
    needs: dict[str, Counter[str]] = {}
    with_a_constant = with_a_constant_of(facts)
    known = roles.get(Role.LOCK)
    made = marks(facts.read, candidates)  # a mark some action makes is no part of the board
    for schema in facts.read:
        if not any(p.positive and p.predicate == hero for p in schema.preconditions):
            continue  # the hero opens the lock: a removal without it is a skeleton dying
        for lit in schema.preconditions:
            opened = lit.predicate == known and _deleted(schema, lit) if known is not None \
                else (lit.predicate in candidates - made and lit.predicate not in facts.static
                      and place_with_a_state(facts, lit.predicate, with_a_constant)
                      and _removed(schema, lit))
            if not lit.positive or not opened:
                continue
            every_removal[lit.predicate] += 1
            wanted = {p.predicate for p in schema.preconditions if p.positive
                      and p.predicate not in quiet and p.predicate != lit.predicate}
            if wanted:
                removals[lit.predicate] += 1
                needs.setdefault(lit.predicate, Counter()).update(wanted)
    lock = known or pick(Role.LOCK, dict(removals))
    if lock is None or lock not in needs:
        return []
    needed = needs[lock]
    # A part is a place, with a state at most: a relation between two places (a skeleton
    # doomed from where the hero stands) that an opening also needs is no key.
    # What (nearly) every move of the hero needs is needed by the opening as by anything else
    # (an exactly-one slot, `doomed(P)`; a turn flag, `aJouer`): no key, nor the key held,
    # which a plain step never needs.
    everywhere = every_move_needs(facts.read, hero)
    keys = {n: c for n, c in needed.items() if place_with_a_state(facts, n, with_a_constant)
            and n in candidates and n not in everywhere}
    key = pick(Role.KEY, keys)
    return [(Role.LOCK, lock, f"removed by {removals[lock]} action(s) that need more than the "
             "hero"),
            # Most removals need the key flag: one only some need is another flag (a
            # skeleton doomed this turn, needed by the variants that reap it).
            (Role.HAS_KEY, pick(Role.HAS_KEY, {n: c for n, c in needed.items() if arity[n] == 0
                                               and 2 * c > every_removal[lock]
                                               and n not in everywhere}),
             f"a flag most removals of {lock} need"),
            (Role.KEY, key, f"a place the removal of {lock} needs"),
            (Role.HAS_KEY, pick(Role.HAS_KEY, {n: c for n, c in keys.items() if n != key}),
             f"a place the removal of {lock} needs beside the key")]
