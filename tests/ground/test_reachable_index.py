"""The index of the reachable actions (reachable_index.py, from clingo's relaxed grounding)
answers exactly what the joins answer: on the states random walks reach, for our model and
its variants with one precondition dropped, and through a `Grounder` asked for many states."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strips_model.schema import Domain, Literal, Parameter, Schema, Term, build_domain
from translator.compare.check import our_model
from translator.compare.runs.evidence import probe_cases
from translator.ground import exact_semantics
from translator.ground.clingo_grounding import ground
from translator.ground.exact_semantics import Grounder, asking_many_states
from translator.ground.ground_action import GroundAction
from translator.ground.grounding_memo import remembering_groundings
from translator.ground.reachable_index import reachable_index
from translator.ground.schema_parts import cut_domain
from translator.model.level_facts import Atom, Facts, level_facts

LEVELS = [case.level for case in probe_cases(symmetric=False)]


def _domain(drop: int | None) -> Domain:
    schemas = our_model()[0].schemas
    if drop is not None:  # one schema edited: one of its preconditions removed
        schema = schemas[drop % len(schemas)]
        gone = drop % len(schema.preconditions)
        edited = replace(schema, preconditions=schema.preconditions[:gone]
                         + schema.preconditions[gone + 1:])
        schemas = (*schemas[:drop % len(schemas)], edited, *schemas[drop % len(schemas) + 1:])
    return build_domain(schemas, "test")


def _counted(domain: Domain, facts: Facts) -> tuple[Domain, Facts]:
    """`domain` with a counter every schema steps down, `steps(C), next(C2, C)` beside what it
    had: a part of each schema that no other literal joins."""
    at = domain.schemas[0].position

    def literal(predicate: str, *variables: str, positive: bool = True) -> Literal:
        return Literal(predicate, tuple(Term(v, True) for v in variables), positive, at)

    schemas = tuple(replace(
        schema, parameters=(*schema.parameters, Parameter("C", "count"), Parameter("C2", "count")),
        preconditions=(*schema.preconditions, literal("steps", "C"), literal("next", "C2", "C")),
        effects=(*schema.effects, literal("steps", "C2"), literal("steps", "C", positive=False)))
        for schema in domain.schemas)
    values = tuple(str(n) for n in range(12))
    return build_domain(schemas, "counted"), Facts(
        {**facts.objects, "count": values},
        facts.static | {("next", a, b) for a, b in zip(values, values[1:], strict=False)},
        facts.initial | {("steps", values[-1])}, facts.goal)


def _walk(joins: Grounder, start: frozenset[Atom], seed: int, length: int
          ) -> list[frozenset[Atom]]:
    """A few states: too few for the grounder to index, so its answers are its joins'."""
    state, rng = start, random.Random(seed)
    states = [state]
    for _ in range(length):
        actions = sorted(joins.applicable(state), key=lambda a: (a.schema, a.binding))
        if not actions:
            break
        state = rng.choice(actions).apply(state)
        states.append(state)
    return states


def _key(actions: list[GroundAction]) -> list[tuple[object, ...]]:
    return sorted((a.schema, a.binding, sorted(a.add), sorted(a.delete), a.cost)
                  for a in actions)


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10_000), drop=st.none() | st.integers(0, 400),
       at=st.integers(0, 100), parts=st.booleans())
def test_the_index_answers_what_the_joins_answer(seed: int, drop: int | None, at: int,
                                                 parts: bool) -> None:
    """Ground whole, or part by part (a counter is a part of its own in every schema)."""
    level = LEVELS[at % len(LEVELS)]
    domain, facts = _counted(_domain(drop), level_facts(level))
    static = {atom[0] for atom in facts.static}
    if parts:
        cut = cut_domain(domain)
        assert len(cut.domain.schemas) > len(domain.schemas)
        index = reachable_index(ground(cut.domain, facts), cut.domain.schemas, facts, static,
                                cut)
    else:
        index = reachable_index(ground(domain, facts), domain.schemas, facts, static)
    joins = Grounder(domain, facts)
    states = _walk(joins, facts.initial, seed, 15)
    assert all(state <= index.universe for state in states)
    for state in states:
        assert _key(index.applicable(state)) == _key(joins.applicable(state))


def test_a_grounder_asked_for_many_states_answers_from_its_index_the_same(
        monkeypatch: pytest.MonkeyPatch) -> None:
    level, domain = LEVELS[0], _domain(None)
    facts = level_facts(level)
    joins = Grounder(domain, facts)
    states = _walk(joins, facts.initial, 7, 20)
    monkeypatch.setattr(exact_semantics, "MANY_AFTER", 0.0)  # at once, not after 0.1 s
    grounder = Grounder(domain, facts)
    with asking_many_states():
        answers = [grounder.applicable(state) for state in states]
    assert grounder._index is not None  # noqa: SLF001 - the index, not the joins, answered
    assert [_key(a) for a in answers] == [_key(joins.applicable(s)) for s in states]


def test_an_index_answering_beside_a_memo_leaves_it_as_warm_as_the_joins(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Within a repair's memo (grounding_memo.py) a grounder of a level's thousands of states
    answers from its index, and what it answers is kept as every schema ground: a model then
    edited in one schema joins that one alone, and finds what fresh joins find."""
    level, domain, edited = LEVELS[0], _domain(None), _domain(4)
    facts = level_facts(level)
    states = _walk(Grounder(domain, facts), facts.initial, 11, 20)
    monkeypatch.setattr(exact_semantics, "MANY_AFTER", 0.0)
    monkeypatch.setattr(exact_semantics, "INDEXED_AFTER", 0.0)
    with remembering_groundings() as memo:
        grounder = Grounder(domain, facts)
        with asking_many_states():
            answers = [grounder.applicable(state) for state in states]
        assert grounder._index is not None  # noqa: SLF001 - the index answered
        assert memo.size == len(set(states))
        joined: list[str] = []
        monkeypatch.setattr(Grounder, "_ground_schema", _counting(joined))
        again = Grounder(edited, facts)
        kept = [again.applicable(state) for state in states]
        seen = set(joined)
    assert [_key(a) for a in answers] == [_key(Grounder(domain, facts).applicable(s))
                                          for s in states]
    assert [_key(a) for a in kept] == [_key(Grounder(edited, facts).applicable(s))
                                       for s in states]
    assert seen == {edited.schemas[4].name}


def _counting(joined: list[str]) -> Callable[..., Iterator[GroundAction]]:
    """`Grounder._ground_schema` noting each schema it joins in `joined`."""
    ground = Grounder._ground_schema  # noqa: SLF001

    def counted(self: Grounder, schema: Schema, *rest: Any) -> Iterator[GroundAction]:
        joined.append(schema.name)
        return ground(self, schema, *rest)
    return counted


def test_a_goal_grounder_keeps_its_answers_by_what_it_reads() -> None:
    """A domain that reads nothing it changes answers from the atoms it reads alone: the
    same as a fresh grounder's joins on every state, however often asked."""
    level = LEVELS[1]
    facts = level_facts(level)
    domain = _domain(None)
    states = _walk(Grounder(domain, facts), facts.initial, 3, 20)
    schema = domain.schemas[0]
    goal = build_domain((replace(schema, name="goal", effects=tuple(
        replace(lit, predicate="reached", args=()) for lit in schema.effects[:1])),), "goal")
    kept = Grounder(goal, facts)
    for state in states * 2:
        assert _key(kept.applicable(state)) == _key(Grounder(goal, facts).applicable(state))
