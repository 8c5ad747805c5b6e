"""Each action's key press and the coordinate convention, for the vocabulary inference
(inference.py, whose module doc says how they are read).

An action's key press comes from what it does, never from its name alone: the hero's
displacement, else that of the object it pushes or removes, seen from the hero. Where an
adjacency relation names the directions (adjacency.py), the relation says the key press under
any convention, so only the actions that step along no relation are read by displacement.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from strips_model.moves import Direction
from strips_model.schema import Literal, Schema
from translator.compare.vocabulary.adjacency import Adjacency
from translator.compare.vocabulary.facts import OFFSET, SchemaFacts
from translator.compare.vocabulary.roles import Evidence, Role, Roles, Topic
from translator.compare.vocabulary.structure import requirements
from translator.compare.vocabulary.words import name_alphabet, name_direction

Convention = tuple[bool, bool]
"""(first is column, rows upward)."""
CONVENTIONS: tuple[Convention, ...] = ((True, False), (True, True), (False, False),
                                       (False, True))
"""The first one wins ties."""
Vector = tuple[int, int]
Keys = tuple[tuple[str, Direction | None], ...]


@dataclass(frozen=True, slots=True)
class KeyPresses:
    keys: Keys
    """Each action and its key press (None: no key press)."""
    convention: Convention
    names_tie: bool
    """No action name tells the conventions apart (the probes decide: models/probes.py)."""
    evidence: tuple[Evidence, ...]


def _steps(schema: Schema, stepping: Mapping[str, int]) -> dict[str, dict[str, int]]:
    """Variable -> variable -> offset, from the relations that step by one (`stepping`, each
    with its step) and arithmetic."""
    edges: dict[str, dict[str, int]] = {}
    for literal in schema.preconditions:
        if not literal.positive or len(literal.args) != 2:
            continue
        offset = OFFSET.fullmatch(literal.predicate)
        step = stepping.get(literal.predicate) or (
            (int(offset.group(2)) * (1 if offset.group(1) == "plus" else -1)) if offset else 0)
        if step:
            a, b = (term.name for term in literal.args)
            edges.setdefault(a, {})[b] = step
            edges.setdefault(b, {})[a] = -step
    return edges


def _offset(edges: dict[str, dict[str, int]], start: str, end: str) -> int | None:
    seen, frontier = {start: 0}, [start]
    while frontier:
        here = frontier.pop()
        for there, step in edges.get(here, {}).items():
            if there not in seen and abs(seen[here] + step) <= 3:
                seen[there] = seen[here] + step
                frontier.append(there)
    return seen.get(end)


def _vector(schema: Schema, hero: str, objects: set[str], stepping: Mapping[str, int],
            starts: Mapping[str, int]) -> Vector | None:
    """What the action does, as a step (first coordinate, second): the hero's, else that of
    the object it moves or removes, seen from the hero. `starts`: where a predicate's place
    starts, when not first."""
    edges = _steps(schema, stepping)

    def between(a: Literal, b: Literal) -> Vector | None:
        first, second = starts.get(a.predicate, 0), starts.get(b.predicate, 0)
        if len(a.args) < first + 2 or len(b.args) < second + 2:
            return None
        offsets = [0 if x.name == y.name else _offset(edges, x.name, y.name) for x, y in
                   zip(a.args[first:first + 2], b.args[second:second + 2], strict=True)]
        if None in offsets or offsets == [0, 0]:
            return None
        first, second = (max(-1, min(1, o or 0)) for o in offsets)
        return (first, 0) if second == 0 else (0, second) if first == 0 else None

    before = requirements(schema, hero)
    after = [e for e in schema.effects if e.positive and e.predicate == hero]
    if len(before) == 1 and len(after) == 1 and (moved := between(before[0], after[0])):
        return moved
    if len(before) != 1:
        return None
    # A push or a kick changes an object next to the hero; a wait (a kick against an
    # obstacle, a bump into the lock) changes nothing but requires it there.
    removed = [e for e in schema.effects if not e.positive and e.predicate in objects]
    required = [p for p in schema.preconditions if p.positive and p.predicate in objects]
    for literal in (*removed, *required):
        toward = between(before[0], literal)
        if toward:
            return toward
    return None


def _direction(vector: Vector, first_is_column: bool, rows_upward: bool) -> Direction:
    column, row = vector if first_is_column else vector[::-1]
    down = -row if rows_upward else row
    return {(-1, 0): Direction.UP, (1, 0): Direction.DOWN, (0, -1): Direction.LEFT,
            (0, 1): Direction.RIGHT}[(down, column)]


def _said(convention: Convention) -> str:
    return f"{'column' if convention[0] else 'row'} first and rows " \
           f"{'up' if convention[1] else 'down'}ward"


@dataclass(frozen=True, slots=True)
class _Displacements:
    """The actions' key presses read off what they do, under the convention chosen."""

    keys: Keys
    convention: Convention
    tally: dict[Convention, int]
    """Under each convention, the actions that go where their names say."""
    moving: int
    """The actions that move the hero or an object one cell."""
    contrary: tuple[Evidence, ...]
    """The sentence that lists the actions whose names say another key press, if any."""


def _displacements(facts: SchemaFacts, roles: Roles, starts: Mapping[str, int], sign: int,
                   forced: Convention | None, hero: str) -> _Displacements:
    objects = {roles[role] for role in (Role.BOULDER, Role.SKELETON, Role.LOCK) if role in roles}
    # A coordinate's own relation steps by one as written (axis_successors.py).
    stepping = {**{roles[axis]: 1 for axis in (Role.SUCCESSOR_FIRST, Role.SUCCESSOR_SECOND)
                   if axis in roles},
                **({roles[Role.SUCCESSOR]: sign} if Role.SUCCESSOR in roles else {})}
    vectors = {schema.name: _vector(schema, hero, objects, stepping, starts)
               for schema in facts.read}
    alphabet = name_alphabet([schema.name for schema in facts.read])
    named = {name: name_direction(name, alphabet) for name in vectors}
    tally = {convention: sum(_direction(vector, *convention) == named[name]
                             for name, vector in vectors.items() if vector is not None)
             for convention in CONVENTIONS}
    convention = forced or max(CONVENTIONS, key=lambda c: tally[c])
    keys: list[tuple[str, Direction | None]] = []
    contrary: list[str] = []
    for name, vector in vectors.items():
        said = named[name]
        key = _direction(vector, *convention) if vector is not None else said
        if vector is not None and key is not None and said is not None and said != key:
            contrary.append(f"{name} ({said.name.lower()} by its name, "
                            f"{key.name.lower()} by what it does)")
        keys.append((name, key))
    moving = sum(vector is not None for vector in vectors.values())
    against = (Evidence(Topic.KEY_PRESSES, "key presses read off what the actions do, against "
                        "their names: " + "; ".join(contrary[:6])
                        + (" ..." if len(contrary) > 6 else "")),) if contrary else ()
    return _Displacements(tuple(keys), convention, tally, moving, against)


def _by_displacement(read: _Displacements, forced: Convention | None, actions: int
                     ) -> KeyPresses:
    """The key presses and the convention as the displacements read them (module doc of
    inference.py)."""
    convention, tally = read.convention, read.tally
    tie = forced is None and read.moving > 0 and len(set(tally.values())) == 1
    first = "column" if convention[0] else "row"
    rows = "upward" if convention[1] else "downward"
    others = ", ".join(f"{_said(c)} {tally[c]}" for c in CONVENTIONS if c != convention)
    said = Evidence(Topic.COORDINATES, f"coordinates: the first argument of a place is the "
                    f"{first}, rows count {rows}; {read.moving} of {actions} actions move the "
                    f"hero or an object one cell, and under this reading {tally[convention]} of "
                    f"them go where their names say ({others})")
    silent = [name for name, key in read.keys if key is None]
    unpressed = (Evidence(Topic.KEY_PRESSES, "no key press (they move nothing and their names "
                          "say no direction): " + ", ".join(silent[:8])
                          + (" ..." if len(silent) > 8 else "")),) if silent else ()
    return KeyPresses(read.keys, convention, tie, (said, *read.contrary, *unpressed))


def _along_adjacency(read: _Displacements, adjacency: Adjacency) -> KeyPresses:
    """The key presses as the adjacency relation says them, whatever the convention; an action
    that steps along no relation keeps the one its displacement says."""
    relation_keys = dict(adjacency.keys)
    keys = tuple((name, relation_keys.get(name, key)) for name, key in read.keys
                 if name not in adjacency.by_parameter + adjacency.by_step)
    said = Evidence(Topic.COORDINATES, "coordinates: the column first and rows downward, as "
                    "RULES.md counts them; any other reads the moves alike, since each level's "
                    "Init lists the adjacency relation in the same one")
    return KeyPresses(keys, CONVENTIONS[0], False, (*read.contrary, said))


def key_presses(facts: SchemaFacts, roles: Roles, starts: Mapping[str, int], sign: int,
                forced: Convention | None, adjacency: Adjacency | None) -> KeyPresses:
    """Each action's key press, the coordinate convention (`forced` when the caller chose it)
    and whether the names left the conventions tied, with the evidence. `starts`: predicate
    -> where its place starts, when not first; `sign`: the successor's step."""
    if facts.hero is None:
        return KeyPresses(tuple((schema.name, None) for schema in facts.read), CONVENTIONS[0],
                          False, ())
    read = _displacements(facts, roles, starts, sign, forced, facts.hero)
    if adjacency is not None:
        return _along_adjacency(read, adjacency)
    return _by_displacement(read, forced, len(facts.read))
