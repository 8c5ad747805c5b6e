"""Word-valued states (issue 23's leftovers): `trap(up, X, Y)`, `door(closed, X, Y)`,
`hero(X, Y, haskey)`, a state argument whose values are constants rather than numbers.

The property: seed 001's model and sample-a, their numeric states replaced by words
consistently in every schema and in the Init (a random pair of the game's words for each
state, in any case, the state written first or last), must be read as the original is (the
same roles, key presses and places, each word read as the number it replaces) and give the
same verdicts on the fast probe levels; seed 001's own Init so written rebuilds the same
level. The key flag's and the lock's words may be the contrary of what their names say
(`nokey` for the key held): what the actions do with them decides, not their names. A trap's
phases toggle both ways, so only their names tell them apart (vocabulary_values.py).

The fast loop runs 3 derandomized examples; `HELLTAKER_FUZZ_EXAMPLES=100 pytest -m fuzz
tests/compare/vocabulary/test_states.py` runs the long variant.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from cli.test_fuzz import LONG_EXAMPLES, fast_and_long
from compare.vocabulary.test_fuzz import _report, same_probe_verdicts
from compare.vocabulary.test_orders import MODELS, RUN_FAST, SEED_001, _reordered, _seed_001
from hypothesis import strategies as st

from strips_model.reports.document import Report
from strips_model.reports.init_level import rebuild_level
from strips_model.reports.vocabulary import parse_vocabulary
from strips_model.reports.vocabulary_writer import vocabulary_toml
from strips_model.schema import Literal, Term
from translator.compare.vocabulary.inference import infer_vocabulary
from translator.compare.vocabulary.words import state_word_meaning

PAIRS = {"trap": (("down", "up"), ("off", "on"), ("inactive", "active"), ("bas", "haut"),
                  ("inactif", "actif"), ("safe", "unsafe"), ("lowered", "raised")),
         "lock": (("closed", "open"), ("locked", "unlocked"), ("ferme", "ouvert"),
                  ("no", "yes")),
         "hero": (("nokey", "haskey"), ("false", "true"), ("sans", "avec"), ("no", "yes"))}
"""(the word for 0, the word for 1), by the role whose state it is."""
STYLES = (str.lower, str.upper, str.capitalize)
Words = dict[str, dict[str, str]]
"""Predicate -> number -> word."""


def _worded(report: Report, words: Words, index: dict[str, int]) -> Report:
    def literal(lit: Literal) -> Literal:
        where, said = index.get(lit.predicate), words.get(lit.predicate, {})
        if where is None or len(lit.args) <= where or lit.args[where].name not in said:
            return lit
        args = list(lit.args)
        args[where] = Term(said[args[where].name], False)
        return replace(lit, args=tuple(args))

    return report.with_literals(literal)


def _choose(report: Report, choices: Any) -> tuple[Words, dict[str, int], dict[str, str]]:
    """Words for each state of the model, the index of its state argument, and role ->
    predicate for the states worded."""
    roles = dict(infer_vocabulary(report.schemas, report.source, True).vocabulary.roles)
    arity = {lit.predicate: len(lit.args) for s in report.schemas
             for lit in (*s.preconditions, *s.effects)}
    words: Words = {}
    stated: dict[str, str] = {}
    for role, pairs in PAIRS.items():
        predicate = roles.get(role)
        if predicate is None or arity.get(predicate) != 3:
            continue
        low, high = choices.draw(st.sampled_from(pairs))
        style = choices.draw(st.sampled_from(STYLES))
        if role != "trap" and choices.draw(st.booleans()):
            low, high = high, low  # the actions decide, whatever the names say
        words[predicate] = {"0": style(low), "1": style(high)}
        stated[role] = predicate
    return words, {predicate: 2 for predicate in words}, stated


def check(model: str, choices: Any, first: bool) -> None:
    report = _report(model)
    if report is None:
        return
    before = infer_vocabulary(report.schemas, report.source, report.goal is not None)
    words, index, stated = _choose(report, choices)
    worded = _worded(report, words, index)
    if first:  # the state before the place: trap(up, X, Y)
        worded = _reordered(worded, {predicate: (2, 0, 1) for predicate in words})
    after = infer_vocabulary(worded.schemas, report.source, worded.goal is not None)
    found, original = after.vocabulary, before.vocabulary
    assert found.roles == original.roles and found.keys == original.keys
    assert dict(found.places) == ({role: 1 for role in stated} if first else {})
    assert found.values == tuple((name, words[stated[name.split("_")[0]]][str(value)])
                                 for name, value in original.values), after.evidence
    assert parse_vocabulary(vocabulary_toml(found), "file") == replace(found, source="file")
    if model == RUN_FAST or LONG_EXAMPLES:
        same_probe_verdicts(report, worded)


test_worded_states_read_alike, test_worded_states_read_alike_long = fast_and_long(
    3, model=st.sampled_from(MODELS), choices=st.data(), first=st.booleans())(check)


def test_an_init_with_worded_states_rebuilds_the_same_level() -> None:
    """Seed 001's own Init, its traps `down`/`up` and its lock `Closed`/`Open`."""
    report = _seed_001()
    if report is None:
        pytest.skip(f"{SEED_001} is not in the shared folder")
    words = {"trap": {"0": "down", "1": "up"}, "lock": {"0": "Closed", "1": "Open"}}
    worded = _worded(report, words, {"trap": 2, "lock": 2})
    assert report.init is not None and worded.init is not None
    before = infer_vocabulary(report.schemas, "a", True).vocabulary
    after = infer_vocabulary(worded.schemas, "b", True).vocabulary
    assert dict(after.values) == {"trap_lowered": "down", "trap_raised": "up",
                                  "lock_closed": "Closed", "lock_opened": "Open"}
    assert rebuild_level(worded.init, vocabulary=after).text == \
        rebuild_level(report.init, vocabulary=before).text


@pytest.mark.parametrize(("word", "meaning"), [
    ("up", "high"), ("Down", "low"), ("actif", "high"), ("inactif", "low"), ("fermé", "low"),
    ("ouvert", "high"), ("hasKey", "high"), ("noKey", "low"), ("unlocked", "high"),
    ("notActive", "low"), ("blue", None)])
def test_state_words_read_by_their_names(word: str, meaning: str | None) -> None:
    assert state_word_meaning(word) == meaning
