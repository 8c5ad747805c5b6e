"""Parts a model used to be read by their names alone, found by what the actions do
(inference.py calls this after behaviour.py and before state_parts.py; a name only breaks a
tie between predicates that fit, so a model renamed to random letters reads alike):

- a **trap written as two predicates** (`piegeActive`, `piegeInactive`): two place fluents the
  actions swap for each other on one cell, each way round, and never move; the raised one is
  the one the cell holds after an action that destroys a skeleton there (R-E2);
- a **trap written with its phase** that no action changes (`spike_dynamic(X, Y, 1)`): a
  static place predicate with a constant beside the place, required where the hero arrives;
- the **key**: a place predicate the hero takes, required where the hero stands or arrives
  and deleted there by an action that gives something: a flag of no argument (**has_key**)
  or a new state of the hero (`hero(X, Y, 0)` becomes `hero(X, Y2, 1)`);
- the **lock**: a place fluent an action removes for good while requiring more than the
  hero, the cell and the steps; what it requires is the key flag, or the key;
- a **raised trap** written alone (`piegeActif`): a place fluent an action deletes under the
  hero without moving it and giving nothing (the trap lowering).
"""

from __future__ import annotations

from collections import Counter

from strips_model.schema import Literal, Schema
from translator.compare.vocabulary.behaviour import arrival_of, moved_by, pick, variables
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
        # Nothing the actions do tells the phases apart: the names do, then the order.
        raised = max((a, b), key=lambda n: (role_scores(n).get("trap_raised", 0)
                                            - role_scores(n).get("trap_lowered", 0), n == a))
        return raised, b if raised == a else a, ("no skeleton dies on either: by its name, "
                                                 "else the order")
    told = "the one held where a skeleton is destroyed"
    return (a, b, told) if votes[a] > votes[b] else (b, a, told)


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


def _removed(schema: Schema, literal: Literal) -> bool:
    return any(not e.positive and e.predicate == literal.predicate and e.args == literal.args
               for e in schema.effects) and not any(
        e.positive and e.predicate == literal.predicate for e in schema.effects)


def _hero_state_changed(schema: Schema, hero: str) -> bool:
    before, after = requirements(schema, hero), [
        e for e in schema.effects if e.positive and e.predicate == hero]
    return len(before) == 1 and len(after) == 1 and any(
        not old.is_variable and not new.is_variable and old.name != new.name
        for old, new in zip(before[0].args, after[0].args, strict=False))


def flag_parts(read: tuple[Schema, ...], hero: str, candidates: set[str],
               static: frozenset[str], arity: dict[str, int], width: int,
               roles: dict[str, str]) -> tuple[dict[str, str], list[str]]:
    """Traps as two predicates or with a fixed phase, the key, its flag and the lock (module
    doc), the roles already read (`roles`) aside; `candidates`: the place predicates no role
    took yet, those taken here removed."""
    found: dict[str, str] = {}
    evidence: list[str] = []
    flags = {n for n, count in arity.items() if count == 0 and n not in static
             and n not in roles.values()}

    def take(role: str, name: str | None, why: str) -> None:
        if name is None or role in roles or role in found:
            return
        found[role] = name
        candidates.discard(name)
        flags.discard(name)
        evidence.append(f"{role}: {name}, {why} (by what the actions do)")

    fluents = {n for n in candidates if n not in static}
    if not {"trap", "trap_raised"} & set(roles):
        pair = trap_pair(read, fluents, roles.get("skeleton"))
        if pair is not None:
            take("trap_raised", pair[0], f"swapped with {pair[1]} on one cell, raised as "
                 f"{pair[2]}")
            take("trap_lowered", pair[1], f"swapped with {pair[0]} on one cell")
    taken: Counter[str] = Counter()
    given: Counter[str] = Counter()
    phased: Counter[str] = Counter()
    lowered: Counter[str] = Counter()
    for schema in read:
        where = _hero_cell(schema, hero)
        if where is None:
            continue
        cell, moved = where
        added = {e.predicate for e in schema.effects if e.positive}
        for lit in schema.preconditions:
            if not lit.positive or lit.predicate not in candidates or not _at(lit, cell, width):
                continue
            if lit.predicate in static and moved and any(
                    not t.is_variable for t in lit.args) and arity[lit.predicate] > width:
                phased[lit.predicate] += 1
            if not _removed(schema, lit):
                continue
            gifts = added & flags
            if gifts or _hero_state_changed(schema, hero):
                taken[lit.predicate] += 1
                given.update(gifts)
            elif not moved and not added - {roles.get("counter")}:
                lowered[lit.predicate] += 1
    if not {"trap", "trap_raised"} & (set(roles) | set(found)):
        take("trap", pick("trap", dict(phased)), "a phase written beside the place, stepped "
             "on where the hero arrives and changed by no action")
    take("key", pick("key", dict(taken)), "taken where the hero stands or arrives, giving a "
         "flag or a new state of the hero")
    take("has_key", pick("has_key", dict(given)), "a flag the hero gets with the key")
    if "lock" not in roles:
        for role, name, why in _lock(read, hero, candidates, static, arity, width, roles):
            take(role, name, why)
    if not {"trap", "trap_raised", "lock"} & (set(roles) | set(found)):
        take("trap_raised", pick("trap_raised", {n: c for n, c in lowered.items()
                                                 if n in candidates and n not in static}),
             "deleted under the hero, which stays and gets nothing: a raised trap lowering")
    return found, evidence


def _lock(read: tuple[Schema, ...], hero: str, candidates: set[str], static: frozenset[str],
          arity: dict[str, int], width: int, roles: dict[str, str]
          ) -> list[tuple[str, str | None, str]]:
    """The lock, and what its removal needs as the key flag or the key (module doc), as
    (role, predicate, why)."""
    steps = {roles[r] for r in roles if r == "successor" or r.startswith("adjacent")}
    quiet = steps | {hero, roles.get("counter")}
    removals: Counter[str] = Counter()
    needs: dict[str, Counter[str]] = {}
    for schema in read:
        for lit in schema.preconditions:
            if (not lit.positive or lit.predicate not in candidates or lit.predicate in static
                    or arity[lit.predicate] < width or not _removed(schema, lit)):
                continue
            wanted = {p.predicate for p in schema.preconditions if p.positive
                      and p.predicate not in quiet and p.predicate != lit.predicate}
            if wanted:
                removals[lit.predicate] += 1
                needs.setdefault(lit.predicate, Counter()).update(wanted)
    lock = pick("lock", dict(removals))
    if lock is None:
        return []
    needed = needs[lock]
    keys = {n: c for n, c in needed.items() if arity[n] >= width and n in candidates}
    key = pick("key", keys)
    return [("lock", lock, f"removed by {removals[lock]} action(s) that need more than the "
             "hero"),
            ("has_key", pick("has_key", {n: c for n, c in needed.items() if arity[n] == 0}),
             f"a flag the removal of {lock} needs"),
            ("key", key, f"a place the removal of {lock} needs"),
            ("has_key", pick("has_key", {n: c for n, c in keys.items() if n != key}),
             f"a place the removal of {lock} needs beside the key")]
