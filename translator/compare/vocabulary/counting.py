"""Which way a counter counts and where it stops, found by what its guards say.

A counter steps along the successor relation: an action requires `counter(C)` and adds
`counter(C2)`, with `succ(C, C2)` or `succ(C2, C)`. The relation alone cannot say which way that
goes in numbers: `next(x, x2)` may mean x2 = x + 1, or x = x2 + 1 (a successor written
reversed). The counter's guards can, since they compare it with numbers:

- a guard that keeps it above a floor counts down: `¬counter(0)`, `C > 0`, `C >= 1`, `C != 0`;
- a guard against a bound counts up: `C < L` or `C <= L` with `L` a number or the value of a
  static one-argument predicate (`limit(L)`, the role `counter_limit`, which each level's
  Init gives the budget), or `¬max(C)` with such a predicate. `¬P(C)` alone could as well
  keep it above a floor (`¬zero(C)`): only a name that says a bound (`max`, `limit`,
  `budget`, `borne`) reads it as one; any other such guard says nothing.

The successor runs downward (the value `successor_step = -1`) when the counter steps forward
along it and counts down, or backward along it and counts up. Without a guard, forward is
kept, and the counter counts the way it steps along the relation.
"""

from __future__ import annotations

import re

from strips_model.schema import Literal, Schema
from translator.compare.vocabulary.facts import SchemaFacts
from translator.compare.vocabulary.roles import Evidence, Role

_ABOVE = frozenset({"greater", "at_least", "different"})
_BELOW = frozenset({"less", "at_most"})
_NUMBER = re.compile(r"-?[0-9]+")
_BOUND_WORDS = ("max", "limit", "budget", "borne", "last", "dernier")
"""Words a name of a bound contains: the tie-break for `¬P(C)` (module doc)."""


def _counter_values(schema: Schema, counter: str, successor: str | None) -> set[str]:
    """The variables that hold counter values: the counter's, and those the successor links
    them to."""
    values = {t.name for lit in (*schema.preconditions, *schema.effects)
              if lit.predicate == counter for t in lit.args if t.is_variable}
    grown = True
    while grown:
        linked = {t.name for lit in schema.preconditions if lit.predicate == successor
                  and any(t.name in values for t in lit.args) for t in lit.args if t.is_variable}
        grown = not linked <= values
        values |= linked
    return values


def along_successor(schema: Schema, counter: str, successor: str) -> int:
    """+1 when the value the schema adds follows the one it requires along the successor,
    -1 when it precedes it, 0 when the schema says neither."""
    required = {lit.args[0].name for lit in schema.preconditions
                if lit.predicate == counter and lit.positive and lit.args}
    required |= {lit.args[0].name for lit in schema.effects
                 if lit.predicate == counter and not lit.positive and lit.args}
    added = [lit.args[0].name for lit in schema.effects
             if lit.predicate == counter and lit.positive and lit.args]
    pairs = [(lit.args[0].name, lit.args[1].name) for lit in schema.preconditions
             if lit.predicate == successor and lit.positive and len(lit.args) == 2]
    for sign, edges in ((1, pairs), (-1, [(b, a) for a, b in pairs])):
        reached = set(required)
        for _ in range(len(edges)):
            reached |= {b for a, b in edges if a in reached}
        if added and added[0] in reached - required:
            return sign
    return 0


def _guard(literal: Literal, values: set[str], static_singles: frozenset[str]
           ) -> tuple[int, str | None]:
    """(-1 a floor, +1 a bound, 0 neither; the limit predicate it names)."""
    names = [t.name for t in literal.args]
    if len(names) == 2 and literal.positive and names[0] in values:
        other = names[1]
        if literal.predicate in _ABOVE and _NUMBER.fullmatch(other) and int(other) <= 1:
            return -1, None
        if literal.predicate in _BELOW and other not in values:
            return 1, None
    if len(names) == 1 and not literal.positive and literal.predicate in static_singles \
            and names[0] in values and any(word in literal.predicate.lower()
                                           for word in _BOUND_WORDS):
        return 1, literal.predicate
    return 0, None


def counting(facts: SchemaFacts, counter: str, successor: str | None
             ) -> tuple[int, str | None, list[Evidence]]:
    """(the successor's step, +1 or -1; the counter_limit predicate or None; the evidence)."""
    read = facts.read
    singles = frozenset(name for name in facts.static if facts.arity.get(name) == 1)
    floors = bounds = forward = backward = 0
    limits: dict[str, int] = {}
    for schema in read:
        values = _counter_values(schema, counter, successor)
        bound_vars: set[str] = set()
        for literal in schema.preconditions:
            side, limit = _guard(literal, values, singles)
            floors += side < 0
            bounds += side > 0
            if limit is not None:
                limits[limit] = limits.get(limit, 0) + 1
            if literal.predicate in _BELOW and len(literal.args) == 2 \
                    and literal.args[0].name in values:
                bound_vars.add(literal.args[1].name)
            if literal.predicate == counter and not literal.positive and literal.args \
                    and _NUMBER.fullmatch(literal.args[0].name) \
                    and int(literal.args[0].name) <= 1:
                floors += 1
        for literal in schema.preconditions:
            if literal.predicate in singles and literal.positive and literal.args \
                    and literal.args[0].name in bound_vars:
                limits[literal.predicate] = limits.get(literal.predicate, 0) + 1
        if successor is not None:
            step = along_successor(schema, counter, successor)
            forward, backward = forward + (step > 0), backward + (step < 0)
    evidence: list[Evidence] = []
    limit = max(limits, key=lambda name: (limits[name], name)) if limits else None
    if limit is not None:
        evidence.append(Evidence(Role.COUNTER_LIMIT, (
            f"counter_limit: {limit}, a static number the counter is kept below in "
            f"{limits[limit]} action(s) (each level's Init gives it the budget)")))
    if successor is None or floors == bounds or forward == backward:
        return 1, limit, evidence
    upward = bounds > floors
    step = 1 if (forward > backward) == upward else -1
    evidence.append(Evidence(Role.COUNTER, (
        f"counter: {counter} counts {'up' if upward else 'down'}, by its guards ({floors} keep "
        f"it above a floor, {bounds} below a bound)")))
    if step < 0:
        evidence.append(Evidence(Role.SUCCESSOR, (
            f"successor: {successor} runs downward, {successor}(a, b) meaning a = b + 1: the "
            f"counter steps {'backward' if upward else 'forward'} along it and counts "
            f"{'up' if upward else 'down'}")))
    return step, limit, evidence
