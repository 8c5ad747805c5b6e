"""The memo of ground actions (grounding_memo.py `remembering_groundings`) never changes what
a grounder finds: with it or without it, with a schema edited between two groundings, on the
states a random walk reaches."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from strips_model.level import Level
from strips_model.schema import Domain, build_domain
from translator.compare.check import our_model
from translator.compare.runs.evidence import probe_cases
from translator.ground.exact_semantics import Grounder
from translator.ground.grounding_memo import remembering_groundings
from translator.model.level_facts import Atom, level_facts

LEVELS = [case.level for case in probe_cases(symmetric=False)]


def _domain(drop: int | None) -> Domain:
    schemas = our_model()[0].schemas
    if drop is not None:  # one schema edited: its last precondition removed
        edited = replace(schemas[drop], preconditions=schemas[drop].preconditions[:-1])
        schemas = (*schemas[:drop], edited, *schemas[drop + 1:])
    return build_domain(schemas, "test")


def _walk(level: Level, domain: Domain, seed: int, length: int) -> list[frozenset[Atom]]:
    facts = level_facts(level)
    grounder, state, rng = Grounder(domain, facts), facts.initial, random.Random(seed)
    states = [state]
    for _ in range(length):
        actions = sorted(grounder.applicable(state), key=lambda a: (a.schema, a.binding))
        if not actions:
            break
        state = rng.choice(actions).apply(state)
        states.append(state)
    return states


def _found(level: Level, domain: Domain, state: frozenset[Atom]) -> set[tuple[object, ...]]:
    actions = Grounder(domain, level_facts(level)).applicable(state)
    return {(a.schema, a.binding, a.add, a.delete, a.cost) for a in actions}


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), drop=st.integers(0, 16), at=st.integers(0, 100))
def test_the_memo_finds_what_grounding_finds(seed: int, drop: int, at: int) -> None:
    level = LEVELS[at % len(LEVELS)]
    original, edited = _domain(None), _domain(drop)
    states = _walk(level, original, seed, 12) + _walk(level, edited, seed, 12)

    def both(state: frozenset[Atom]) -> tuple[object, object]:
        return _found(level, original, state), _found(level, edited, state)

    wanted = [both(s) for s in states]
    with remembering_groundings() as memo:
        kept = [both(s) for s in states]
        again = [both(s) for s in states]
    assert kept == wanted == again
    assert memo.size > 0


def test_the_memo_numbers_a_schema_by_its_content_whatever_the_object() -> None:
    """Numbers are also kept by the schema object (a rebuilt model keeps the objects of
    the schemas an edit leaves alone); an equal copy shares the number, an edit never does."""
    schemas = our_model()[0].schemas
    with remembering_groundings() as memo:
        first = memo.numbers(build_domain(schemas, "test"))
        copies = memo.numbers(build_domain(tuple(replace(s) for s in schemas), "test"))
        edited = memo.numbers(_domain(3))
        again = memo.numbers(build_domain(schemas, "test"))
    assert first.mask == copies.mask == again.mask
    assert first.order == copies.order == again.order
    assert edited.mask != first.mask
    assert set(edited.order) - set(first.order) and len(edited.order) == len(first.order)
