"""A model's vocabulary worked out from its schemas, for a model given without `--vocabulary`.

The hero is found by structure: the fluent with a place that (almost) every action requires
exactly once. The counter is a one-argument fluent that the actions replace, the successor a
static relation of two arguments that steps coordinates (vocabulary_structure.py); which way
the counter counts, its limit and which way the successor runs, its guards say (counting.py).
The other parts come from what the actions do (behaviour.py, flag_parts.py, state_parts.py,
leftover_parts.py, in that order), a name breaking a tie between predicates that fit; only a
part no action tells is suggested by the predicate's name, in the game's words of either
language (translator/compare/vocabulary/words.py). Where each place sits among a predicate's
arguments, and how cells written as one term are named, is vocabulary_places.py's.

Key presses come from what an action does, never from its name alone: the hero's displacement
(its place before and after, related by the successor or an arithmetic offset), else the
displacement of the object it pushes or removes, seen from the hero. A displacement is a key
press once the coordinate convention is fixed (which argument is the column, which way rows
count); every convention reads the moves consistently, since the level's Init is written in
the same one, so the convention is the one under which most action names agree with their
displacement, and an action that does nothing visible falls back to its name. The evidence
says what each choice rests on, so a user can correct a wrong guess in the file
`--vocabulary-out` writes.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from strips_model.moves import Direction
from strips_model.reports.arithmetic import without_arithmetic
from strips_model.reports.comparison import OPERATORS
from strips_model.reports.schema_readings import read_schemas, static_predicates
from strips_model.reports.vocabulary import PLACED_ROLES, ROLES, Vocabulary
from strips_model.schema import Literal, Schema
from translator.compare.vocabulary.adjacency import find_adjacency
from translator.compare.vocabulary.behaviour import parts_by_behaviour
from translator.compare.vocabulary.counting import counting
from translator.compare.vocabulary.flag_parts import flag_parts
from translator.compare.vocabulary.leftover_parts import leftover_parts
from translator.compare.vocabulary.places import (
    cell_fluents,
    cell_pattern,
    hero_place_start,
    place_starts,
    starts_evidence,
)
from translator.compare.vocabulary.state_parts import state_parts, trap_parity
from translator.compare.vocabulary.structure import (
    arity_of,
    find_counter,
    find_hero,
    find_successor,
    requirements,
)
from translator.compare.vocabulary.values import state_values
from translator.compare.vocabulary.words import name_alphabet, name_direction, role_scores

_OFFSET = re.compile(r"(plus|minus)_([0-9]+)")
_PLACED = frozenset(PLACED_ROLES)
_CONVENTIONS = ((True, False), (True, True), (False, False), (False, True))
"""(first is column, rows upward), the first one winning ties."""


@dataclass(frozen=True, slots=True)
class InferredVocabulary:
    vocabulary: Vocabulary
    evidence: tuple[str, ...]
    """What each choice rests on, one sentence each, for the report and the file's head."""
    names_tie: bool = False
    """No action name tells the coordinate conventions apart (vocabulary_probes.py decides)."""


def _steps(schema: Schema, successor: str | None, sign: int = 1) -> dict[str, dict[str, int]]:
    """Variable -> variable -> offset, from the successor (its step `sign`) and arithmetic."""
    edges: dict[str, dict[str, int]] = {}
    for literal in schema.preconditions:
        if not literal.positive or len(literal.args) != 2:
            continue
        offset = _OFFSET.fullmatch(literal.predicate)
        step = sign if literal.predicate == successor else (
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


def _vector(schema: Schema, hero: str, objects: set[str], successor: str | None,
            starts: dict[str, int], sign: int = 1) -> tuple[int, int] | None:
    """What the action does, as a step (first coordinate, second): the hero's, else that of
    the object it moves or removes, seen from the hero. `starts`: where a predicate's place
    starts, when not first."""
    edges = _steps(schema, successor, sign)

    def between(a: Literal, b: Literal) -> tuple[int, int] | None:
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


def _direction(vector: tuple[int, int], first_is_column: bool, rows_upward: bool) -> Direction:
    column, row = vector if first_is_column else vector[::-1]
    down = -row if rows_upward else row
    return {(-1, 0): Direction.UP, (1, 0): Direction.DOWN, (0, -1): Direction.LEFT,
            (0, 1): Direction.RIGHT}[(down, column)]


def infer_vocabulary(schemas: tuple[Schema, ...], source: str, has_goal_block: bool,
                     convention: tuple[bool, bool] | None = None,
                     cells: tuple[str, ...] = (), goal: frozenset[str] = frozenset()
                     ) -> InferredVocabulary:
    """The vocabulary the schemas read a level in (see the module doc), with its evidence;
    `convention` (first is column, rows upward) when chosen otherwise; `cells`, the
    constants of the model's Init, name its cells where a place is one term; `goal`, the
    predicates its goal names (a demon, never a wall)."""
    read, _ = read_schemas(tuple(without_arithmetic(schema) for schema in schemas))
    static = static_predicates(read)
    arity = arity_of(read)
    fluents = set(arity) - static
    evidence: list[str] = []
    roles: dict[str, str] = {}
    hero, once, width = find_hero(read, fluents, arity, static)
    if hero is not None:
        roles["hero"] = hero
        evidence.append(f"hero: {hero}, the place every action needs exactly one of "
                        f"({once} of {len(read)} actions)")
    cells_of = cell_fluents(read, hero, static) if hero is not None and width == 1 else set()
    counter, replaced = find_counter(read, fluents - {hero} - cells_of, arity)
    if counter is not None:
        roles["counter"] = counter
        evidence.append(f"counter: {counter}, a number {replaced} of {len(read)} actions "
                        "replace by another")
    adjacency = find_adjacency(read, static, arity, hero, hero_place_start(
        read, hero, arity[hero], width), width) if hero is not None else None
    if adjacency is not None:
        roles.update(adjacency.roles)
        evidence += adjacency.evidence
    successor, said = find_successor(read, static, arity, set(roles.values()))
    if successor is not None:
        roles["successor"] = successor
        evidence += said
    sign, limit, said = counting(read, counter, successor, static, arity) if counter \
        else (1, None, [])
    roles.update({"counter_limit": limit} if limit else {})
    evidence += said
    taken = set(roles.values())
    if hero is not None:  # what the actions do says more than a name: names break ties only
        # A comparison (`c < l`) is evaluated over the numbers, never a part of the level.
        candidates = {name for name in arity if name not in taken and arity[name] >= width
                      and not _OFFSET.fullmatch(name) and name not in OPERATORS} - cells_of
        for parts in (lambda: parts_by_behaviour(read, hero, candidates, static, width, goal),
                      lambda: flag_parts(read, hero, candidates, static, arity, width, roles),
                      lambda: state_parts(read, hero, candidates, static, width, goal, frozenset(
                          n for n in (hero, counter) if n), frozenset(roles)),
                      lambda: leftover_parts(read, hero, candidates, static, width,
                                             has_goal_block, roles)):
            more, told = parts()
            roles.update(more)
            candidates.difference_update(more.values())
            taken |= set(more.values())
            evidence += told
    uses = Counter(lit.predicate for s in read for lit in (*s.preconditions, *s.effects))
    suggested = sorted(((score, role, name) for name in arity if name not in taken
                        and not _OFFSET.fullmatch(name)
                        for role, score in role_scores(name).items()
                        if role not in ("hero", "counter", "successor")
                        and (role not in _PLACED or arity[name] >= width)),
                       key=lambda item: (-item[0], item[1], -uses[item[2]], item[2]))
    for score, role, name in suggested:
        if role in roles or name in taken or (role == "trap" and "trap_raised" in roles):
            continue
        roles[role] = name
        taken.add(name)
        how = {3: "its name", 2: "its name, misspelt", 1: "a word of its name"}[score]
        evidence.append(f"{role}: {name} ({how})")
    if "trap_raised" in roles and roles["trap_raised"] in static:
        parity = trap_parity(read, arity, taken)
        if parity is not None:
            roles["trap_parity"] = parity
            taken.add(parity)
            evidence.append(f"trap_parity: {parity}, a flag every action flips, beside traps "
                            "written by their first phase (by what the actions do)")
    unread = sorted(set(arity) - taken - {n for n in arity if _OFFSET.fullmatch(n)})
    if unread:
        evidence.append(f"read as no part of the game: {', '.join(unread)}")
    starts = place_starts(read, roles, arity, static, width)
    evidence += starts_evidence(starts, roles)
    at = {roles[role]: start for role, start in starts.items()}
    keys, convention, tie = _keys(read, roles, evidence, convention, at, sign)
    if adjacency is not None:  # the relation says the key press under any convention
        relation_keys = dict(adjacency.keys)
        keys = [(name, relation_keys.get(name, key)) for name, key in keys
                if name not in adjacency.by_parameter]
        convention, tie = _CONVENTIONS[0], False
        evidence = [line for line in evidence
                    if not line.startswith(("coordinates:", "no key press"))]
        evidence.append("coordinates: the column first and rows downward, as RULES.md counts "
                        "them; any other reads the moves alike, since each level's Init lists "
                        "the adjacency relation in the same one")
    values, said = state_values(read, roles, arity, at, width)
    values += [("successor_step", -1)] if sign < 0 else []
    evidence += said
    cell, said_cell = cell_pattern(cells) if width == 1 else ("", "")
    evidence += [said_cell] if cell else []
    ordered = tuple((role, roles[role]) for role in ROLES if role in roles)
    summary = ", ".join(f"{role} {name}" for role, name in ordered[:4])
    vocabulary = Vocabulary(
        name=f"inferred from {source}", summary=summary, roles=ordered, values=tuple(values),
        first_is_column=convention[0], rows_upward=convention[1], direction_words=(),
        not_key_presses=tuple(action for action, key in keys if key is None),
        goal=(("block", "But"),) if has_goal_block else (("adjacent_to_demon", True),),
        source=source, keys=tuple(keys),
        directions=adjacency.directions if adjacency else (),
        direction_first=adjacency.direction_first if adjacency else True,
        keyed_by_direction=adjacency.by_parameter if adjacency else (),
        places=tuple((role, starts[role]) for role in PLACED_ROLES if role in starts),
        cell=cell)
    return InferredVocabulary(vocabulary, tuple(evidence), tie)


def _keys(read: tuple[Schema, ...], roles: dict[str, str], evidence: list[str],
          forced: tuple[bool, bool] | None, starts: dict[str, int], sign: int = 1
          ) -> tuple[list[tuple[str, Direction | None]], tuple[bool, bool], bool]:
    """Each action's key press, the coordinate convention (see the module doc) and whether
    the names left the conventions tied."""
    hero = roles.get("hero")
    if hero is None:
        return [(schema.name, None) for schema in read], _CONVENTIONS[0], False
    objects = {roles[role] for role in ("boulder", "skeleton", "lock") if role in roles}
    vectors = {schema.name: _vector(schema, hero, objects, roles.get("successor"), starts, sign)
               for schema in read}
    alphabet = name_alphabet([schema.name for schema in read])
    named = {name: name_direction(name, alphabet) for name in vectors}
    tally = {convention: sum(_direction(vector, *convention) == named[name]
                             for name, vector in vectors.items() if vector is not None)
             for convention in _CONVENTIONS}
    convention = forced or max(_CONVENTIONS, key=lambda c: tally[c])
    moving = sum(vector is not None for vector in vectors.values())
    tie = forced is None and moving > 0 and len(set(tally.values())) == 1
    first = "column" if convention[0] else "row"
    rows = "upward" if convention[1] else "downward"
    others = ", ".join(f"{'column' if c[0] else 'row'} first and rows {'up' if c[1] else 'down'}"
                       f"ward {tally[c]}" for c in _CONVENTIONS if c != convention)
    evidence.append(f"coordinates: the first argument of a place is the {first}, rows count "
                    f"{rows}; {moving} of {len(read)} actions move the hero or an object one "
                    f"cell, and under this reading {tally[convention]} of them go where their "
                    f"names say ({others})")
    keys: list[tuple[str, Direction | None]] = []
    contrary: list[str] = []
    for name, vector in vectors.items():
        said = named[name]
        key = _direction(vector, *convention) if vector is not None else said
        if vector is not None and key is not None and said is not None and said != key:
            contrary.append(f"{name} ({said.name.lower()} by its name, "
                            f"{key.name.lower()} by what it does)")
        keys.append((name, key))
    if contrary:
        evidence.append("key presses read off what the actions do, against their names: "
                        + "; ".join(contrary[:6]) + (" ..." if len(contrary) > 6 else ""))
    silent = [name for name, key in keys if key is None]
    if silent:
        evidence.append("no key press (they move nothing and their names say no direction): "
                        + ", ".join(silent[:8]) + (" ..." if len(silent) > 8 else ""))
    return keys, convention, tie

