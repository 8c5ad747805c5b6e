"""Every vocabulary `--vocabulary-out` writes reads back (issue 33): one that says a thing
twice (an action's key press, inferred from actions sharing a name; several words for one
direction) or holds any character in its names is written as a file `parse_vocabulary`
reads to a vocabulary that reads the model the same way."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from strips_model.moves import Direction
from strips_model.reports.vocabulary import (
    PLACED_ROLES,
    ROLES,
    VALUES,
    Vocabulary,
    parse_vocabulary,
)
from strips_model.reports.vocabulary_writer import vocabulary_toml

_NAMES = st.text(min_size=1, max_size=8)
_DIRECTIONS = st.sampled_from(list(Direction))


@st.composite
def vocabularies(draw: st.DrawFn) -> Vocabulary:
    roles = draw(st.lists(st.tuples(st.sampled_from(ROLES), _NAMES), max_size=6))
    return Vocabulary(
        name=draw(_NAMES), summary=draw(st.text(max_size=8)),
        roles=(("hero", draw(_NAMES)), *roles),
        values=tuple(draw(st.lists(st.tuples(st.sampled_from(VALUES),
                                             st.integers(-9, 9) | _NAMES), max_size=4))),
        first_is_column=draw(st.booleans()), rows_upward=draw(st.booleans()),
        direction_words=tuple(draw(st.lists(st.tuples(_NAMES, _DIRECTIONS), max_size=6))),
        not_key_presses=tuple(draw(st.lists(_NAMES, max_size=3))),
        goal=tuple(draw(st.lists(st.tuples(st.sampled_from(["block", "adjacent_to_demon",
                                                            "a key"]),
                                           st.booleans() | st.text(max_size=4)),
                                 max_size=3))),
        source="written",
        keys=tuple(draw(st.lists(st.tuples(_NAMES, st.none() | _DIRECTIONS), max_size=6))),
        directions=tuple(draw(st.lists(st.tuples(_DIRECTIONS, st.text(max_size=4)),
                                       max_size=5))),
        direction_first=draw(st.booleans()),
        keyed_by_direction=tuple(draw(st.lists(_NAMES, max_size=3))),
        places=tuple(draw(st.lists(st.tuples(st.sampled_from(PLACED_ROLES),
                                             st.integers(1, 8)), max_size=3))),
        cell=draw(st.sampled_from(["", "c_{x}_{y}", "{y}x{x}"])))


@settings(derandomize=True, max_examples=150, deadline=None)
@given(vocabularies(), st.lists(st.text(max_size=12), max_size=2))
def test_a_written_vocabulary_reads_back_to_the_same_reading(
        written: Vocabulary, comments: list[str]) -> None:
    back = parse_vocabulary(vocabulary_toml(written, tuple(comments)), "back.toml")
    assert (back.name, back.summary, back.cell) == (written.name, written.summary, written.cell)
    assert all(back.predicate(role) == written.predicate(role) for role in ROLES)
    assert dict(back.values) == dict(written.values)
    assert (back.first_is_column, back.rows_upward) == (written.first_is_column,
                                                        written.rows_upward)
    # Where the argument of a direction goes matters only with direction constants.
    assert not written.directions or back.direction_first == written.direction_first
    assert dict(back.direction_words) == dict(written.direction_words)
    assert back.not_key_presses == written.not_key_presses
    assert set(back.keyed_by_direction) == set(written.keyed_by_direction)
    # Every action not keyed by its direction parameter says the same key press.
    actions = {action for action, _ in written.keys} | {word for word, _ in
                                                        written.direction_words}
    assert all(back.direction_of(action) == written.direction_of(action)
               for action in actions - set(written.keyed_by_direction))
    assert dict(back.goal) == dict(written.goal)
    assert dict(back.directions) == dict(written.directions)
    assert dict(back.places) == dict(written.places)
    # Written again, the vocabulary read back gives the same file: nothing is lost twice.
    again = parse_vocabulary(vocabulary_toml(back), "again.toml")
    assert vocabulary_toml(again) == vocabulary_toml(back)


def test_an_action_said_twice_and_a_direction_of_two_words_read_back() -> None:
    words = Vocabulary(
        name="twice", summary="", roles=(("hero", "at"),), values=(), first_is_column=True,
        rows_upward=False, direction_words=(("haut", Direction.UP), ("up", Direction.UP)),
        not_key_presses=(), goal=(("block", "But"),), source="s",
        keys=(("push", Direction.UP), ("push", Direction.DOWN)))
    text = vocabulary_toml(words)
    assert 'up = ["haut", "up"]' in text
    back = parse_vocabulary(text, "back.toml")
    assert back.keys == (("push", Direction.DOWN),)
    assert back.direction_of("goHaut") is None and back.direction_of("go_haut") is Direction.UP
