"""Adjacency written as a direction relation on cells, found in a model's schemas for the
vocabulary inference (translator/compare/vocabulary/inference.py).

Two encodings: one static relation with a direction argument (`succ(D, P, P2)`,
`adjacent(P, Q, D)`; a nested `pos(x, y)` is flattened by the reader, so a place is two
arguments), or one static relation per direction (`haut(X, Y, X2, Y2)`, `up`, `gauche`). A
relation counts when an action uses it from the hero's place, which is what makes it the
adjacency and not some other static fact. Its direction, the relation's name or the constant in
its direction argument, is the action's key press; an action that leaves the direction a
variable (`act(move, D)`) presses the key it binds. Since each level's Init lists the relation
as the game's neighbours under whatever coordinate convention is chosen, the model's moves read
the same under every convention.

Beside either, or alone: one static relation between two places of no direction
(`adj(X, Y, X2, Y2)`, one move for the four directions) that actions step the hero along to
where it arrives; each of their ground actions presses the key of the step it makes
(translator/compare/models/ground_keys.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace

from strips_model.moves import Direction
from strips_model.schema import Literal, Schema
from translator.compare.vocabulary.facts import SchemaFacts
from translator.compare.vocabulary.roles import Evidence, Role, Topic
from translator.compare.vocabulary.words import DIRECTION_WORDS, fold, name_direction

_ROLE: dict[Direction, Role] = {Direction.UP: Role.ADJACENT_UP, Direction.DOWN: Role.ADJACENT_DOWN,
                                Direction.LEFT: Role.ADJACENT_LEFT,
                                Direction.RIGHT: Role.ADJACENT_RIGHT}


@dataclass(frozen=True, slots=True)
class Adjacency:
    roles: tuple[tuple[Role, str], ...]
    """("adjacent", relation) or ("adjacent_up", relation), ... for each relation found."""
    directions: tuple[tuple[Direction, str], ...]
    direction_first: bool
    keys: tuple[tuple[str, Direction | None], ...]
    """Each action that uses the relation from the hero's place, and its key press (None: a
    constant no word reads)."""
    by_parameter: tuple[str, ...]
    """The actions whose direction is a variable, pressed as bound."""
    evidence: tuple[Evidence, ...]
    by_step: tuple[str, ...] = ()
    """The actions that step the hero along a relation of no direction (`adj(P, P2)`),
    pressed as each ground action steps."""


def _place(schema: Schema, hero: str, start: int, width: int) -> tuple[str, ...] | None:
    before = [lit for lit in schema.preconditions if lit.positive and lit.predicate == hero]
    if len(before) != 1 or len(before[0].args) < start + width:
        return None
    return tuple(term.name for term in before[0].args[start:start + width])


def _from_hero(schema: Schema, relation: str, place: tuple[str, ...], skip: int
               ) -> Literal | None:
    """The schema's `relation` precondition whose first place, `skip` arguments in, is the
    hero's place."""
    for literal in schema.preconditions:
        if literal.positive and literal.predicate == relation and \
                tuple(t.name for t in literal.args[skip:skip + len(place)]) == place:
            return literal
    return None


def _arrivals(schema: Schema, hero: str | None, start: int, width: int
              ) -> set[tuple[str, ...]]:
    """The places the schema puts the hero at."""
    return {tuple(t.name for t in lit.args[start:start + width]) for lit in schema.effects
            if lit.positive and lit.predicate == hero}


def _constant_direction(name: str) -> Direction | None:
    return DIRECTION_WORDS.get(fold(name)) or name_direction(name, "en")


_WRITING_ORDER = (Direction.UP, Direction.DOWN, Direction.LEFT, Direction.RIGHT)


def _unnamed_directions(read: tuple[Schema, ...], static: frozenset[str],
                        arity: Mapping[str, int], places: dict[str, tuple[str, ...]], width: int
                        ) -> dict[str, Direction]:
    """Four static relations between two places that no name reads, each one an action steps
    the hero along from its place: one per direction. Nothing in the schemas says which two
    are opposite (each level's Init lists them, so every pairing moves the hero alike on a
    probe level), so they are read in the order the schemas first use them as up, down, left,
    right, the order students write the moves in. A relation no action steps the hero along
    to its second place, nor follows twice in a row (a push, the hero's own steps written
    along a relation of no direction), is none of them (`trap(P, 0)`, a trap's phase where
    the hero stands)."""
    order: list[str] = []
    chained = _chained(read, static, arity, width)
    stepped: set[str] = set(chained)
    for schema in read:
        place = places.get(schema.name)
        arrivals = {tuple(t.name for t in lit.args[k:k + width]) for lit in schema.effects
                    if lit.positive for k in range(len(lit.args) - width + 1)}
        for lit in schema.preconditions:
            if (place is not None and lit.positive and lit.predicate in static
                    and arity[lit.predicate] == 2 * width
                    and tuple(t.name for t in lit.args[:width]) == place):
                if lit.predicate not in order:
                    order.append(lit.predicate)
                if tuple(t.name for t in lit.args[width:]) in arrivals:
                    stepped.add(lit.predicate)
    order = [name for name in order if name in stepped]
    if len(order) > len(_WRITING_ORDER):
        # A fifth, of no direction (`adj(P, P2)`, one move for all four): a push steps twice
        # the same way along a direction relation, never along that one.
        order = [name for name in order if name in chained]
    if len(order) != len(_WRITING_ORDER):
        return {}
    return dict(zip(order, _WRITING_ORDER, strict=True))


def _chained(read: tuple[Schema, ...], static: frozenset[str], arity: Mapping[str, int],
             width: int) -> set[str]:
    """The static relations between two places that some schema follows twice in a row (the
    second from the place the first reaches)."""
    found: set[str] = set()
    for schema in read:
        steps = [(lit.predicate, tuple(t.name for t in lit.args)) for lit in schema.preconditions
                 if lit.positive and lit.predicate in static and arity[lit.predicate] == 2 * width]
        found.update(name for name, args in steps for other, more in steps
                     if other == name and more[:width] == args[width:])
    return found


def find_adjacency(facts: SchemaFacts) -> Adjacency | None:
    """The direction relations the actions step from the hero's place with (module doc)."""
    if facts.hero is None:
        return None
    start, width = facts.hero_start, facts.width
    places = {schema.name: place for schema in facts.read
              if (place := _place(schema, facts.hero, start, width))}
    found = _per_direction(facts, places) or _with_direction_argument(facts, places)
    return _with_undirected(facts, places, found)


def _with_undirected(facts: SchemaFacts, places: dict[str, tuple[str, ...]],
                     found: Adjacency | None) -> Adjacency | None:
    """`found`, and the static relation between two places of no direction (`adj(P, P2)`)
    that the most actions step the hero along, from its place to where it arrives, if any:
    each ground action of those presses the key of its step (a student writes one move for
    the four directions, and the pushes, where the hero stays, one per direction)."""
    directed = {name for _, name in found.roles} if found else set()
    pressed_as_bound = set(found.by_parameter) if found else set()
    width, start = facts.width, facts.hero_start
    stepping: dict[str, list[str]] = {}
    bumping: dict[str, list[str]] = {}
    for schema in facts.read:
        place = places.get(schema.name)
        if place is None or schema.name in pressed_as_bound:
            continue
        arrivals = _arrivals(schema, facts.hero, start, width)
        # Where the hero stays (a bump into the lock), the key is toward the other place;
        # never for an action that raises the goal (`won` beside a demon), no key press.
        standing = not arrivals and not any(e.positive and e.predicate in facts.goal
                                            for e in schema.effects)
        for lit in schema.preconditions:
            names = tuple(t.name for t in lit.args)
            if (lit.positive and lit.predicate in facts.static
                    and lit.predicate not in directed and facts.arity[lit.predicate] == 2 * width
                    and names[:width] == place):
                if names[width:] in arrivals:
                    stepping.setdefault(lit.predicate, []).append(schema.name)
                elif standing:
                    bumping.setdefault(lit.predicate, []).append(schema.name)
    if not stepping:
        return found
    # The relation the hero steps along; the actions where it stays use it too (a relation
    # of a place and a phase, `trap(P, 1)` on the hero's own cell, is stepped along by none).
    relation = max(sorted(stepping), key=lambda name: len(stepping[name]))
    steps = tuple(dict.fromkeys(stepping[relation]))
    stays = tuple(name for name in dict.fromkeys(bumping.get(relation, [])) if name not in steps)
    actions = steps + stays
    said = Evidence(Topic.ADJACENCY, (
        f"adjacency: {relation}, a static relation of two places and no direction, which "
        f"{len(steps)} actions step the hero along from its place to where it arrives; "
        "each such action presses the key of the step it makes"
        + (f", and each of the {len(stays)} that use it from the hero's place while the hero "
           "stays (a bump), the key toward its other place" if stays else "")))
    if found is None:
        return Adjacency(((Role.ADJACENT_ANY, relation),), (), True, (), (), (said,), actions)
    return replace(found, roles=(*found.roles, (Role.ADJACENT_ANY, relation)),
                   keys=tuple((name, key) for name, key in found.keys if name not in actions),
                   evidence=(*found.evidence, said), by_step=actions)


def _per_direction(facts: SchemaFacts, places: dict[str, tuple[str, ...]]) -> Adjacency | None:
    """One static relation per direction (`haut(X, Y, X2, Y2)`), if the actions step along
    such relations."""
    static, arity, width = facts.static, facts.arity, facts.width
    per_direction = {name: direction for name in sorted(static) if arity[name] == 2 * width
                     and (direction := name_direction(name, "en")) is not None}
    if not per_direction:
        per_direction = _unnamed_directions(facts.read, static, arity, places, width)
    keys: dict[str, Direction | None] = {}
    used: dict[str, Direction] = {}
    for schema in facts.read:
        for name, direction in per_direction.items():
            if schema.name in places and _from_hero(schema, name, places[schema.name], 0):
                keys.setdefault(schema.name, direction)
                used.setdefault(name, direction)
    if not used:
        return None
    roles = tuple((_ROLE[direction], name) for name, direction in used.items())
    said = ", ".join(f"{name} ({direction.name.lower()})" for name, direction in used.items())
    unnamed = all(name_direction(name, "en") is None for name in used)
    return Adjacency(roles, (), True, tuple(keys.items()), (), (Evidence(
        Topic.ADJACENCY,
        f"adjacency: one static relation per direction, {said}, which {len(keys)} actions "
        "step from the hero's place with; each action's key press is its relation's"
        + ("; no name says which direction each is, so they are read in the order the "
           "schemas first use them (up, down, left, right: correct it in [roles] if not)"
           if unnamed else "")),))


def _with_direction_argument(facts: SchemaFacts, places: dict[str, tuple[str, ...]]
                             ) -> Adjacency | None:
    """One static relation with a direction argument (`succ(D, P, P2)`), the one the actions
    step from the hero's place with most."""
    width = facts.width
    anchored: Counter[tuple[str, bool]] = Counter()
    stepped: Counter[tuple[str, bool]] = Counter()
    for schema in facts.read:
        arrivals = _arrivals(schema, facts.hero, facts.hero_start, width)
        for name in sorted(facts.static):
            if facts.arity[name] == 2 * width + 1 and schema.name in places:
                for first, skip in ((True, 1), (False, 0)):
                    literal = _from_hero(schema, name, places[schema.name], skip)
                    if literal is not None:
                        anchored[name, first] += 1
                        there = tuple(t.name for t in literal.args[skip + width:
                                                                    skip + 2 * width])
                        stepped[name, first] += there in arrivals
    if not anchored:
        return None
    # The relation the hero steps along to where it arrives, before one that only starts at
    # its place (`doomSite(H, P, D)`: a cell, a phase, the cell of a skeleton that dies),
    # whatever their order: then the one the most actions use from the hero's place.
    (relation, first), count = max(sorted(anchored.items()),
                                   key=lambda item: (stepped[item[0]], item[1]))
    keys: dict[str, Direction | None] = {}
    constants: dict[str, Direction | None] = {}
    by_parameter: list[str] = []
    for schema in facts.read:
        literal = _from_hero(schema, relation, places.get(schema.name, ("",) * width),
                             1 if first else 0)
        if literal is None:
            continue
        term = literal.args[0 if first else -1]
        if term.is_variable:
            by_parameter.append(schema.name)
        else:
            keys[schema.name] = constants[term.name] = _constant_direction(term.name)
    directions = tuple((d, c) for c, d in constants.items() if d is not None)
    unread = sorted(c for c, d in constants.items() if d is None)
    evidence = [Evidence(Topic.ADJACENCY, (
        f"adjacency: {relation}, a static relation of a direction and two places (the "
        f"direction {'first' if first else 'last'}), which {count} actions step from the "
        "hero's place with; an action's key press is its direction"
        + (f" (constants {', '.join(f'{c} {d.name.lower()}' for d, c in directions)})"
           if directions else ", bound when the action is applied")))]
    if unread:
        evidence.append(Evidence(Topic.DIRECTIONS, (
            f"direction constants no word reads: {', '.join(unread)} (their actions are no key "
            "press; name them in [directions])")))
    return Adjacency(((Role.ADJACENT, relation),), directions, first, tuple(keys.items()),
                     tuple(by_parameter), tuple(evidence))
