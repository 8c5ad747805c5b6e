"""Planner plans back to key presses: every ground action of our model names its direction."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from strips_model.errors import RunError
from strips_model.moves import Direction
from strips_model.schema import Domain
from translator.planners.outcome import PlanStep

DIRECTION_TYPE = "dir"


class PlanMappingError(RunError):
    """A planner action that does not correspond to a key press."""


def key_presses(domain: Domain, steps: Iterable[PlanStep]) -> tuple[Direction, ...]:
    """The key presses of plan steps, each read off the action's `dir`-typed parameter."""
    schemas = {schema.name.lower(): schema for schema in domain.schemas}
    presses = []
    for name, arguments in steps:
        shown = f"({name} {' '.join(arguments)})"
        schema = schemas.get(name.lower())
        if schema is None or len(schema.parameters) != len(arguments):
            raise PlanMappingError(f"action {shown} is not in the model")
        presses.append(_key_press(shown, [p.type for p in schema.parameters], arguments))
    return tuple(presses)


def _key_press(shown: str, types: Sequence[str], arguments: Sequence[str]) -> Direction:
    for type_name, value in zip(types, arguments, strict=True):
        direction = Direction.of_pddl_name(value) if type_name == DIRECTION_TYPE else None
        if direction is not None:
            return direction
    raise PlanMappingError(f"action {shown} has no direction parameter")
