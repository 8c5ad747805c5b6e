"""Planner plans back to key presses: every ground action names its direction."""

from __future__ import annotations

from collections.abc import Iterable

from unified_planning.plans import ActionInstance

from translator.level_facts import LETTER_OF_DIRECTION

DIRECTION_TYPE = "dir"


class PlanMappingError(Exception):
    """A planner action that does not correspond to a key press."""


def directions_of(actions: Iterable[ActionInstance]) -> tuple[str, ...]:
    """Return the `udlr` directions of a sequence of ground actions of our model."""
    directions: list[str] = []
    for instance in actions:
        action = instance.action
        letter = None
        for parameter, value in zip(action.parameters, instance.actual_parameters, strict=True):
            if parameter.type.is_user_type() and parameter.type.name == DIRECTION_TYPE:
                letter = LETTER_OF_DIRECTION.get(str(value))
        if letter is None:
            raise PlanMappingError(f"action {instance} has no direction parameter")
        directions.append(letter)
    return tuple(directions)
