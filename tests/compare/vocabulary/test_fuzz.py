"""A vocabulary fuzzer (issue 23 item 4): a known model, its predicates renamed to other words
of the game (English or French, any case), its coordinates swapped (the first argument of
every place becomes the second: the other convention), its actions renamed to names with no
direction word, must be read by the inference as the original is read.

- with direction words kept in the names, the inferred vocabulary is the original's renamed,
  with the convention flipped and the same key press for every action; so the model behaves
  the same and gets the same verdict on the probe levels (seed 001's, the model that runs:
  in the long variant, and on one fixed example in the fast loop);
- with the names stripped, nothing can tell a model from its mirror image, so the key presses
  are the original's under one symmetry of the grid, the same for every action.

Models: seed 001's, the two samples of ../shared/models/ and the models kept in
tests/strips_model/reports/models/. The fast loop runs a few derandomized examples (a couple
of seconds); `HELLTAKER_FUZZ_EXAMPLES=200 pytest -m fuzz tests/compare/vocabulary/test_fuzz.py`
runs the long variant.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

from cli.test_fuzz import LONG_EXAMPLES, fast_and_long
from helpers import ROOT, SHARED
from hypothesis import strategies as st

from strips_model.moves import Direction
from strips_model.reports.document import Report
from strips_model.reports.facts import GoalBlock
from strips_model.schema import Literal, Schema
from translator.compare.check import read_model
from translator.compare.models.compared import compared_model
from translator.compare.runs.coverage import check_probe, distinct_probes
from translator.compare.vocabulary.inference import infer_vocabulary
from translator.compare.vocabulary.words import ROLE_WORDS, fold, name_direction

PLACES = ("hero", "demon", "wall", "boulder", "skeleton", "key", "lock", "trap", "spikes",
          "floor", "goal", "trap_raised", "trap_lowered")
MODELS = ("seeds/001_1103b020ed6d817c.txt", "models/sample-a.md", "models/sample-b.txt",
          *(f"tests/strips_model/reports/models/{name}" for name in
            ("m2_textbook.md", "m3_french_cases.md", "m8_counter.txt",
             "m10_direction_parameter.txt", "m11_relation_per_direction.txt")))
FAST_PROBES = ("a boulder kicked twice along a corridor", "a skeleton crushed against a boulder",
               "a step onto spikes", "a skeleton kicked into another one")
"""Probes of a few cells that seed 001's model settles in well under a second, two it
expresses and two it does not."""


@cache
def _report(relpath: str) -> Report | None:
    path = ROOT / relpath if relpath.startswith("tests/") else SHARED / relpath
    if not Path(path).is_file():
        return None
    report = read_model(str(path)).report
    return replace(report, init=None)  # the Init names one level; probes never use it


def _words(role: str) -> list[str]:
    """Words that read as `role` and as no other, with a letter first."""
    others = {word for other, words in ROLE_WORDS.items() if other != role for word in words}
    return [word for word in ROLE_WORDS[role] if word not in others and word[0].isalpha()
            and not re.search(r"(up|down|left|right|haut|bas|gauche|droite)$", word)]


def _styled(word: str, style: int) -> str:
    return (word, word.capitalize(), word.upper(), f"{word}_")[style]


def _mirror(literal: Literal, renamed: dict[str, str], places: set[str], flip: bool,
            relations: dict[str, int] | None = None) -> Literal:
    """`relations`: the adjacency relations, with where their first place starts; both of
    their places are mirrored."""
    args = literal.args
    start = (relations or {}).get(literal.predicate)
    if flip and start is not None:
        args = (*args[:start], args[start + 1], args[start], args[start + 3], args[start + 2],
                *args[start + 4:])
    elif flip and literal.predicate in places and len(args) >= 2:
        args = (args[1], args[0], *args[2:])
    return replace(literal, predicate=renamed.get(literal.predicate, literal.predicate),
                   args=args)


def _fuzzed(report: Report, renamed: dict[str, str], places: set[str], flip: bool,
            actions: dict[str, str], relations: dict[str, int] | None = None) -> Report:
    def schema(s: Schema) -> Schema:
        return replace(s, name=actions.get(s.name, s.name),
                       preconditions=tuple(_mirror(x, renamed, places, flip, relations)
                                           for x in s.preconditions),
                       effects=tuple(_mirror(x, renamed, places, flip, relations)
                                     for x in s.effects))

    goal = report.goal
    if goal is not None:
        goal = GoalBlock(tuple(_mirror(x, renamed, places, flip) for x in goal.conjuncts),
                         tuple(tuple(_mirror(x, renamed, places, flip) for x in group)
                               for group in goal.disjunctions), goal.position)
    return replace(report, schemas=tuple(map(schema, report.schemas)),
                   goals=() if goal is None else (goal,))


def _symmetries() -> list[dict[Direction, Direction]]:
    """The eight symmetries of the grid, as maps of key presses."""
    turn = {Direction.UP: Direction.RIGHT, Direction.RIGHT: Direction.DOWN,
            Direction.DOWN: Direction.LEFT, Direction.LEFT: Direction.UP}
    mirror = {Direction.UP: Direction.UP, Direction.DOWN: Direction.DOWN,
              Direction.LEFT: Direction.RIGHT, Direction.RIGHT: Direction.LEFT}
    found = []
    for turns, mirrored in itertools.product(range(4), (False, True)):
        mapping = {d: mirror[d] if mirrored else d for d in Direction}
        for _ in range(turns):
            mapping = {d: turn[key] for d, key in mapping.items()}
        found.append(mapping)
    return found


def check(model: str, choices: Any, flip: bool, strip: bool) -> None:
    report = _report(model)
    if report is None:
        return
    original = infer_vocabulary(report.schemas, report.source, report.goal is not None)
    words = original.vocabulary
    places = {name for role, name in words.roles if role in PLACES}
    taken: set[str] = set()
    renamed: dict[str, str] = {}
    # An adjacency relation keeps its name (one per direction is read by it) and has its
    # two places mirrored; its key presses and the default convention stay.
    relations = {name: int(role == "adjacent" and words.direction_first)
                 for role, name in words.roles if role.startswith("adjacent")}
    for role, name in words.roles:
        if name in relations:
            renamed[name] = name
            continue
        pool = [w for w in _words(role) if w not in taken]
        new = _styled(choices.draw(st.sampled_from(pool)), choices.draw(st.integers(0, 3)))
        taken.add(fold(new))
        renamed[name] = new
    used = {lit.predicate for s in report.schemas for lit in (*s.preconditions, *s.effects)}
    if {fold(n) for n in used - set(renamed)} & taken:
        return  # a new name would collide with a predicate the model keeps
    actions = {s.name: f"act{index}" for index, s in enumerate(report.schemas)} if strip else {}
    fuzzed = _fuzzed(report, renamed, places, flip, actions, relations)
    found = infer_vocabulary(fuzzed.schemas, report.source, fuzzed.goal is not None).vocabulary
    assert dict(found.roles) == {role: renamed[name] for role, name in words.roles}
    assert found.values == words.values
    original_keys = dict(words.keys)
    keys = {name: dict(found.keys)[actions.get(name, name)] for name in original_keys}
    assert found.keyed_by_direction == tuple(actions.get(name, name)
                                             for name in words.keyed_by_direction)
    if not strip:
        assert (found.first_is_column, found.rows_upward) == (
            words.first_is_column != (flip and not relations), words.rows_upward)
        assert keys == original_keys
        if model.startswith("seeds/001") and LONG_EXAMPLES:
            # The fast loop runs one fixed example of this (the test below).
            same_probe_verdicts(report, fuzzed)
    else:
        assert all(name_direction(name, "en") is None for name in actions.values())
        assert any(all(keys[name] == (mapping[key] if key else None)
                       for name, key in original_keys.items())
                   for mapping in _symmetries())


def same_probe_verdicts(report: Report, fuzzed: Report) -> None:
    """Each fast probe level gets the same verdict from `report` and its variant `fuzzed`."""
    before, after = compared_model(report, "original"), compared_model(fuzzed, "fuzzed")
    for probe in distinct_probes():
        if probe.situation.startswith(FAST_PROBES):
            assert check_probe(before, probe).expressed == check_probe(after, probe).expressed


test_renamed_models_read_alike, test_renamed_models_read_alike_long = fast_and_long(
    4, model=st.sampled_from(MODELS), choices=st.data(), flip=st.booleans(),
    strip=st.booleans())(check)


def test_seed_001_renamed_and_flipped_keeps_its_probe_verdicts() -> None:
    """One fixed example of the property that runs the model: seed 001's, every predicate
    renamed to a French word, the coordinates swapped."""
    report = _report(MODELS[0])
    if report is None:
        return
    french = {"helltaker": "perso", "demon": "demone", "wall": "mur", "rock": "rocher",
              "skeleton": "squelette", "key": "cle", "lock": "cadenas", "trap": "piege",
              "openTrap": "piques", "counter": "compteur", "plusOne": "suivant"}
    places = set(french) - {"counter", "plusOne"}
    fuzzed = _fuzzed(report, french, {name for name in places}, True, {})
    found = infer_vocabulary(fuzzed.schemas, "f", True).vocabulary
    assert found.predicate("boulder") == "rocher" and not found.first_is_column
    same_probe_verdicts(report, fuzzed)
