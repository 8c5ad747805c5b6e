"""The random-letters fuzzer (issue 33 B): every predicate, action and variable of a model
renamed to random letters, so that no word list helps, must be read as the original is.

- the roles the actions' behaviour settles (vocabulary/behaviour.py, state_parts.py: the hero,
  the counter, the successor, walls, boulders, skeletons, traps, the demon of a goal, the
  key, spikes, the lock) are the original's renamed, on the models listed in `WHOLE`; on
  the others, the roles their behaviour alone settles (`SETTLED`), the rest being told only
  by names (two trap predicates, a key flag, a demon no goal names, a lock the hero never
  opens, adjacency one relation per direction: `NAMED_STEPS`, whose key presses are then
  unknown);
- every action presses the key the original's does, under one symmetry of the grid (nothing
  tells a model from its mirror image without names);
- seed 001's model gets the same verdict on the fast probe levels (one fixed example in the
  fast loop, every example in the long run:
  `HELLTAKER_FUZZ_EXAMPLES=200 pytest -m fuzz tests/compare/vocabulary/test_random_letters.py`).

Models: seed 001's and both samples, read from ../shared (the test does nothing without it),
and every model of tests/strips_model/reports/models/. Our own model is read in its own
predicates, with no vocabulary to compare a renamed one with: it is not among them.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from cli.test_fuzz import LONG_EXAMPLES, fast_and_long
from compare.vocabulary.test_fuzz import _report, _symmetries, same_probe_verdicts
from helpers import ROOT
from hypothesis import strategies as st

from strips_model.reports.document import Report
from strips_model.reports.facts import GoalBlock
from strips_model.schema import Literal, Term
from translator.compare.vocabulary.behaviour import goal_predicates
from translator.compare.vocabulary.inference import infer_vocabulary
from translator.compare.vocabulary.words import name_direction, role_scores

SEED_001 = "seeds/001_1103b020ed6d817c.txt"
OWN = sorted(f"tests/strips_model/reports/models/{path.name}"
             for path in (ROOT / "tests/strips_model/reports/models").iterdir())
MODELS = (SEED_001, "models/sample-a.md", "models/sample-b.txt", *OWN)
WHOLE = {SEED_001, *(f"tests/strips_model/reports/models/{name}" for name in (
    "m1_ours.txt", "m2_textbook.md", "m3_french_cases.md", "m5_add_delete.txt", "m6_latex.tex",
    "m7_incomplete.txt", "m8_counter.txt", "m10_direction_parameter.txt"))}
SETTLED = ("hero", "counter", "boulder", "skeleton")
"""What behaviour settles on every model."""
NAMED_STEPS = {"tests/strips_model/reports/models/m11_relation_per_direction.txt"}
"""Adjacency written as one relation per direction (`haut`, `bas`, ...) is read by its names
only: renamed to random letters, the model has no way to step (not met, issue 33 B)."""
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
    return replace(report, schemas=tuple(schemas), goal=goal, init=None), predicates, actions


def _inferred(report: Report) -> Any:
    return infer_vocabulary(report.schemas, report.source, report.goal is not None,
                            goal=goal_predicates(report.goal)).vocabulary


def check(model: str, rng: random.Random) -> None:
    report = _report(model)
    if report is None:
        return  # ../shared is absent
    fuzzed, predicates, actions = randomized(report, rng)
    words, found = _inferred(report), _inferred(fuzzed)
    expected = {role: predicates.get(name, name) for role, name in words.roles}
    roles = dict(found.roles)
    if model in WHOLE:
        assert roles == expected
    else:
        assert {r: roles.get(r) for r in SETTLED if r in expected} == {
            r: expected[r] for r in SETTLED if r in expected}
    if model in NAMED_STEPS:
        return
    keys = {name: dict(found.keys).get(actions[name]) for name, _ in words.keys}
    assert any(all(keys[name] == (mapping[key] if key else None)
                   for name, key in words.keys) for mapping in _symmetries())
    if model == SEED_001 and LONG_EXAMPLES:
        same_probe_verdicts(report, fuzzed)


test_random_letters_read_alike, test_random_letters_read_alike_long = fast_and_long(
    4, model=st.sampled_from(MODELS), rng=st.randoms(use_true_random=False))(check)


def test_seed_001_in_random_letters_keeps_its_probe_verdicts() -> None:
    """One fixed example of the property that runs the model."""
    report = _report(SEED_001)
    if report is None:
        return
    fuzzed, _, _ = randomized(report, random.Random(33))
    assert len(_inferred(fuzzed).roles) == len(_inferred(report).roles)
    same_probe_verdicts(report, fuzzed)
