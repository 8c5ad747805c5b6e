"""Argument orders other than place first (issue 23's leftovers): a known model whose place
predicates have their arguments moved (`trap(X, Y, S)` written `trap(S, X, Y)`, `hero(X, Y,
K)` written `hero(K, X, Y)`, the place's two coordinates swapped or not), consistently in every
schema, its goal and its Init, must be read by the inference as the original is, with [places]
saying where each place now starts, and must behave the same: the same verdicts on a few probe
levels, the same level rebuilt from its Init, the same vocabulary after a round trip through
the file `--vocabulary-out` writes. And one location predicate for several parts, told apart
by an object before the place (`at(rock, X, Y)`, or `pos(O, X, Y)` with `is_rock(O)`),
translator/compare/vocabulary/object_places.py: the parts found as in the original, the same key
presses and probe verdicts, the same level rebuilt from its Init.

The fast loop runs a few derandomized examples; `HELLTAKER_FUZZ_EXAMPLES=200 pytest -m fuzz
tests/compare/vocabulary/test_orders.py` runs the long variant.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import Any

import pytest
from cli.test_fuzz import LONG_EXAMPLES, fast_and_long
from compare.vocabulary.test_fuzz import _report, same_probe_verdicts
from helpers import SHARED
from hypothesis import strategies as st

from strips_model.errors import SchemaError
from strips_model.reports.document import Report
from strips_model.reports.facts import GoalBlock, InitBlock
from strips_model.reports.init_level import rebuild_level
from strips_model.reports.vocabulary import PLACED_ROLES, parse_vocabulary
from strips_model.reports.vocabulary_writer import vocabulary_toml
from strips_model.schema import Literal, Schema, Term
from translator.compare.check import read_model
from translator.compare.vocabulary.inference import infer_vocabulary
from translator.compare.vocabulary.object_places import split_objects

SEED_001 = "seeds/001_1103b020ed6d817c.txt"
MODELS = (SEED_001, "models/sample-a.md")
"""The models with place predicates of three arguments (a phase, a lock's state, a key flag),
which can be written in another order."""
RUN_FAST = "models/sample-a.md"
"""The model whose probes the fast loop runs (half a second); seed 001's run in the long
variant."""

Orders = dict[str, tuple[int, ...]]
"""Predicate -> the old position of each new argument."""


def _moved(literal: Literal, orders: Orders) -> Literal:
    order = orders.get(literal.predicate)
    if order is None or len(literal.args) != len(order):
        return literal
    return replace(literal, args=tuple(literal.args[index] for index in order))


def _reordered(report: Report, orders: Orders) -> Report:
    return report.with_literals(lambda literal: _moved(literal, orders))


def _arities(report: Report) -> dict[str, int]:
    return {lit.predicate: len(lit.args) for s in report.schemas
            for lit in (*s.preconditions, *s.effects)}


@cache
def _seed_001() -> Report | None:
    """Seed 001's model with its own Init, read once for the tests that need it."""
    path = SHARED / SEED_001
    return read_model(str(path)).report if path.is_file() else None


def check(model: str, choices: Any, flip: bool) -> None:
    report = _report(model)
    if report is None:
        return
    original = infer_vocabulary(report.schemas, report.source, report.goal is not None)
    words = original.vocabulary
    arity = _arities(report)
    orders: Orders = {}
    expected: dict[str, int] = {}
    for role, name in words.roles:
        if role not in PLACED_ROLES or arity.get(name, 0) < 2:
            continue
        start = choices.draw(st.integers(0, arity[name] - 2)) if arity[name] > 2 else 0
        place = [1, 0] if flip else [0, 1]
        others = list(range(2, arity[name]))
        orders[name] = (*others[:start], *place, *others[start:])
        if start:
            expected[role] = start
    moved = _reordered(report, orders)
    found = infer_vocabulary(moved.schemas, report.source, moved.goal is not None).vocabulary
    assert found.roles == words.roles and found.values == words.values
    assert dict(found.places) == expected
    assert found.keys == words.keys
    assert (found.first_is_column, found.rows_upward) == (
        words.first_is_column != flip, words.rows_upward)
    assert parse_vocabulary(vocabulary_toml(found), "file") == replace(found, source="file")
    if model == RUN_FAST or LONG_EXAMPLES:
        same_probe_verdicts(report, moved)


test_reordered_models_read_alike, test_reordered_models_read_alike_long = fast_and_long(
    3, model=st.sampled_from(MODELS), choices=st.data(), flip=st.booleans())(check)


def test_an_init_written_in_another_order_rebuilds_the_same_level() -> None:
    """Seed 001's own Init, its traps and lock written state first, the hero's place
    swapped: the same level, through the vocabulary the inference reads the schemas in."""
    report = _seed_001()
    if report is None:
        return
    assert report.init is not None
    orders = {"trap": (2, 1, 0), "lock": (2, 1, 0), "helltaker": (1, 0)}
    swapped = {name: (1, 0) for name in ("demon", "wall", "rock", "skeleton", "key",
                                         "openTrap")}
    moved = _reordered(report, orders | swapped)
    before = infer_vocabulary(report.schemas, "a", True).vocabulary
    after = infer_vocabulary(moved.schemas, "b", True).vocabulary
    assert dict(after.places) == {"lock": 1, "trap": 1}
    assert moved.init is not None
    assert rebuild_level(moved.init, vocabulary=after).text == \
        rebuild_level(report.init, vocabulary=before).text


def _merged(report: Report, parts: set[str], typed: bool) -> Report:
    """Every two-argument place predicate of `parts` written as one: `at(P, X, Y)` with the
    predicate's name as a constant, or `pos(O, X, Y)` with a fresh variable and `is_P(O)`."""
    fresh = iter(range(1, 1_000_000))

    def one(lit: Literal, types: list[Literal]) -> Literal:
        if lit.predicate not in parts or len(lit.args) != 2:
            return lit
        if not typed:
            return replace(lit, predicate="at", args=(Term(lit.predicate, False), *lit.args))
        variable = Term(f"O{next(fresh)}", True)
        types.append(Literal(f"is_{lit.predicate}", (variable,), True, lit.position))
        return replace(lit, predicate="pos", args=(variable, *lit.args))

    def schema(s: Schema) -> Schema:
        types: list[Literal] = []
        preconditions = tuple(one(x, types) for x in s.preconditions)
        effects = tuple(one(x, types) for x in s.effects)
        return replace(s, preconditions=preconditions + tuple(types), effects=effects)

    goal, init = report.goal, report.init
    if goal is not None:
        types: list[Literal] = []
        groups = tuple(tuple(one(x, types) for x in group) for group in goal.disjunctions)
        goal = GoalBlock((*(one(x, types) for x in goal.conjuncts), *types), groups,
                         goal.position)
    if init is not None:
        atoms = [one(x, []) if not typed or x.predicate not in parts else replace(
            x, predicate="pos", args=(Term(f"o{index}", False), *x.args))
            for index, x in enumerate(init.atoms)]
        kinds = [Literal(f"is_{x.predicate}", (Term(f"o{index}", False),), True, x.position)
                 for index, x in enumerate(init.atoms) if typed and x.predicate in parts
                 and len(x.args) == 2]
        init = InitBlock((*atoms, *kinds), init.position)
    return replace(report, schemas=tuple(map(schema, report.schemas)),
                   goals=() if goal is None else (goal,), init=init)


def check_objects(model: str, typed: bool, choices: Any) -> None:
    report = _report(model)
    if report is None:
        return
    words = infer_vocabulary(report.schemas, report.source, report.goal is not None).vocabulary
    arity = _arities(report)
    placed = sorted(name for role, name in words.roles
                    if role in PLACED_ROLES and arity[name] == 2)
    parts = set(choices.draw(st.lists(st.sampled_from(placed), min_size=1, unique=True)))
    split = split_objects(_merged(report, parts, typed)).report
    found = infer_vocabulary(split.schemas, report.source, split.goal is not None).vocabulary
    prefix = "pos_is_" if typed else "at_"
    assert dict(found.roles) == {role: f"{prefix}{name}" if name in parts else name
                                 for role, name in words.roles}
    assert found.keys == words.keys and found.values == words.values
    if model == RUN_FAST or LONG_EXAMPLES:
        same_probe_verdicts(report, _merged(report, parts, typed))


test_objects_before_the_place_read_alike, test_objects_before_the_place_read_alike_long = \
    fast_and_long(2, model=st.sampled_from(MODELS), typed=st.booleans(),
                  choices=st.data())(check_objects)


def test_an_init_with_objects_before_the_place_rebuilds_the_same_level() -> None:
    """Seed 001's own Init with `pos(o1, 3, 8)`, `is_helltaker(o1)`, ...: the same level."""
    report = _seed_001()
    if report is None:
        return
    assert report.init is not None
    parts = {"helltaker", "rock", "skeleton", "wall", "demon", "key", "openTrap"}
    split = split_objects(_merged(report, parts, True)).report
    assert split.init is not None
    before = infer_vocabulary(report.schemas, "a", True).vocabulary
    after = infer_vocabulary(split.schemas, "b", True).vocabulary
    assert after.predicate("hero") == "pos_is_helltaker"
    assert rebuild_level(split.init, vocabulary=after).text == \
        rebuild_level(report.init, vocabulary=before).text


def test_a_places_table_names_placed_roles_and_small_counts() -> None:
    base = 'name = "x"\n[roles]\nhero = "h"\n[places]\n'
    assert parse_vocabulary(base + "hero = 1\n", "v").places == (("hero", 1),)
    assert parse_vocabulary(base + "hero = 0\n", "v").places == ()
    for wrong in ("counter = 1", "hero = -1", 'hero = "1"', "hero = true"):
        with pytest.raises(SchemaError, match=r"\[places\]"):
            parse_vocabulary(base + wrong + "\n", "v")
