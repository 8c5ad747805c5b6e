"""A model's vocabulary worked out from its schemas, for a model given without `--vocabulary`.

`infer_vocabulary` is a list of named steps over one set of facts about the schemas
(facts.py), each step returning the roles it read and the evidence for them (roles.py):

The hero is found by structure: the fluent with a place that (almost) every action requires
exactly once. The counter is a one-argument fluent that the actions replace, the successor a
static relation of two arguments that steps coordinates (structure.py), unless the actions
step along an adjacency relation on cells (adjacency.py); which way the counter counts, its
limit and which way the successor runs, its guards say (counting.py). The other parts come
from what the actions do (behaviour.py, flag_parts.py, hero_cell_parts.py, state_parts.py,
leftover_parts.py, in that order), a name breaking a tie between predicates that fit; only a
part no action tells is suggested by the predicate's name, in the game's words of either
language (words.py). Where each place sits among a predicate's arguments, and how cells
written as one term are named, is places.py's; the state values a trap, a lock or the hero
writes, values.py's.

Key presses come from what an action does, never from its name alone (keys.py): the hero's
displacement (its place before and after, related by the successor or an arithmetic offset),
else the displacement of the object it pushes or removes, seen from the hero. A displacement
is a key press once the coordinate convention is fixed (which argument is the column, which
way rows count); every convention reads the moves consistently, since the level's Init is
written in the same one, so the convention is the one under which most action names agree
with their displacement, and an action that does nothing visible falls back to its name. An
adjacency relation says the key press under any convention. The evidence says what each
choice rests on, so a user can correct a wrong guess in the file `--vocabulary-out` writes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from strips_model.reports.comparison import OPERATORS
from strips_model.reports.vocabulary import Vocabulary
from strips_model.schema import Literal, Schema
from translator.compare.vocabulary.adjacency import Adjacency, find_adjacency
from translator.compare.vocabulary.axis_successors import axis_successors
from translator.compare.vocabulary.behaviour import parts_by_behaviour
from translator.compare.vocabulary.counting import counting
from translator.compare.vocabulary.facts import SchemaFacts
from translator.compare.vocabulary.flag_parts import flag_parts
from translator.compare.vocabulary.hero_cell_parts import hero_cell_parts
from translator.compare.vocabulary.keys import Convention, KeyPresses, key_presses
from translator.compare.vocabulary.leftover_parts import leftover_parts
from translator.compare.vocabulary.places import cell_pattern, place_starts, starts_evidence
from translator.compare.vocabulary.roles import PLACED, Evidence, Found, Role, Roles, Topic
from translator.compare.vocabulary.state_parts import state_parts
from translator.compare.vocabulary.structure import find_counter, find_successor, schema_facts
from translator.compare.vocabulary.trap_parity import flipping, trap_parity
from translator.compare.vocabulary.trap_walk import trap_walk
from translator.compare.vocabulary.valued_parity import parity_values, valued_parity
from translator.compare.vocabulary.values import state_values
from translator.compare.vocabulary.words import role_scores


@dataclass(frozen=True, slots=True)
class InferredVocabulary:
    vocabulary: Vocabulary
    evidence: tuple[str, ...]
    """What each choice rests on, one sentence each, for the report and the file's head."""
    names_tie: bool = False
    """No action name tells the coordinate conventions apart (models/probes.py decides)."""


@dataclass(slots=True)
class _Reading:
    """The roles read so far and their evidence, in the order the steps found them."""

    roles: dict[Role, str] = field(default_factory=dict)
    evidence: list[Evidence] = field(default_factory=list)

    def add(self, found: Found) -> None:
        self.roles.update(found.roles)
        self.evidence += found.evidence


def infer_vocabulary(schemas: tuple[Schema, ...], source: str, has_goal_block: bool,
                     convention: Convention | None = None,
                     cells: tuple[str, ...] = (), goal: tuple[Literal, ...] = (),
                     init: tuple[Literal, ...] = ()) -> InferredVocabulary:
    """The vocabulary the schemas read a level in (see the module doc), with its evidence;
    `convention` (first is column, rows upward) when chosen otherwise; `cells`, the
    constants of the model's Init, name its cells where a place is one term; `goal`, the
    literals its goal names (a demon, never a wall); `init`, its Init's atoms (the values
    of a phase written as one)."""
    facts = schema_facts(schemas, has_goal_block, cells, goal)
    reading = _Reading()
    reading.add(hero_step(facts))
    reading.add(valued_parity(facts, reading.roles))
    reading.add(counter_step(facts, reading.roles))
    adjacency = find_adjacency(facts)
    reading.add(adjacency_step(adjacency))
    reading.add(axis_successors(facts, reading.roles))
    reading.add(successor_step(facts, reading.roles))
    sign, counted = counting_step(facts, reading.roles)
    reading.add(counted)
    reading.add(parts_by_what_actions_do(facts, reading.roles))
    reading.add(parts_by_name(facts, reading.roles))
    reading.add(trap_parity_step(facts, reading.roles))
    reading.add(trap_walk(facts, reading.roles))
    reading.add(unread_step(facts, reading.roles))
    starts = place_starts(facts, reading.roles)
    reading.add(Found(evidence=starts_evidence(starts, reading.roles)))
    at = {reading.roles[role]: start for role, start in starts.items()}
    keys = key_presses(facts, reading.roles, at, sign, convention, adjacency)
    reading.add(Found(evidence=keys.evidence))
    values, said = values_step(facts, reading.roles, at, sign, init)
    reading.add(said)
    cell, said = cell_step(facts)
    reading.add(said)
    vocabulary = _vocabulary(source, has_goal_block, reading.roles, values, keys, adjacency,
                             starts, cell)
    return InferredVocabulary(vocabulary, tuple(e.sentence for e in reading.evidence),
                              keys.names_tie)


def hero_step(facts: SchemaFacts) -> Found:
    if facts.hero is None:
        return Found()
    return Found({Role.HERO: facts.hero}, (Evidence(Role.HERO, (
        f"hero: {facts.hero}, the place every action needs exactly one of ({facts.hero_once} "
        f"of {len(facts.read)} actions)")),))


def counter_step(facts: SchemaFacts, roles: Roles) -> Found:
    counter, replaced = find_counter(facts.read, facts.fluents - {facts.hero} - facts.cells_of
                                     - set(roles.values()), facts.arity, facts.hero)
    if counter is None:
        return Found()
    return Found({Role.COUNTER: counter}, (Evidence(Role.COUNTER, (
        f"counter: {counter}, a number {replaced} of {len(facts.read)} actions replace by "
        "another")),))


def adjacency_step(adjacency: Adjacency | None) -> Found:
    if adjacency is None:
        return Found()
    return Found(dict(adjacency.roles), adjacency.evidence)


def successor_step(facts: SchemaFacts, roles: Roles) -> Found:
    successor, said = find_successor(facts.read, facts.static, facts.arity,
                                     set(roles.values()))
    return Found({Role.SUCCESSOR: successor} if successor is not None else {}, tuple(said))


def counting_step(facts: SchemaFacts, roles: Roles) -> tuple[int, Found]:
    """(the successor's step, +1 or -1; the counter's limit): what the counter's guards say."""
    counter = roles.get(Role.COUNTER)
    if not counter:
        return 1, Found()
    sign, limit, said = counting(facts, counter, roles.get(Role.SUCCESSOR))
    return sign, Found({Role.COUNTER_LIMIT: limit} if limit else {}, tuple(said))


def _candidates(facts: SchemaFacts, roles: Roles) -> set[str]:
    """The predicates that may still be a part with a place."""
    taken = set(roles.values())
    # A comparison (`c < l`) is evaluated over the numbers, never a part of the level.
    return {name for name in facts.arity if name not in taken
            and facts.arity[name] >= facts.width and name not in facts.offsets
            and name not in OPERATORS}


def parts_by_what_actions_do(facts: SchemaFacts, roles: Roles) -> Found:
    """The parts the actions single out, each finder after the ones before it: what the
    actions do says more than a name, so names only break ties here."""
    read = dict(roles)
    evidence: list[Evidence] = []
    for finder in (parts_by_behaviour, flag_parts, hero_cell_parts, state_parts,
                   leftover_parts):
        more = finder(facts, _candidates(facts, read), read)
        read.update(more.roles)
        evidence += more.evidence
    return Found({role: name for role, name in read.items() if role not in roles},
                 tuple(evidence))


_NOT_BY_NAME = frozenset({Role.HERO, Role.COUNTER, Role.SUCCESSOR})
"""Roles structure alone reads: a name that says them is not enough."""
_HOW_NAMED = {3: "its name", 2: "its name, misspelt", 1: "a word of its name"}


def parts_by_name(facts: SchemaFacts, roles: Roles) -> Found:
    """The parts no action tells, suggested by the names of the predicates left: the best
    match first, then the role's order, then the predicate the schemas use most."""
    taken = set(roles.values())
    offsets, arity = facts.offsets, facts.arity
    suggested = sorted(((score, Role(role), name) for name in arity
                        if name not in taken and name not in offsets
                        for role, score in role_scores(name).items()
                        if role not in _NOT_BY_NAME
                        and (role not in PLACED or arity[name] >= facts.width)),
                       key=lambda item: (-item[0], item[1], -facts.uses[item[2]], item[2]))
    found: dict[Role, str] = {}
    evidence: list[Evidence] = []
    for score, role, name in suggested:
        read = {**roles, **found}
        if role in read or name in taken or (role == Role.TRAP and Role.TRAP_RAISED in read):
            continue
        found[role] = name
        taken.add(name)
        evidence.append(Evidence(role, f"{role}: {name} ({_HOW_NAMED[score]})"))
    return Found(found, tuple(evidence))


def trap_parity_step(facts: SchemaFacts, roles: Roles) -> Found:
    """Traps written by their first phase need the flag that says whether they changed:
    two static predicates, or one static predicate with the phase as an argument."""
    raised = roles.get(Role.TRAP_RAISED) or roles.get(Role.TRAP)
    if raised is None or raised not in facts.static or Role.TRAP_PARITY in roles:
        return Found()
    parity = trap_parity(facts.read, facts.arity, set(roles.values()))
    if parity is None:
        return Found()
    return Found({Role.TRAP_PARITY: parity}, (Evidence(Role.TRAP_PARITY, (
        f"trap_parity: {parity}, a flag {flipping(facts.read, parity)}, beside traps written "
        "by their first phase (by what the actions do)")),))


def unread_step(facts: SchemaFacts, roles: Roles) -> Found:
    unread = sorted(set(facts.arity) - set(roles.values()) - facts.offsets)
    if not unread:
        return Found()
    return Found(evidence=(Evidence(Topic.UNREAD, (
        f"read as no part of the game: {', '.join(unread)}")),))


def values_step(facts: SchemaFacts, roles: Roles, starts: Mapping[str, int], sign: int,
                init: tuple[Literal, ...]) -> tuple[list[tuple[str, int | str]], Found]:
    """The state values, and the successor's step when it runs downward."""
    values, said = state_values(facts, roles, starts)
    phases, told = parity_values(roles, init)
    values += phases + ([("successor_step", -1)] if sign < 0 else [])
    return values, Found(evidence=(*said, *told))


def cell_step(facts: SchemaFacts) -> tuple[str, Found]:
    """How the cells are named where a place is one term ("" where it is two)."""
    if facts.width != 1:
        return "", Found()
    cell, said = cell_pattern(facts.init_constants)
    return cell, Found(evidence=(Evidence(Topic.CELLS, said),))


def _vocabulary(source: str, has_goal_block: bool, roles: Roles,
                values: list[tuple[str, int | str]], keys: KeyPresses,
                adjacency: Adjacency | None, starts: Mapping[Role, int], cell: str
                ) -> Vocabulary:
    ordered = tuple((role.value, roles[role]) for role in Role if role in roles)
    summary = ", ".join(f"{role} {name}" for role, name in ordered[:4])
    return Vocabulary(
        name=f"inferred from {source}", summary=summary, roles=ordered, values=tuple(values),
        first_is_column=keys.convention[0], rows_upward=keys.convention[1],
        direction_words=(),
        not_key_presses=tuple(action for action, key in keys.keys if key is None),
        goal=(("block", "But"),) if has_goal_block else (("adjacent_to_demon", True),),
        source=source, keys=keys.keys,
        directions=adjacency.directions if adjacency else (),
        direction_first=adjacency.direction_first if adjacency else True,
        keyed_by_direction=adjacency.by_parameter if adjacency else (),
        keyed_by_step=adjacency.by_step if adjacency else (),
        places=tuple((role.value, starts[role]) for role in PLACED if role in starts),
        cell=cell)
