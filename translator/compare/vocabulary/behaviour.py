"""Parts of the game found by what the actions do to them, before their names are read.

A name is the weakest evidence a model gives: a skeleton called `zombie`, walls called
`blocked`, every predicate renamed to random letters. What the actions do is the same under
any name:

- a **skeleton** is a place fluent the actions move (require it at one place, delete it there,
  add it at another) and also delete without adding it anywhere (a kick into an obstacle);
  in a model that never kicks, one an action without the hero deletes for good (it dies on
  spikes or a raised trap);
- a **boulder** is a place fluent the actions move and never delete for good;
- a **wall** is a static place predicate the hero's moves require absent where the hero
  arrives, that none requires there (the hero walks onto a key, spikes), and that no goal
  names (a demon is also absent where the hero arrives, but the
  goal names it, or the cells next to it);
- a static **floor** is a static place predicate more than half of the hero's moves require
  where the hero arrives and none requires absent there (a key or spikes lie where only some
  moves go, and the others avoid them).

A place fluent some action sends to constants alone (`doomed(nowhere)`) is a slot, no object;
one some action adds where it requires and deletes none (`cursor(x, y)` set on the first trap
of a list the turn's bookkeeping walks, `teeter(c)` marking a skeleton kicked onto a trap) is
a mark, no object: the board's objects are never made, only moved or destroyed.

Several predicates may fit one part: their names break the tie, then the number of actions
that do it. A part no behaviour singles out is left to the names (words.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from strips_model.reports.facts import GoalBlock
from strips_model.schema import Literal, Schema
from translator.compare.vocabulary.facts import NEARLY, SchemaFacts
from translator.compare.vocabulary.floor_trades import floor_fitting
from translator.compare.vocabulary.roles import Evidence, Found, Role, Roles, by_actions
from translator.compare.vocabulary.words import role_scores


@dataclass(frozen=True, slots=True)
class Behaviour:
    """What the actions do to one predicate: how many move it, delete it for good, and
    require it absent where the hero arrives."""

    moved: int = 0
    destroyed: int = 0
    blocks: int = 0
    stepped: int = 0
    """Moves that require it where the hero arrives: something the hero walks onto."""
    reaped: int = 0
    """Actions that destroy it without needing the hero: a skeleton dying at a turn's end."""


def variables(literal: Literal) -> tuple[str, ...]:
    return tuple(t.name for t in literal.args if t.is_variable)


def moved_by(schema: Schema, name: str) -> tuple[bool, bool]:
    """(moved, destroyed): a value of `name` required and deleted, added back at another
    place (its variables differ, not only its constants: a lock opened keeps its place),
    or not added back at all."""
    required = [lit for lit in schema.preconditions if lit.positive and lit.predicate == name]
    deleted = [lit for lit in schema.effects if not lit.positive and lit.predicate == name
               and any(lit.args == req.args for req in required)]
    added = [lit for lit in schema.effects if lit.positive and lit.predicate == name]
    if not deleted:
        return False, False
    # A value added back on the same variables changed state (a trap toggled, a lock
    # opened), it did not move.
    moved = any(added and all(set(variables(new)) != set(variables(old)) for new in added)
                for old in deleted)
    return moved, not added


def _emptied(schema: Schema, name: str) -> bool:
    """The schema deletes a value of `name` at variables and adds one at constants alone."""
    return any(not gone.positive and gone.predicate == name and variables(gone)
               for gone in schema.effects) and any(
        new.positive and new.predicate == name and new.args and not variables(new)
        for new in schema.effects)


def marks(read: tuple[Schema, ...], names: AbstractSet[str]) -> set[str]:
    """Of `names`, those some action makes (module doc): no part of the board."""
    return {name for name in names if any(_made(schema, name) for schema in read)}


def _made(schema: Schema, name: str) -> bool:
    """The schema adds a value of `name` where it neither requires nor deletes one (a kick
    that forgot to delete the skeleton it moves still requires it)."""
    return any(e.positive and e.predicate == name for e in schema.effects) and not any(
        lit.predicate == name and lit.positive for lit in schema.preconditions) and not any(
        not e.positive and e.predicate == name for e in schema.effects)


def arrival_of(schema: Schema, hero: str) -> set[str] | None:
    """The variables of the hero's new place, when the schema moves the hero."""
    before = [lit for lit in schema.preconditions if lit.positive and lit.predicate == hero]
    after = [lit for lit in schema.effects if lit.positive and lit.predicate == hero]
    if len(before) != 1 or len(after) != 1 or before[0].args == after[0].args:
        return None
    return set(variables(after[0]))


def _takes(schema: Schema, hero: str) -> bool:
    """The schema moves the hero onto a part it deletes there (takes the key, opens a lock):
    a cell no floor need be said of."""
    cell = arrival_of(schema, hero)
    required = {lit for lit in schema.preconditions if lit.positive and lit.predicate != hero
                and set(variables(lit)) == cell}
    return any(not e.positive and e.predicate == r.predicate and e.args == r.args
               for e in schema.effects for r in required)


def behaviours(read: tuple[Schema, ...], hero: str, candidates: set[str],
               static: frozenset[str], width: int) -> dict[str, Behaviour]:
    """Each candidate predicate's behaviour over the schemas."""
    found: dict[str, Behaviour] = {}
    for name in sorted(candidates):
        moved = destroyed = blocks = stepped = reaped = 0
        slot = made = False
        for schema in read:
            if name not in static:
                shifted, gone = moved_by(schema, name)
                moved, destroyed = moved + shifted, destroyed + gone
                reaped += gone and not any(p.positive and p.predicate == hero
                                           for p in schema.preconditions)
                slot = slot or _emptied(schema, name)
                made = made or _made(schema, name)
                continue
            arrival = arrival_of(schema, hero)
            if arrival is None:
                continue
            there = [lit.positive for lit in schema.preconditions
                     if lit.predicate == name and len(lit.args) >= width
                     and set(variables(lit)) and set(variables(lit)) <= arrival]
            blocks += False in there
            stepped += True in there
        # An object on the board is never sent to a constant place: what is (`doomed(
        # nowhere)`) is a slot filled and emptied, however often it changes cells.
        found[name] = Behaviour(0, 0, blocks, stepped, 0) if made else Behaviour(
            0 if slot else moved, destroyed, blocks, stepped, reaped)
    return found


def pick(role: str, fitting: dict[str, int]) -> str | None:
    """The predicate among those that behave as `role` (each with how many actions show
    it): its name first, then the most actions, then the name's order."""
    if not fitting:
        return None
    return max(fitting, key=lambda name: (role_scores(name).get(role, 0), fitting[name],
                                          [-ord(c) for c in name]))


def _slipped(behaviour: Behaviour) -> bool:
    """Destroyed by so few of the actions that move or destroy it (at most 10%) that those
    are slips of their schemas, not what the model does with it: a push that forgot to add
    the boulder beyond destroys it there, and it is still no skeleton."""
    return behaviour.destroyed <= (1 - NEARLY) * (behaviour.moved + behaviour.destroyed)


def _boulder(seen: Mapping[str, Behaviour], skeleton: str | None, floors: Mapping[str, int]
             ) -> str | None:
    """The part moved by the most actions of those never destroyed, or so seldom that it is a
    slip (`_slipped`); once another part is the skeleton, also of those moved more often than
    destroyed (a push slipped in a schema whose disjunction is written out twice is 2 actions
    of 12 with a direction parameter)."""
    return pick(Role.BOULDER, {n: b.moved for n, b in seen.items()
                               if b.moved and (not b.destroyed or _slipped(b) or (
                                   skeleton is not None and b.destroyed < b.moved))
                               and n != skeleton and n not in floors})


def parts_by_behaviour(facts: SchemaFacts, candidates: set[str], roles: Roles) -> Found:
    """Skeleton, boulder and wall as the actions treat them (module doc), with the evidence.
    `candidates`: the place predicates no other role took. The roles read before never
    include these three, so `roles` is not consulted."""
    hero, read, static = facts.hero, facts.read, facts.static
    if hero is None:
        return Found()
    seen = behaviours(read, hero, candidates, static, facts.width)
    found: dict[Role, str] = {}
    evidence: list[Evidence] = []
    skeleton = pick(Role.SKELETON, {n: b.moved + b.destroyed for n, b in seen.items()
                                    if b.moved and b.destroyed and not _slipped(b)})
    if skeleton is not None:
        found[Role.SKELETON] = skeleton
        b = seen[skeleton]
        evidence.append(by_actions(Role.SKELETON, skeleton, f"moved by {b.moved} action(s) "
                                   f"and destroyed by {b.destroyed}"))
    else:
        skeleton = pick(Role.SKELETON, {n: b.reaped for n, b in seen.items() if b.reaped})
        if skeleton is not None:
            found[Role.SKELETON] = skeleton
            evidence.append(by_actions(Role.SKELETON, skeleton, (
                f"destroyed by {seen[skeleton].reaped} action(s) that do not need the hero "
                "(a skeleton dying where it stands)")))
    floors = _either_floor(read, hero, candidates - static)  # it moves too, against the rest
    boulder = _boulder(seen, skeleton, floors)
    if boulder is not None:
        found[Role.BOULDER] = boulder
        evidence.append(by_actions(Role.BOULDER, boulder, f"moved by {seen[boulder].moved} "
                                   "action(s) and never destroyed"))
    # The hero walks onto a key or spikes, never onto a wall.
    walls = {n: b.blocks for n, b in seen.items() if b.blocks and not b.stepped
             and n not in facts.goal}
    # A demon blocks the hero too: with no goal block to name it, its name tells.
    walls = {n: count for n, count in walls.items() if not role_scores(n).get("demon")}
    # A skeleton kicked into a wall dies: of several obstacles, the one it dies against.
    crushing = {n: count for n, count in walls.items() if crushes(read, n, skeleton)}
    walls = crushing or walls
    wall = pick(Role.WALL, walls)
    if wall is not None:
        found[Role.WALL] = wall
        evidence.append(by_actions(Role.WALL, wall, f"absent where the hero arrives in "
                                   f"{walls[wall]} action(s) and named by no goal"))
    # A static floor (`empty(x, y)`: no wall there) is needed wherever the hero goes but
    # where it takes a part (the key, a lock it opens); the key, spikes or a trap only where
    # some moves go, and kept from the others.
    moves = sum(arrival_of(schema, hero) is not None and not _takes(schema, hero)
                for schema in read)
    static_floors = {n: b.stepped for n, b in seen.items() if n in static and not b.blocks
                     and 2 * b.stepped > moves and n not in facts.goal}
    floor = pick(Role.FLOOR, static_floors)
    if floor is not None:
        found[Role.FLOOR] = floor
        evidence.append(by_actions(Role.FLOOR, floor, f"needed where the hero arrives in "
                                   f"{static_floors[floor]} of {moves} moves, never kept from "
                                   "it, and changed by no action: every cell that is no wall"))
    return Found(found, tuple(evidence))


def _either_floor(read: tuple[Schema, ...], hero: str, names: set[str]) -> dict[str, int]:
    """Of `names`, those that fit a floor fluent or its complement (`occupied`)."""
    return {**floor_fitting(read, hero, names), **floor_fitting(read, hero, names, free=False)}


def under_skeleton(read: tuple[Schema, ...], static: AbstractSet[str], skeleton: str | None
                   ) -> set[str]:
    """The static predicates some action requires where it adds a skeleton: never spikes,
    on which it would die."""
    found: set[str] = set()
    for schema in read if skeleton is not None else ():
        landed = [set(variables(e)) for e in schema.effects
                  if e.positive and e.predicate == skeleton]
        found |= {lit.predicate for lit in schema.preconditions
                  if lit.positive and lit.predicate in static
                  and set(variables(lit)) in landed}
    return found


def crushes(read: tuple[Schema, ...], name: str, skeleton: str | None) -> bool:
    """Some action requires `name` while it destroys a skeleton."""
    return skeleton is not None and any(
        any(p.positive and p.predicate == name for p in schema.preconditions)
        and any(not e.positive and e.predicate == skeleton for e in schema.effects)
        and not any(e.positive and e.predicate == skeleton for e in schema.effects)
        for schema in read)


def goal_literals(goal: GoalBlock | None) -> tuple[Literal, ...]:
    """The literals a goal block names (none without one)."""
    if goal is None:
        return ()
    return (*goal.conjuncts, *(lit for group in goal.disjunctions for lit in group))
