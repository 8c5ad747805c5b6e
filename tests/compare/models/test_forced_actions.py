"""Actions of no key press that a key press forces (models/forced_actions.py): the damage of
spikes paid by a second action is part of the key press before it, and only a forced one."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from strips_model.moves import Direction
from translator.compare.models.forced_actions import KeyPressed, composed, with_forced
from translator.ground.ground_action import GroundAction
from translator.model.level_facts import Atom

ATOMS = st.frozensets(st.sampled_from([("a",), ("b",), ("c",), ("d",), ("e",)]))


def _action(schema: str, add: frozenset[Atom], delete: frozenset[Atom], cost: int = 1
            ) -> GroundAction:
    return GroundAction(schema, (), add, delete, cost)


@given(state=ATOMS, first=st.tuples(ATOMS, ATOMS), then=st.tuples(ATOMS, ATOMS))
def test_two_actions_composed_are_the_one_then_the_other(
        state: frozenset[Atom], first: tuple[frozenset[Atom], frozenset[Atom]],
        then: tuple[frozenset[Atom], frozenset[Atom]]) -> None:
    one, other = _action("move", *first), _action("damage", *then, 1)
    both = composed(one, other)
    assert both.apply(state) == other.apply(one.apply(state))
    assert (both.cost, both.then, both.schema) == (2, ("damage",), "move")


HURT: Atom = ("hurt",)
MOVE = _action("move", frozenset({HURT}), frozenset())
DAMAGE = _action("damage", frozenset(), frozenset({HURT}))
WIN = _action("win", frozenset({("won",)}), frozenset())


def _model(also: tuple[GroundAction, ...] = (), goal: Atom | None = None,
           forcible: frozenset[str] = frozenset({"damage"})) -> KeyPressed:
    """`move` (key r) raises `hurt`, which `damage` (no key) takes back; `also` applies
    wherever the hero is hurt."""
    def applicable(state: frozenset[Atom]) -> list[GroundAction]:
        return [DAMAGE, *also] if HURT in state else [MOVE]
    return KeyPressed(applicable, lambda a: Direction.RIGHT if a.schema == "move" else None,
                      lambda state: goal is not None and goal in state, forcible)


def test_the_damage_a_move_forces_is_part_of_its_key_press() -> None:
    (pressed,) = with_forced(_model(), frozenset())
    assert (pressed.schema, pressed.cost, pressed.then) == ("move", 2, ("damage",))
    assert pressed.apply(frozenset()) == frozenset()


def test_an_action_that_raises_the_goal_beside_it_is_not_forced_nor_in_the_way() -> None:
    (pressed,) = with_forced(_model(also=(WIN,)), frozenset())
    assert pressed.then == ("damage",)


def test_nothing_is_forced_where_a_key_press_applies_or_the_goal_holds_or_it_is_no_damage(
        ) -> None:
    keyed = _action("move", frozenset(), frozenset())
    for model in (_model(also=(keyed,)), _model(goal=HURT), _model(forcible=frozenset())):
        (pressed,) = with_forced(model, frozenset())
        assert (pressed.cost, pressed.then) == (1, ())


def test_two_forced_actions_with_different_outcomes_force_neither() -> None:
    other = _action("damage", frozenset({("e",)}), frozenset({HURT}))
    (pressed,) = with_forced(_model(also=(other,)), frozenset())
    assert pressed.then == ()
