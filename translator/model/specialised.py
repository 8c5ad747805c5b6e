"""The task of one level, specialised before grounding to what that level can use.

`helltaker.strips` serves every level, so its ground task carries machinery a given level
never exercises. Each simplification below is proved from the level alone and keeps the task
equivalent: a plan of the specialised task is a plan of the level at the same cost, and the
least cost is the same (tests/model/test_specialised.py). Only waits are lost on a level
without traps, where they change nothing at all and the translation drops them as no-ops: a
search for one cheapest plan never needs them, but plans that differ only by a wait are
distinct words, so an enumeration of every plan asks to keep the phases (`keep_waits`).

- **One trap phase.** Without a trap nothing depends on the parity (static spikes hurt after
  every action), so `even` and `odd` are merged into one object, as are the two limbo
  markers: every action was grounded once per parity, and is now grounded once.
- **One limbo marker.** Where no skeleton can be doomed (no trap, or no skeleton) the doom
  slot only ever holds the limbo marker of the current parity: both markers are merged, and
  the slot no longer mirrors the trap phase as a second variable.
- **No schema for an absent object class.** A boulder, a skeleton or the lock cannot appear
  when the level has none: schemas that kick or bump one are dropped, as are schemas needing
  a static fact the level lacks (`hurts` on a level without spikes or traps). Relaxed
  reachability would ground none of their actions either; dropping them spares clingo and
  Fast Downward's translator their rules.

Merging objects renames the arguments of ground actions; `Specialised.restored` gives a
plan back in the unspecialised model's names, which every later stage reads.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cache
from typing import Final

from strips_model.ground_plan import PlanStep, step_of_name
from strips_model.level import Level
from strips_model.schema import Domain, Schema, helltaker_domain
from translator.model.level_facts import LIMBO, PARITY, Atom, Facts, level_facts

_OBJECT_CLASSES: Final = {"boulder": "boulders", "skeleton": "skeletons", "locked": "lock"}
"""Fluent predicates that place an object of a class on a cell, and the class's name."""
_AFTER: Final = {"flip": 1, "limbo": 1}
"""Predicate -> argument position naming the parity (or its marker) after the action."""


@dataclass(frozen=True, slots=True)
class Specialised:
    """A level's domain and facts after specialisation, and how names were merged."""

    domain: Domain
    facts: Facts
    start_parity: int
    merged: frozenset[str]
    """Object names that stand for two (`even` for both parities, `limbo_even` for both
    markers); empty when no object was merged."""
    dropped: tuple[str, ...]
    """Names of the schemas left out."""

    def restored(self, steps: Iterable[PlanStep]) -> tuple[PlanStep, ...]:
        """The plan's steps with the unspecialised names of merged objects: a parity or
        marker argument is the one of the parity before the action, or after it for the
        arguments that name the next (`flip`'s and `limbo`'s second)."""
        return restored_plan(steps, self.domain, self.start_parity, self.merged)

    def restored_name(self, index: int, name: str) -> str:
        """The ground action `name`, taken as step `index` (0 for the first), named as the
        unspecialised task names it: what `helltaker cnf` writes for each step."""
        (head, arguments), = restored_plan((step_of_name(name),), self.domain,
                                           (self.start_parity + index) % 2, self.merged)
        return " ".join((head, *arguments))

    def note(self) -> str:
        """One line that `renaming_of_note` reads back, so that a plan of an exported
        encoding is restored as the planners restore theirs."""
        return f"{NOTE} start parity {self.start_parity}, merged " + \
            (" ".join(sorted(self.merged)) or "-")


NOTE: Final = "specialised to the level:"
_NOTE = re.compile(re.escape(NOTE) + r" start parity ([01]), merged (\S.*)\Z")


def renaming_of_note(line: str) -> tuple[int, frozenset[str]] | None:
    """The start parity and the merged names of a `Specialised.note` line; None when the
    line is not one."""
    match = _NOTE.match(line.strip())
    if match is None:
        return None
    names = match.group(2).split()
    return int(match.group(1)), frozenset(() if names == ["-"] else names)


def restored_plan(steps: Iterable[PlanStep], domain: Domain, start_parity: int,
                  merged: frozenset[str]) -> tuple[PlanStep, ...]:
    """`steps` of a task specialised by merging `merged`, the first taken at `start_parity`,
    with the unspecialised names; `domain` holds (at least) the schemas the steps name."""
    steps = tuple(steps)
    if not merged:
        return steps
    schemas = {schema.name.lower(): schema for schema in domain.schemas}
    restored = []
    for index, (name, arguments) in enumerate(steps):
        after = _after_parameters(schemas[name.lower()])
        parity = (start_parity + index) % 2
        restored.append((name, tuple(
            _restored(argument, 1 - parity if position in after else parity)
            if argument in merged else argument
            for position, argument in enumerate(arguments))))
    return tuple(restored)


def specialise(level: Level, domain: Domain | None = None, *,
               keep_waits: bool = False) -> Specialised:
    """`helltaker.strips` (or `domain`, of the same vocabulary) specialised to `level`; with
    `keep_waits`, the two trap phases are kept apart even without a trap."""
    domain = helltaker_domain() if domain is None else domain
    facts = level_facts(level)
    traps = bool(level.traps_lowered or level.traps_raised)
    doomable = traps and bool(level.start.skeletons)
    merge: dict[str, str] = {}
    if not traps and not keep_waits:
        merge[PARITY[1]] = PARITY[0]
    if not doomable:
        merge[LIMBO[1]] = LIMBO[0]
    if merge:
        facts = _merged(facts, merge, keep_doom_sites=doomable)
    absent = {predicate for predicate, name in _OBJECT_CLASSES.items()
              if not _has(level, name)}
    stated = {atom[0] for atom in facts.static}
    static = {predicate.name for predicate in domain.predicates if not predicate.fluent}
    kept: list[Schema] = []
    dropped: list[Schema] = []
    for schema in domain.schemas:
        needless = _needs_object(schema, absent) or any(
            literal.positive and literal.predicate in static - stated
            for literal in schema.preconditions)
        (dropped if needless else kept).append(schema)
    if dropped:
        domain = _subset(domain, tuple(kept))
    return Specialised(domain, facts, level.start.parity, frozenset(merge.values()),
                       tuple(schema.name for schema in dropped))


def unspecialised(level: Level) -> Specialised:
    """`helltaker.strips` and the level's facts as they are, nothing merged or dropped: the
    reference the specialisation is held to (tests), through the same interface."""
    return Specialised(helltaker_domain(), level_facts(level), level.start.parity, frozenset(),
                       ())


@cache
def _subset(domain: Domain, schemas: tuple[Schema, ...]) -> Domain:
    """One object per subset of schemas: the per-domain caches of the grounding
    (invariants.py) then find it by identity, not by comparing every schema."""
    return replace(domain, schemas=schemas)


def _has(level: Level, name: str) -> bool:
    if name == "lock":
        return level.lock is not None
    return bool(getattr(level.start, name))


def _needs_object(schema: Schema, absent: set[str]) -> bool:
    """Whether the schema needs an object of an absent class on a real cell: one the hero
    faces (`adjacent(H, X, Dir)`), not the doom slot's limbo marker."""
    faced = {literal.args[1].name for literal in schema.preconditions
             if literal.positive and literal.predicate == "adjacent"}
    return any(literal.positive and literal.predicate in absent and
               literal.args[0].name in faced for literal in schema.preconditions)


def _merged(facts: Facts, merge: dict[str, str], keep_doom_sites: bool) -> Facts:
    merged = merge.keys()
    markers = frozenset(LIMBO.values())

    def renamed(atoms: Iterable[Atom]) -> frozenset[Atom]:
        # Most atoms name no merged object and are kept as they are: a 300x300 room has a
        # million static atoms, and building each anew costs seconds.
        kept: set[Atom] = set()
        for atom in atoms:
            if not keep_doom_sites and atom[0] == "doom_site" and atom[3] not in markers:
                continue
            kept.add(atom if merged.isdisjoint(atom) else
                     tuple(merge.get(part, part) for part in atom))
        return frozenset(kept)

    objects = {type_name: tuple(name for name in names if name not in merge)
               for type_name, names in facts.objects.items()}
    return Facts(objects, renamed(facts.static), renamed(facts.initial),
                 tuple(tuple(merge.get(part, part) for part in atom) for atom in facts.goal))


def _after_parameters(schema: Schema) -> frozenset[int]:
    """Positions of the parameters that name the parity after the action, or its marker."""
    names = {literal.args[position].name for literal in schema.preconditions
             for predicate, position in _AFTER.items() if literal.predicate == predicate}
    return frozenset(index for index, parameter in enumerate(schema.parameters)
                     if parameter.name in names)


def _restored(argument: str, parity: int) -> str:
    return PARITY[parity] if argument in PARITY.values() else LIMBO[parity]
