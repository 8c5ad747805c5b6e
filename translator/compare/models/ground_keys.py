"""The key press of a ground action of a hand-written model: the one its schema's name or
[keys] says; for a schema whose direction is a variable (`move(D, P, P2)` with
`succ(D, P, P2)`), the direction constant it binds; for one that steps the hero along a
relation of no direction (`move(P, P2)` with `adj(P, P2)`, the vocabulary's `adjacent_any`),
the direction of the step it makes, read off the hero's place before and after, or, where
the hero stays (`bump(P, Q)` with `adj(P, Q)`), the direction from the relation's first place
to its second, as bound. The last two stand for four key presses each, told apart only once
their variables are bound."""

from __future__ import annotations

from collections.abc import Mapping

from strips_model.moves import Direction
from strips_model.reports.vocabulary import Vocabulary
from translator.ground.ground_action import GroundAction

_BY_DELTA = {direction.delta: direction for direction in Direction}
_BY_LOWER_NAME = {direction.name.lower(): direction for direction in Direction}
"""The directions by the constants a model without [directions] names them by (`up`): an
exhaustive comparison asks for the key press of tens of thousands of actions."""


Ends = tuple[tuple[str, ...], tuple[str, ...]]
"""The two places of a schema's relation of no direction, as written (variables or cells)."""


def ground_key_press(words: Vocabulary, parameters: Mapping[str, str], action: GroundAction,
                     ends: Mapping[str, Ends] | None = None) -> Direction | None:
    """The action's key press; `parameters`: schema -> the variable its direction is (the
    schemas Vocabulary.keyed_by_direction names); `ends`: schema -> the places its relation
    of no direction joins, the key of an action keyed by its step where the hero stays."""
    if action.schema in words.keyed_by_step:
        found = (ends or {}).get(action.schema)
        return step_direction(words, action) or (
            None if found is None else target_direction(words, action, found))
    variable = parameters.get(action.schema)
    if variable is None:
        return words.direction_of(action.schema)
    constant = dict(action.binding).get(variable) or ""
    if words.directions:
        return {c: d for d, c in words.directions}.get(constant)
    return _BY_LOWER_NAME.get(constant)


def step_direction(words: Vocabulary, action: GroundAction) -> Direction | None:
    """The direction of the one cell the action moves the hero by, in the vocabulary's
    coordinates; None when it moves the hero by anything else, or not at all."""
    hero = words.predicate("hero")
    if hero is None:
        return None
    try:
        # Places, not atoms: a hero with a state (`at(P, nokey)`) may have several of its
        # atoms deleted at one place.
        before = {_numbers(words, hero, atom[1:]) for atom in action.delete if atom[0] == hero}
        after = {_numbers(words, hero, atom[1:]) for atom in action.add if atom[0] == hero}
    except ValueError:  # a place that is no number: no step to read
        return None
    if len(before) != 1 or len(after) != 1:
        return None
    return _along(words, before.pop(), after.pop())


def target_direction(words: Vocabulary, action: GroundAction, ends: Ends) -> Direction | None:
    """The direction from the first place of the action's relation of no direction to the
    second, as bound: where a hero that stays turns to (a bump into the lock); None when
    the hero moves (`step_direction` reads that) or the places are no neighbours."""
    hero = words.predicate("hero")
    if hero is None or any(atom[0] == hero for atom in (*action.add, *action.delete)):
        return None
    binding = dict(action.binding)
    relation = words.predicate("adjacent_any") or ""
    try:
        here, there = (_numbers(words, relation, tuple(binding.get(name, name) for name in end))
                       for end in ends)
    except ValueError:  # a place that is no number: no direction to read
        return None
    return _along(words, here, there)


def _along(words: Vocabulary, before: tuple[int, int], after: tuple[int, int]
           ) -> Direction | None:
    """The direction of one cell from `before` to `after`, in the vocabulary's coordinates."""
    (first, second), (first_after, second_after) = before, after
    along_first, along_second = first_after - first, second_after - second
    d_column, d_row = (along_first, along_second) if words.first_is_column \
        else (along_second, along_first)
    return _BY_DELTA.get((-d_row if words.rows_upward else d_row, d_column))


def _numbers(words: Vocabulary, predicate: str, args: tuple[str, ...]) -> tuple[int, int]:
    first, second, _ = words.place_of(predicate, args)
    return int(first), int(second)
