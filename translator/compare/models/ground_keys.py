"""The key press of a ground action of a hand-written model: the one its schema's name or
[keys] says; for a schema whose direction is a variable (`move(D, P, P2)` with
`succ(D, P, P2)`), the direction constant it binds; for one that steps the hero along a
relation of no direction (`move(P, P2)` with `adj(P, P2)`, the vocabulary's `adjacent_any`),
the direction of the step it makes, read off the hero's place before and after. The last two
stand for four key presses each, told apart only once their variables are bound."""

from __future__ import annotations

from collections.abc import Mapping

from strips_model.moves import Direction
from strips_model.reports.vocabulary import Vocabulary
from translator.ground.ground_action import GroundAction

_BY_DELTA = {direction.delta: direction for direction in Direction}


def ground_key_press(words: Vocabulary, parameters: Mapping[str, str], action: GroundAction
                     ) -> Direction | None:
    """The action's key press; `parameters`: schema -> the variable its direction is (the
    schemas Vocabulary.keyed_by_direction names)."""
    if action.schema in words.keyed_by_step:
        return step_direction(words, action)
    variable = parameters.get(action.schema)
    if variable is None:
        return words.direction_of(action.schema)
    constant = dict(action.binding).get(variable)
    by_constant = {c: d for d, c in words.directions} or {
        d.name.lower(): d for d in Direction}
    return by_constant.get(constant or "")


def step_direction(words: Vocabulary, action: GroundAction) -> Direction | None:
    """The direction of the one cell the action moves the hero by, in the vocabulary's
    coordinates; None when it moves the hero by anything else, or not at all."""
    hero = words.predicate("hero")
    if hero is None:
        return None
    try:
        # Places, not atoms: a hero with a state (`at(P, nokey)`) may have several of its
        # atoms deleted at one place.
        before = {_numbers(words, hero, atom) for atom in action.delete if atom[0] == hero}
        after = {_numbers(words, hero, atom) for atom in action.add if atom[0] == hero}
    except ValueError:  # a place that is no number: no step to read
        return None
    if len(before) != 1 or len(after) != 1:
        return None
    (first, second), (first_after, second_after) = before.pop(), after.pop()
    along_first, along_second = first_after - first, second_after - second
    d_column, d_row = (along_first, along_second) if words.first_is_column \
        else (along_second, along_first)
    return _BY_DELTA.get((-d_row if words.rows_upward else d_row, d_column))


def _numbers(words: Vocabulary, hero: str, atom: tuple[str, ...]) -> tuple[int, int]:
    first, second, _ = words.place_of(hero, atom[1:])
    return int(first), int(second)
