"""The roles a model's structure tells, for the vocabulary inference
(translator/compare/vocabulary/inference.py): the hero, the counter and the successor.

The hero is the fluent with a place that (almost) every action requires exactly once: a place
of two arguments (`hero(X, Y)`), or, in a model with none, of one, a cell written as a single
term (`hero(P)`) that the actions move along a static relation between cells (`right(P, Q)`,
`adj(D, P, Q)`); a name that says counter never reads as such a hero. The counter is a
one-argument fluent that the actions replace, the successor a static relation of two
arguments that steps coordinates. The hero is read with the other facts every step of the
inference needs (`schema_facts`, facts.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from collections.abc import Set as AbstractSet

from strips_model.reports.arithmetic import without_arithmetic
from strips_model.reports.schema_readings import read_schemas, static_predicates
from strips_model.schema import Literal, Schema
from translator.compare.vocabulary.behaviour import arrival_of, variables
from translator.compare.vocabulary.facts import NEARLY, OFFSET, SchemaFacts
from translator.compare.vocabulary.places import cell_fluents, hero_place_start
from translator.compare.vocabulary.roles import Evidence, Role
from translator.compare.vocabulary.words import role_scores

COUNT_SHARES = 2
"""Other predicates at most that take the values of a count of steps: its successor, and a
limit counting up (`succ(C, C1)`, `limit(L)`)."""


def arity_of(schemas: Iterable[Schema]) -> dict[str, int]:
    """Each predicate's arity, the one it is used with most."""
    counts: dict[str, Counter[int]] = {}
    for schema in schemas:
        for literal in (*schema.preconditions, *schema.effects):
            counts.setdefault(literal.predicate, Counter())[len(literal.args)] += 1
    return {name: found.most_common(1)[0][0] for name, found in counts.items()}


def requirements(schema: Schema, predicate: str) -> list[Literal]:
    """The schema's positive preconditions on `predicate`."""
    return [lit for lit in schema.preconditions if lit.positive and lit.predicate == predicate]


def _moved(schema: Schema, name: str, static: frozenset[str], arities: tuple[int, ...]
           ) -> tuple[set[int], set[int]]:
    """(changed, stepped): the positions of `name` the schema changes, and those of them it
    moves to a value a static relation (of one of `arities`, any when empty) links to the one
    it had: a coordinate or a cell stepped, never a state (`nokey` to `haskey`)."""
    before, after = requirements(schema, name), [
        e for e in schema.effects if e.positive and e.predicate == name]
    if len(before) != 1 or len(after) != 1 or len(before[0].args) != len(after[0].args):
        return set(), set()
    links = [{term.name for term in lit.args} for lit in schema.preconditions
             if lit.predicate in static and (not arities or len(lit.args) in arities)]
    changed = {index: (a.name, b.name) for index, (a, b) in enumerate(
        zip(before[0].args, after[0].args, strict=True)) if a.name != b.name}
    return set(changed), {index for index, ends in changed.items()
                          if any(set(ends) <= link for link in links)}


def _moves_along_cells(schemas: tuple[Schema, ...], name: str, static: frozenset[str]) -> bool:
    """Some schema moves one of `name`'s arguments to a cell a static relation between cells
    (two or three arguments: `right(P, Q)`, `adj(D, P, Q)`) links it to."""
    return any(_moved(schema, name, static, (2, 3))[1] for schema in schemas)


def _one_way(schemas: tuple[Schema, ...], name: str, static: frozenset[str]) -> bool:
    """`name`'s one argument is only ever stepped along one relation of two values, always
    the same way round (`succ(N2, N)`): a count of steps, where a hero in cells moves along
    relations that say a direction, or along one relation either way."""
    ways: set[tuple[str, int]] = set()
    for schema in schemas:
        before, after = requirements(schema, name), [
            e for e in schema.effects if e.positive and e.predicate == name]
        if len(before) != 1 or len(after) != 1 or len(before[0].args) != 1 \
                or len(after[0].args) != 1:
            continue
        ends = (before[0].args[0].name, after[0].args[0].name)
        for lit in schema.preconditions:
            names = tuple(term.name for term in lit.args)
            if lit.predicate in static and len(names) >= 2 and set(ends) <= set(names):
                ways.add((lit.predicate, names.index(ends[0])) if len(names) == 2 else
                         (lit.predicate, -1))
    return len(ways) == 1 and next(iter(ways))[1] >= 0


def _counted(schemas: tuple[Schema, ...], name: str, static: frozenset[str]) -> bool:
    """`name` steps as a count does: one way along one relation (`_one_way`), its values
    shared with few other predicates (`_sharing`: the successor, a limit). A hero in cells
    that steps along one relation of no direction (`adj(P, P2)`, each move, the key taken
    and the lock opened written once for the four directions) also steps one way, but its
    cells are those of the walls, the boulders and the goal too."""
    return _one_way(schemas, name, static) and _sharing(schemas, name) <= COUNT_SHARES


def _pair_stepped(schemas: tuple[Schema, ...], name: str, arity: int,
                  static: frozenset[str]) -> bool:
    """Each argument of `name`'s place of two that some action changes, some action steps:
    coordinates, not a cell beside a state (`at(P, nokey)`, read as a place of one). With
    nothing stepped at all, the place is two arguments as ever: the model names no relation
    to step it by, which its vocabulary then says."""
    start = hero_place_start(schemas, name, arity)
    changed: set[int] = set()
    stepped: set[int] = set()
    for schema in schemas:
        moved = _moved(schema, name, static, ())
        changed |= moved[0]
        stepped |= moved[1]
    return not stepped or {start, start + 1} & changed <= stepped


def _sharing(schemas: tuple[Schema, ...], name: str) -> int:
    """How many other predicates take a value of `name`'s arguments: a place is shared with
    the walls, boulders and goal cells around it, a count of steps with its successor alone
    (in a model written in cells, both are one-argument fluents every action replaces)."""
    others: set[str] = set()
    for schema in schemas:
        literals = (*schema.preconditions, *schema.effects)
        values = {t.name for lit in literals if lit.predicate == name for t in lit.args
                  if t.is_variable}
        others |= {lit.predicate for lit in literals if lit.predicate != name
                   and any(t.is_variable and t.name in values for t in lit.args)}
    return len(others)


def find_hero(schemas: tuple[Schema, ...], fluents: AbstractSet[str], arity: Mapping[str, int],
              static: frozenset[str]) -> tuple[str | None, int, int]:
    """(hero, the actions that need exactly one of it, the arguments of its place): the
    place fluent every action needs exactly one of, then the one whose values the most other
    predicates take, names breaking ties (module doc). A place of two arguments wins a tie
    with one of one: a model written in cells may have a fluent relating two cells (a
    skeleton doomed from where the hero stands), which only some of its actions need."""
    # Nearly as many actions make a tie: one schema that forgot the hero's precondition must
    # not hand the hero to the counter, a number every action steps along a successor, which
    # shares its values with that successor alone.
    found: list[tuple[int, int, int, str, int]] = []
    for width in (2, 1):
        scored = [(sum(len(requirements(schema, name)) == 1 for schema in schemas),
                   _sharing(schemas, name), role_scores(name).get("hero", 0), name, width)
                  for name in sorted(fluents)
                  if (arity[name] >= 2 and _pair_stepped(schemas, name, arity[name], static)
                      if width == 2 else not role_scores(name).get("counter", 0)
                      and _moves_along_cells(schemas, name, static)
                      and not _counted(schemas, name, static))]
        if scored:
            most = max(item[0] for item in scored)
            best = max(scored, key=lambda item: (item[0] >= NEARLY * most, *item[1:3],
                                                 item[0], [-ord(c) for c in item[3]]))
            if best[0] * 2 >= len(schemas):
                found.append(best)
    if not found:
        return None, 0, 2
    most = max(item[0] for item in found)
    once, _, _, hero, width = max(found, key=lambda item: (item[0] >= NEARLY * most, item[4],
                                                           item[0]))
    return hero, once, width


def find_counter(schemas: tuple[Schema, ...], fluents: AbstractSet[str],
                 arity: Mapping[str, int], hero: str | None = None) -> tuple[str | None, int]:
    """A one-argument fluent that most actions replace by another value. Of several, the one
    a static relation links the old value to the new in (`next(t2, t)`, `t - 1`), as a count
    is: sets of traps raised in turn (`trapOn(Gu)` for `trapOn(Gd)`) are linked by none. A
    model whose turn ends with bookkeeping (a walk over its traps) replaces its count in fewer
    than half of its actions, but, linked so, in most of those moving the `hero`."""
    static = static_predicates(schemas)
    best: tuple[int, int, int, str] | None = None
    for name in sorted(fluents):
        if arity[name] != 1:
            continue
        replaced = [s for s in schemas if any(e.predicate == name and e.positive
                                              for e in s.effects)
                    and any(e.predicate == name and not e.positive for e in s.effects)]
        score = (sum(_linked(s, name, static) for s in replaced), len(replaced),
                 role_scores(name).get("counter", 0), name)
        if best is None or score[:3] > best[:3]:
            best = score
    moves = sum(hero is not None and arrival_of(s, hero) is not None for s in schemas)
    if best is None or (best[1] * 2 < len(schemas) and best[2] < 2
                        and best[0] * 2 < max(moves, 1)):
        return None, 0
    return best[3], best[1]


def _linked(schema: Schema, name: str, static: AbstractSet[str]) -> bool:
    """A static relation the schema requires holds between the value of `name` it deletes and
    the one it adds."""
    old = {t.name for e in schema.effects if e.predicate == name and not e.positive
           for t in e.args}
    new = {t.name for e in schema.effects if e.predicate == name and e.positive for t in e.args}
    return any(lit.positive and lit.predicate in static and len(lit.args) == 2
               and {t.name for t in lit.args} & old and {t.name for t in lit.args} & new
               for lit in schema.preconditions)


def find_successor(read: tuple[Schema, ...], static: frozenset[str], arity: Mapping[str, int],
                   taken: AbstractSet[str]) -> tuple[str | None, list[Evidence]]:
    """The successor relation, with its evidence: a static relation of two arguments its
    name says is one, else, with no arithmetic either, the one the actions use most.
    `taken`: the predicates read as another part (an adjacency relation on cells)."""
    successors = sorted((role_scores(name).get("successor", 0), name) for name in static
                        if arity[name] == 2 and not OFFSET.fullmatch(name)
                        and name not in taken and steps_more_than_places(read, name))
    if successors and successors[-1][0]:
        name = successors[-1][1]
        return name, [Evidence(Role.SUCCESSOR, f"successor: {name}, a static relation of two "
                               "values its name says is a successor")]
    if successors:
        # No name says it: the static pair the actions step coordinates with most (a model
        # may step its counter by arithmetic, `t - 1`, and its places by a relation).
        linking = Counter(lit.predicate for s in read for lit in s.preconditions
                          if lit.positive and lit.predicate in {n for _, n in successors}
                          and all(term.is_variable for term in lit.args))
        # Beside arithmetic, only a relation most actions step with: the model's successor.
        arithmetic = any(OFFSET.fullmatch(name) for name in arity)
        if linking and (not arithmetic or linking.most_common(1)[0][1] * 2 >= len(read)):
            name = linking.most_common(1)[0][0]
            return name, [Evidence(Role.SUCCESSOR, f"successor: {name}, the static relation of "
                                   "two values the actions use most (no name says which)")]
    return None, []


def _only_in_goal(goal: tuple[Literal, ...], arity: Mapping[str, int],
                  static: frozenset[str]) -> tuple[dict[str, int], dict[str, int]]:
    """The predicates only the goal names, with their arity: static parts of the level.
    First those at a place no fluent of the goal holds (a demon the hero ends beside, in a
    model whose moves never name it: they step onto cells a fluent says are free); then
    those where a fluent is (`goal(X, Y)` beside the hero's `at(X, Y)`): where the hero
    ends, the goal cells if the hero holds that place (hero_cell_parts.py)."""
    held = [{t.name for t in lit.args} for lit in goal
            if lit.predicate in arity and lit.predicate not in static]
    beside: dict[str, int] = {}
    at_held: dict[str, int] = {}
    for lit in goal:
        if lit.predicate in arity or not lit.positive or not lit.args:
            continue
        at_fluent = any({t.name for t in lit.args} <= names for names in held)
        (at_held if at_fluent else beside)[lit.predicate] = len(lit.args)
    return beside, at_held


def _at_hero(goal: tuple[Literal, ...], hero: str | None, at_held: Mapping[str, int],
             width: int) -> frozenset[str]:
    """Of the predicates only the goal names where a fluent is, those of a place's width
    whose arguments are the hero's own place in the goal."""
    places = [{t.name for t in lit.args} for lit in goal if lit.predicate == hero]
    return frozenset(lit.predicate for lit in goal
                     if lit.predicate in at_held and at_held[lit.predicate] == width
                     and all(t.is_variable for t in lit.args)
                     and any({t.name for t in lit.args} <= place for place in places))


def schema_facts(schemas: tuple[Schema, ...], has_goal_block: bool,
                 init_constants: tuple[str, ...], goal: tuple[Literal, ...]) -> SchemaFacts:
    """The facts every step of the inference reads (facts.py), the hero among them."""
    read, _ = read_schemas(tuple(without_arithmetic(schema) for schema in schemas))
    arity = arity_of(read)
    static = static_predicates(read)
    beside, at_held = _only_in_goal(goal, arity, static)
    static |= frozenset(beside)
    arity |= beside
    fluents = frozenset(arity) - static
    hero, once, width = find_hero(read, fluents, arity, static)
    at_hero = _at_hero(goal, hero, at_held, width)
    static |= at_hero
    arity |= {name: width for name in at_hero}
    cells_of = frozenset(cell_fluents(read, hero, static)) \
        if hero is not None and width == 1 else frozenset()
    start = hero_place_start(read, hero, arity[hero], width) if hero is not None else 0
    uses = Counter(lit.predicate for s in read for lit in (*s.preconditions, *s.effects))
    offsets = frozenset(name for name in arity if OFFSET.fullmatch(name))
    return SchemaFacts(read, static, arity, fluents, hero, once, width, start, cells_of, uses,
                       offsets, frozenset(lit.predicate for lit in goal), has_goal_block,
                       init_constants, at_hero)


def steps_more_than_places(read: tuple[Schema, ...], name: str) -> bool:
    """`name` relates one coordinate of two places more often than two coordinates of one
    place: a successor holds the same coordinate of two places (`X` in the hero's place
    before and `X'` after), a wall's `wall(X, Y')` the two coordinates of one place."""
    counts: Counter[str] = Counter()
    for schema in read:
        # One-argument fluents count too: a counter's successor steps `counter(C)`.
        places = [variables(lit) for lit in (*schema.preconditions, *schema.effects)
                  if lit.predicate != name and lit.args]
        for lit in schema.preconditions:
            if lit.predicate != name or len(lit.args) != 2:
                continue
            a, b = (t.name for t in lit.args)
            if any(a in place and b in place for place in places):
                counts["place"] += 1
            elif any(a in p and b in q and p.index(a) == q.index(b)
                     for p in places for q in places):
                counts["step"] += 1
    return counts["step"] > counts["place"]
