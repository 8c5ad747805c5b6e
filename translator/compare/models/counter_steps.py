"""What a schema takes from the counter, counting down or up, and how far a level's counter
lets the model go (report_planning.py turns both into action costs and the search's bound).

A counter counts down (`counter(C)` required, `counter(C')` added with `plusOne(C', C)`, or
`time(t-1)`) or up (`time(t)` deleted, `time(t+1)` added, or `next(t, t2)` with `time(t2)`
added): the schema's cost is the number of successor steps (or the offset) between the two
values, either way. Which way a successor relation runs in numbers is the vocabulary's
`successor_step` (vocabulary/counting.py): with -1, `next(a, b)` means a = b + 1.

A counter counting up starts at 0 on each level and stops where its guards say (a
`counter_limit` fact holding the budget, or the end of its successor chain): the search's
bound is how many one-point steps those guards allow from the start, found by running the
counter's own literals of a one-point schema in the exact view (`allowance`).
"""

from __future__ import annotations

import re
from collections.abc import Hashable
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Final, cast

from strips_model.errors import Position, SchemaError
from strips_model.reports.vocabulary import Vocabulary
from strips_model.schema import Literal, Schema, build_domain
from strips_model.schema_memo import per_schema_and
from translator.ground.exact_semantics import Grounder
from translator.model.level_facts import Atom, Facts

OFFSET_RELATION: Final = re.compile(r"(plus|minus)_([0-9]+)")
"""The static relations arithmetic terms compile to (strips_model/reports/arithmetic.py)."""


@dataclass(frozen=True, slots=True)
class CounterSteps:
    cost: int
    values: frozenset[str]
    """The variables that name counter values along the steps."""
    upward: bool
    """The added value lies above the one required (the counter counts up)."""


ALLOWANCES_KEPT: Final = 4096
"""Answers of `allowance` kept, each keyed by the few atoms it read."""

SURPLUS: Final = "more than one"
"""How a left-out schema's reason says it holds a counter value too many (`steps(c)` added back
beside `steps(c2)`): the repair then tries the edits that take one away first."""


def successor_step(vocabulary: Vocabulary) -> int:
    """+1: `successor(a, b)` means b = a + 1; -1: a = b + 1."""
    return -1 if dict(vocabulary.values).get("successor_step") == -1 else 1


def counter_steps(schema: Schema, vocabulary: Vocabulary) -> CounterSteps:
    """The schema's cost in counter steps (module doc); a SchemaError when no chain of steps
    links the value it requires to the one it adds."""
    counter = vocabulary.predicate("counter")
    if counter is None:
        return CounterSteps(schema.cost, frozenset(), False)
    read = _counter_reading(schema, (counter, vocabulary.predicate("successor"),
                                     successor_step(vocabulary)))
    if isinstance(read, CounterSteps):
        return read
    raise SchemaError(*read)


@per_schema_and
def _counter_reading(schema: Schema, words: Hashable
                     ) -> CounterSteps | tuple[str, Position | None]:
    """`counter_steps` in the words it reads (the counter, the successor, its sign), kept per
    schema: a repair rebuilds hundreds of models that differ from one another in one schema.
    What is wrong is kept as its message and place, raised afresh by each reader."""
    counter, plus_one, sign = cast(tuple[str, str | None, int], words)
    required = [lit for lit in schema.preconditions
                if lit.predicate == counter and lit.positive and lit.args[0].is_variable]
    added = [lit for lit in schema.effects
             if lit.predicate == counter and lit.positive and lit.args[0].is_variable]
    if not required and not added:
        return CounterSteps(0, frozenset(), False)
    # A counter deleted but never required (`time(t--)`, read as `-time(t)`) is taken from
    # the value it deletes.
    required = required or [lit for lit in schema.effects if lit.predicate == counter
                            and not lit.positive and lit.args[0].is_variable]
    up = _steps_up(schema, plus_one, sign)
    if len(required) > 1 or len(added) != 1:
        # What is missing, where the schema says it: the value its chain reaches from the one
        # it requires (`steps(c2)` dropped from `steps(c) ∧ succ(c1, c) ∧ succ(c2, c1)`).
        ends = _chain_ends(up, required[0].args[0].name) if len(required) == 1 and not added \
            else []
        # Only the end is named: the repair ranks the edits whose arguments the reason names.
        reached = f" (it adds none; its {plus_one or 'successor'} chain reaches " \
            f"{' or '.join(ends)})" if ends else ""
        many, verb = (required, "requires") if len(required) > 1 else (added, "adds")
        if len(many) > 1:
            # Where it adds back the value it requires, that one alone is named: the repair
            # ranks first the edits of the literals whose arguments the reason names.
            again = [lit for lit in added if required and lit.args == required[0].args]
            reached = f" (it {verb} {SURPLUS}: " + (
                f"it adds back the {again[0]} it requires)" if verb == "adds" and again
                else f"{', '.join(map(str, many))})")
        return (f"{schema.name}: expected one {counter}(C) to require and one to add"
                + reached, schema.position)
    start = added[0].args[0].name
    target = required[0].args[0].name if required else None
    down = _chain(up, start, target)
    if down is not None:
        return CounterSteps(down[1], frozenset(down[0]), False)
    rising = _chain(up, target, start) if target is not None else None
    if rising is not None:
        return CounterSteps(rising[1], frozenset(rising[0]), True)
    return (f"{schema.name}: no {plus_one or 'successor'} chain between {target} and "
            f"{start}, so what it takes from the counter is unknown", schema.position)


def _steps_up(schema: Schema, plus_one: str | None, sign: int) -> dict[str, tuple[str, int]]:
    """Value -> the value above it and how far: the successor (1) or an offset (k)."""
    steps: dict[str, tuple[str, int]] = {}
    # Read before or after the static effects are moved: the chain may sit in either part.
    for literal in (*schema.preconditions, *schema.effects):
        if not literal.positive or len(literal.args) != 2 \
                or not all(term.is_variable for term in literal.args):
            continue
        low, high = (term.name for term in literal.args)
        offset = OFFSET_RELATION.fullmatch(literal.predicate)
        if literal.predicate == plus_one:
            steps.setdefault(*((low, (high, 1)) if sign > 0 else (high, (low, 1))))
        elif offset is not None and offset.group(1) == "plus":
            steps.setdefault(low, (high, int(offset.group(2))))
        elif offset is not None:
            steps.setdefault(high, (low, int(offset.group(2))))
    return steps


def _chain_ends(steps: dict[str, tuple[str, int]], value: str) -> list[str]:
    """The far ends of the chains down and up from `value`, where they lead anywhere."""
    down = {high: (low, cost) for low, (high, cost) in steps.items()}
    found = (_chain(links, value, None) for links in (down, steps))
    return [chain[-1] for chain, _ in filter(None, found) if chain[-1] != value]


def _chain(steps: dict[str, tuple[str, int]], start: str, target: str | None
           ) -> tuple[list[str], int] | None:
    """The values from `start` up to `target` and the steps' total; with no target (a value
    added from nothing, `time(t-2)` with no `-time(t)`), the whole chain up from `start`."""
    chain, cost = [start], 0
    while chain[-1] != target:
        following = steps.get(chain[-1])
        if target is None and (following is None or following[0] in chain):
            break
        if following is None or following[0] in chain or len(chain) > 8:
            return None
        chain.append(following[0])
        cost += following[1]
    return chain, cost


def counts_up(schemas: tuple[Schema, ...], vocabulary: Vocabulary) -> bool:
    """Most schemas that step the counter add a value above the one they require."""
    tally = [0, 0]
    for schema in schemas:
        try:
            steps = counter_steps(schema, vocabulary)
        except SchemaError:
            continue
        if steps.cost:
            tally[steps.upward] += 1
    return tally[1] > tally[0]


def counter_literals(schema: Schema, values: frozenset[str], vocabulary: Vocabulary
                     ) -> tuple[frozenset[str], tuple[Literal, ...]]:
    """Every variable the counter's literals reach (its values, the successor steps between
    them, its limit, the guards on them) and those literals: the counter's own part."""
    counter, successor = vocabulary.predicate("counter"), vocabulary.predicate("successor")
    limit = vocabulary.predicate("counter_limit")
    literals = (*schema.preconditions, *schema.effects)

    def stepping(literal: Literal) -> bool:
        return bool((literal.predicate == successor
                     or OFFSET_RELATION.fullmatch(literal.predicate)) and literal.args)

    # Every value the counter's steps reach, also past the chain the cost was read off (a
    # step written and never used, `plusOne(C', C)` beside `counter(C)` added back as is).
    values = values | {t.name for lit in literals if lit.predicate in (counter, limit)
                       for t in lit.args if t.is_variable}
    linking = [lit for lit in literals if stepping(lit)]
    grown = True
    while grown:
        linked = {t.name for lit in linking if any(t.name in values for t in lit.args)
                  for t in lit.args if t.is_variable}
        grown = not linked <= values
        values = values | linked

    def own(literal: Literal) -> bool:
        if literal.predicate in (counter, limit):
            return True
        if stepping(literal):
            return all(t.is_variable and t.name in values for t in literal.args)
        # A guard on the counter's values (`t > 0`: comparisons.py).
        named = [t for t in literal.args if t.is_variable]
        return bool(named) and all(t.name in values for t in named)

    return values, tuple(filter(own, literals))


def counter_alone(schemas: tuple[Schema, ...], vocabulary: Vocabulary) -> Schema | None:
    """The counter's own literals of the first one-point schema that steps it, as a schema of
    their own (None when no one-point schema steps the counter): what `allowance` runs."""
    for schema in schemas:
        try:
            steps = counter_steps(schema, vocabulary)
        except SchemaError:
            continue
        if steps.cost != 1:
            continue
        values, own = counter_literals(schema, steps.values, vocabulary)
        return replace(schema, parameters=tuple(p for p in schema.parameters
                                                if p.name in values),
                       preconditions=tuple(lit for lit in own if lit in schema.preconditions),
                       effects=tuple(lit for lit in own if lit in schema.effects))
    return None


def allowance(schemas: tuple[Schema, ...], vocabulary: Vocabulary, facts: Facts,
              ceiling: int) -> int | None:
    """How many one-point steps the counter's own literals allow from the level's start, at
    most `ceiling` (None when no one-point schema steps the counter)."""
    alone = counter_alone(schemas, vocabulary)
    if alone is None:
        return None
    read = {lit.predicate for lit in (*alone.preconditions, *alone.effects)}
    types = {parameter.type for parameter in alone.parameters}
    return _allowed(alone, vocabulary.predicate("counter"),
                    tuple(sorted((kind, objects) for kind, objects in facts.objects.items()
                                 if kind in types)),
                    frozenset(a for a in facts.static if a[0] in read),
                    frozenset(a for a in facts.initial if a[0] in read), ceiling)


@lru_cache(maxsize=ALLOWANCES_KEPT)
def _allowed(alone: Schema, counter: str | None,
             objects: tuple[tuple[str, tuple[str, ...]], ...], static: frozenset[Atom],
             initial: frozenset[Atom], ceiling: int) -> int:
    """`allowance` of the counter's own literals `alone` on the facts it reads: a grounder
    reads only the atoms of its schemas' predicates and the objects of their parameters'
    types (exact_semantics.py), so every level and board whose facts agree there gets the
    one answer (every board of a budget, and every model of a repair that keeps the schema)."""
    grounder = Grounder(build_domain((alone,), "counter", strict=False),
                        Facts(dict(objects), static, initial, ()))
    state: frozenset[Atom] = frozenset(a for a in initial if a[0] == counter)
    taken = 0
    while taken < ceiling:
        options = grounder.applicable(state)
        if not options:
            break
        state, taken = options[0].apply(state), taken + 1
    return taken


def successor_numbers_places(schemas: tuple[Schema, ...], vocabulary: Vocabulary) -> bool:
    """The successor relates a variable some literal other than the counter's uses: it steps
    a coordinate of a place, and its chain must cover the level's columns and rows, not only
    the budget (a model stepping places by arithmetic, `X + 1`, keeps it for the counter)."""
    successor, counter = vocabulary.predicate("successor"), vocabulary.predicate("counter")
    for schema in schemas:
        literals = (*schema.preconditions, *schema.effects)
        stepped = {t.name for lit in literals if lit.predicate == successor
                   for t in lit.args if t.is_variable}
        if any(t.name in stepped for lit in literals
               if lit.predicate not in (successor, counter) for t in lit.args if t.is_variable):
            return True
    return False
