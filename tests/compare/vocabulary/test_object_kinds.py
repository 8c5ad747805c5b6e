"""Boulders and skeletons (and the hero) under one relation told apart by a constant before
the place or after it (`on(boulder, P)`, `on(P, skeleton)`), or as the contents of every free
cell (`on(P, empty)` beside them): read as one predicate per object
by structure alone, whatever the names
(translator/compare/vocabulary/object_places.py), and a constant an action swaps for
another in one atom left as a state."""

from __future__ import annotations

import tempfile
from pathlib import Path

from compare.model_encodings import Encoding, Parts, Place, random_names, render
from hypothesis import given, settings
from hypothesis import strategies as st

from strips_model.reports.document import Report
from strips_model.reports.vocabulary import parse_vocabulary
from translator.compare.check import read_model
from translator.compare.vocabulary.inference import infer_vocabulary
from translator.compare.vocabulary.object_places import split_objects


def _split(text: str) -> Report:
    """`text` read as `compare` reads a model file, one predicate per object."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "model.txt"
        path.write_text(text, encoding="utf-8")
        return split_objects(read_model(str(path)).report).report


def _roles(text: str) -> dict[str, str]:
    report = _split(text)
    return dict(infer_vocabulary(report.schemas, report.source, report.goal is not None)
                .vocabulary.roles)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), place=st.sampled_from(("pair", "cell")),
       parts=st.sampled_from(("kind", "all", "after", "content")))
def test_parts_under_one_relation_are_read_apart_under_random_names(
        seed: int, place: Place, parts: Parts) -> None:
    names = random_names(seed)
    roles = _roles(render(Encoding(notation="plain", place=place, parts=parts,
                                   walls="free" if parts == "content" else "negated"), names))
    told = {"boulder": "boulder", "skeleton": "skeleton"}
    told |= {"hero": "hero"} if parts == "all" else {}
    told |= {"floor": "empty"} if parts == "content" else {}
    assert {role: roles[role] for role in told} == {
        role: f"{names('on')}_{names(kind)}" for role, kind in told.items()}


_STATE = """\
Take(x, y, x2, y2)
    Precondition: qz(nk, x, y), kv(x2, y2), nb(x, y, x2, y2)
    Effect: qz(hk, x2, y2), -qz(nk, x, y), -kv(x2, y2)

Push(x, y, x2, y2, x3, y3)
    Precondition: qz(nk, x, y), qz(bz, x2, y2), nb(x, y, x2, y2), nb(x2, y2, x3, y3)
    Effect: qz(bz, x3, y3), -qz(bz, x2, y2)
"""


def _effects(text: str) -> set[str]:
    return {lit.predicate for schema in _split(text).schemas for lit in schema.effects}


def test_a_constant_an_action_swaps_for_another_is_a_state_not_an_object() -> None:
    # `qz(nk, ...)` made `qz(hk, ...)`: the hero without the key, then with it.
    assert _effects(_STATE) == {"qz", "kv"}
    # Never swapped, two objects are two parts: one predicate each.
    assert _effects(_STATE.replace("qz(hk, x2, y2)", "qz(nk, x2, y2)")) == \
        {"qz_nk", "qz_bz", "kv"}
    # One object alone is a state as written (the key only ever deleted, `key(P, here)`).
    alone = _STATE.split("\n\n")[0].replace("qz(hk, x2, y2)", "qz(nk, x2, y2)")
    assert _effects(alone) == {"qz", "kv"}


@settings(max_examples=6, deadline=None)
@given(words=st.permutations(("locked", "unlocked")), prefix=st.sampled_from(("", "is_")))
def test_a_state_written_first_in_words_naming_a_part_is_no_object(
        words: list[str], prefix: str) -> None:
    """`lock(locked, X, Y)` made `lock(unlocked, X, Y)` by an action (either word for either
    state: the actions decide): the words name the lock, yet one is swapped for the other in
    one atom, so the lock has a state and is not split into two parts."""
    closed, opened = (prefix + word for word in words)
    text = f"""\
Open(X, Y, X2, Y2)
    Precondition: qz(X, Y), sx({closed}, X2, Y2), nb(X, Y, X2, Y2)
    Effect: sx({opened}, X2, Y2), -sx({closed}, X2, Y2)

Step(X, Y, X2, Y2)
    Precondition: qz(X, Y), nb(X, Y, X2, Y2), -sx({closed}, X2, Y2)
    Effect: qz(X2, Y2), -qz(X, Y)
"""
    assert _effects(text) == {"qz", "sx"}
    # Never swapped in place, the words are two parts placed on cells: one predicate each.
    kept = text.replace(f"sx({opened}, X2, Y2), -sx", f"sx({opened}, X, Y), -sx")
    assert _effects(kept) == {"qz", f"sx_{closed}", f"sx_{opened}"}


def test_an_atom_too_short_for_what_precedes_its_place_is_placed_as_written() -> None:
    words = parse_vocabulary('name = "v"\n[roles]\nhero = "h"\nskeleton = "on"\n'
                             "[places]\nskeleton = 1\n", "v")
    assert words.place_of("on", ("k", "3", "4")) == ("3", "4", ("k",))
    assert words.place_of("on", ("3", "4")) == ("3", "4", ())
    assert words.placed("on", "3", "4") == ("on", "3", "4")
