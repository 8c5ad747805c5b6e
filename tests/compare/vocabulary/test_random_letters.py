"""The random-letters fuzzer (issue 33 B): every predicate, action and variable of a model
renamed to random letters, so that no word list helps, must be read as the original is.

On every model below, every role:

- the roles (vocabulary/behaviour.py, state_parts.py, flag_parts.py, leftover_parts.py,
  adjacency.py) are the original's renamed, up to the model's own symmetry: two predicates
  the schemas use alike (swapping them leaves the schemas as they are, m4's `pique` and
  `piege`, `clé` and `aClé`) cannot be told apart without their names, so either may take
  the other's role; the state values are the original's;
- every action presses the key the original's does, under one symmetry of the grid (nothing
  tells a model from its mirror image without names);
- every probe level gets the verdict the original gets on the probe turned by that symmetry:
  one fixed example per model in the fast loop (all probes on the small models of tests/,
  the fast probes on seed 001 and the samples), every probe on random examples in the long
  run (`HELLTAKER_FUZZ_EXAMPLES=20 pytest -m fuzz
  tests/compare/vocabulary/test_random_letters.py`).

What the test leaves open: which of two predicates a model uses alike gets which role (either
reads the model alike), and which of four adjacency relations no name reads is which
direction (m11: read in the order the schemas first use them as up, down, left, right; nothing
in the schemas pairs the opposite ones, so schemas written in another order may be read with
up and left as opposites, which no symmetry of the grid undoes; the renaming keeps the order).

Models: seed 001's and both samples, read from ../shared (the test does nothing without it),
and every model of tests/strips_model/reports/models/. Our own model is read in its own
predicates, with no vocabulary to compare a renamed one with: it is not among them.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import replace
from functools import cache
from typing import Any

import pytest
from cli.test_fuzz import LONG_EXAMPLES, fast_and_long
from compare.vocabulary.test_fuzz import FAST_PROBES, _report, _symmetries
from helpers import ROOT
from hypothesis import strategies as st

from strips_model.moves import Direction
from strips_model.reports.arithmetic import without_arithmetic
from strips_model.reports.document import Report
from strips_model.reports.facts import GoalBlock
from strips_model.reports.schema_readings import read_schemas
from strips_model.schema import Literal, Term
from translator.compare.models.compared import compared_model
from translator.compare.runs.coverage import Probe, check_probe, distinct_probes
from translator.compare.vocabulary.behaviour import goal_literals
from translator.compare.vocabulary.inference import infer_vocabulary
from translator.compare.vocabulary.words import name_direction, role_scores

SEED_001 = "seeds/001_1103b020ed6d817c.txt"
OWN = sorted(f"tests/strips_model/reports/models/{path.name}"
             for path in (ROOT / "tests/strips_model/reports/models").iterdir())
MODELS = (SEED_001, "models/sample-a.md", "models/sample-b.txt", *OWN)
LETTERS = "bcdfghjkmnpqvwxz"


def _word(rng: random.Random, taken: set[str]) -> str:
    """Random letters that read as no game word and no direction."""
    while True:
        word = "".join(rng.choice(LETTERS) for _ in range(rng.randint(3, 6)))
        if word not in taken and not role_scores(word) and name_direction(word, "en") is None:
            taken.add(word)
            return word


def randomized(report: Report, rng: random.Random) -> tuple[Report, dict[str, str],
                                                            dict[str, str]]:
    """The report with every predicate, action and variable renamed (the Init dropped, as
    the probes never use it), and the predicates' and actions' new names."""
    taken: set[str] = set()
    predicates: dict[str, str] = {}
    actions: dict[str, str] = {}

    def literal(lit: Literal, variables: dict[str, str]) -> Literal:
        if lit.predicate not in predicates:
            predicates[lit.predicate] = _word(rng, taken)
        args = tuple(Term(variables.setdefault(t.name, _word(rng, taken).upper()), True,
                          t.offset) if t.is_variable else t for t in lit.args)
        return replace(lit, predicate=predicates[lit.predicate], args=args)

    schemas = []
    for schema in report.schemas:
        variables: dict[str, str] = {}
        parameters = tuple(replace(p, name=variables.setdefault(p.name, _word(rng, taken).upper()))
                           for p in schema.parameters)
        schemas.append(replace(
            schema, name=actions.setdefault(schema.name, _word(rng, taken)),
            parameters=parameters,
            preconditions=tuple(literal(lit, variables) for lit in schema.preconditions),
            effects=tuple(literal(lit, variables) for lit in schema.effects)))
    goal = report.goal
    if goal is not None:
        variables = {}
        goal = GoalBlock(tuple(literal(lit, variables) for lit in goal.conjuncts),
                         tuple(tuple(literal(lit, variables) for lit in group)
                               for group in goal.disjunctions), goal.position)
    return replace(report, schemas=tuple(schemas), goals=() if goal is None else (goal,),
                   init=None), predicates, actions


def _inferred(report: Report) -> Any:
    return infer_vocabulary(report.schemas, report.source, report.goal is not None,
                            goal=goal_literals(report.goal)).vocabulary


def _bodies(report: Report, swap: dict[str, str]) -> list[tuple[list[str], list[str]]]:
    read, _ = read_schemas(tuple(without_arithmetic(schema) for schema in report.schemas))

    def said(literals: tuple[Literal, ...]) -> list[str]:
        return sorted(str(replace(lit, predicate=swap.get(lit.predicate, lit.predicate)))
                      for lit in literals)

    return sorted((said(s.preconditions), said(s.effects)) for s in read)


@cache
def alike(model: str) -> dict[str, set[str]]:
    """Predicate -> the predicates of `model` it can be swapped with, the schemas staying as
    they are (itself included): nothing but their names tells them apart."""
    report = _report(model)
    assert report is not None
    names = sorted({lit.predicate for s in report.schemas
                    for lit in (*s.preconditions, *s.effects)})
    classes = {name: {name} for name in names}
    same = _bodies(report, {})
    for a, b in itertools.combinations(names, 2):
        if _bodies(report, {a: b, b: a}) == same:
            classes[a].add(b)
            classes[b].add(a)
    return classes


def turned(probe: Probe, keys: dict[Direction, Direction]) -> Probe | None:
    """The probe turned or mirrored so that a step `d` becomes a step `keys[d]`, its plan's
    letters alike (None when `keys` is no symmetry of the grid)."""
    for transpose, flip_rows, flip_columns in itertools.product((False, True), repeat=3):
        def moved(delta: tuple[int, int], t: bool = transpose, r: bool = flip_rows,
                  c: bool = flip_columns) -> tuple[int, int]:
            row, column = delta[::-1] if t else delta
            return (-row if r else row, -column if c else column)

        if any(moved(d.delta) != keys[d].delta for d in Direction):
            continue
        rows = [list(row) for row in probe.grid]
        if transpose:
            rows = [list(column) for column in zip(*rows, strict=True)]
        rows = rows[::-1] if flip_rows else rows
        rows = [row[::-1] for row in rows] if flip_columns else rows
        plan = None if probe.plan is None else "".join(keys[Direction(k)] for k in probe.plan)
        return replace(probe, grid=tuple("".join(row) for row in rows), plan=plan)
    return None


def _original(model: str) -> Any:
    # Not cached: a worker holding every compiled model forks its children bigger.
    report = _report(model)
    assert report is not None
    return compared_model(report, "original")


def _probes(model: str, every: bool) -> list[Probe]:
    """The probes, their rows made as long as the longest with walls (so they can be
    turned), the fast ones only unless `every`."""
    return [replace(probe, grid=tuple(row.ljust(max(map(len, probe.grid)), "#")
                                      for row in probe.grid))
            for probe in distinct_probes() if every or probe.situation.startswith(FAST_PROBES)]


def same_verdicts(model: str, fuzzed: Report, symmetries: list[dict[Direction, Direction]],
                  probes: list[Probe]) -> None:
    """Under one of `symmetries` (those the key presses allow), every probe gets from the
    renamed model the verdict the original gets on the probe turned back."""
    before, after = _original(model), compared_model(fuzzed, "fuzzed")
    verdicts = {probe: check_probe(before, probe).verdict for probe in probes}
    mismatches = []
    for keys in symmetries:
        wrong = [probe.situation for probe in probes if (there := turned(probe, keys)) is None
                 or check_probe(after, there).verdict != verdicts[probe]]
        if not wrong:
            return
        mismatches.append(wrong)
    raise AssertionError(f"verdicts differ on {min(mismatches, key=len)}")


def check(model: str, rng: random.Random) -> None:
    report = _report(model)
    if report is None:
        return  # ../shared is absent
    fuzzed, predicates, actions = randomized(report, rng)
    words, found = _inferred(report), _inferred(fuzzed)
    # On the original: the renaming gives each case of one disjunction its own variables.
    swappable = {predicates.get(a, a): {predicates.get(b, b) for b in alike_to}
                 for a, alike_to in alike(model).items()}
    expected = {role: predicates.get(name, name) for role, name in words.roles}
    roles = dict(found.roles)
    assert set(roles) == set(expected)
    assert all(roles[role] in swappable.get(name, {name}) for role, name in expected.items())
    assert len(set(roles.values())) == len(roles)
    assert found.values == words.values
    keys = {name: dict(found.keys).get(actions[name]) for name, _ in words.keys}
    symmetries = [mapping for mapping in _symmetries() if all(
        keys[name] == (mapping[key] if key else None) for name, key in words.keys)]
    assert symmetries
    if LONG_EXAMPLES:
        same_verdicts(model, fuzzed, symmetries, _probes(model, True))


test_random_letters_read_alike, test_random_letters_read_alike_long = fast_and_long(
    4, model=st.sampled_from(MODELS), rng=st.randoms(use_true_random=False))(check)


@pytest.mark.parametrize("model", MODELS)
def test_a_model_in_random_letters_keeps_its_probe_verdicts(model: str) -> None:
    """One fixed example of the property that runs the model, per model: every probe on the
    small models of tests/, the fast ones on seed 001 and the samples."""
    report = _report(model)
    if report is None:
        return
    fuzzed, _, actions = randomized(report, random.Random(33))
    words, found = _inferred(report), _inferred(fuzzed)
    keys = {name: dict(found.keys).get(actions[name]) for name, _ in words.keys}
    symmetries = [mapping for mapping in _symmetries() if all(
        keys[name] == (mapping[key] if key else None) for name, key in words.keys)]
    same_verdicts(model, fuzzed, symmetries, _probes(model, model in OWN))
