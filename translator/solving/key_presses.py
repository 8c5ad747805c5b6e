"""Planner plans back to key presses: every ground action of our model names its direction."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from strips_model.errors import RunError
from strips_model.ground_plan import PlanStep
from strips_model.moves import Direction
from strips_model.pddl_names import pddl_symbol
from strips_model.schema import Domain, Schema

DIRECTION_TYPE = "dir"


class PlanMappingError(RunError):
    """A planner action that does not correspond to a key press."""


def key_presses(domain: Domain, steps: Iterable[PlanStep]) -> tuple[Direction, ...]:
    """The key presses of plan steps, each read off the action's `dir`-typed parameter."""
    schemas = _schemas(domain)
    return tuple(_key_press(schemas, step) for step in steps)


def key_press(domain: Domain, step: PlanStep) -> Direction:
    """The key press of one plan step; names in any case, as PDDL has them."""
    return _key_press(_schemas(domain), step)


def _schemas(domain: Domain) -> Mapping[str, Schema]:
    # The PDDL name rule (strips_model/pddl_names.py) is lowercase, and reversible.
    return {pddl_symbol(schema.name): schema for schema in domain.schemas}


def _key_press(schemas: Mapping[str, Schema], step: PlanStep) -> Direction:
    name, arguments = step
    shown = f"({' '.join((name, *arguments))})"
    schema = schemas.get(name.lower())
    if schema is None:
        raise PlanMappingError(f"action {shown} is not in the model")
    if len(schema.parameters) != len(arguments):
        expected = len(schema.parameters)
        raise PlanMappingError(f"action {shown} has {_count(len(arguments))}, "
                               f"{schema.name} takes {expected}")
    return _direction(shown, [p.type for p in schema.parameters], arguments)


def _count(arguments: int) -> str:
    return f"{arguments} argument{'' if arguments == 1 else 's'}"


def _direction(shown: str, types: Sequence[str], arguments: Sequence[str]) -> Direction:
    for type_name, value in zip(types, arguments, strict=True):
        direction = Direction.of_pddl_name(value) if type_name == DIRECTION_TYPE else None
        if direction is not None:
            return direction
    raise PlanMappingError(f"action {shown} has no direction parameter")
