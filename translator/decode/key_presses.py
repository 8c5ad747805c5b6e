"""Planner plans back to key presses: every ground action of our model names its direction."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from strips_model.errors import RunError
from strips_model.schema import Domain
from translator.encode.level_facts import LETTER_OF_DIRECTION

if TYPE_CHECKING:  # unified-planning takes 0.2-1.3 s to import; the hot path never needs it
    from unified_planning.plans import ActionInstance

DIRECTION_TYPE = "dir"


class PlanMappingError(RunError):
    """A planner action that does not correspond to a key press."""


def directions_of(actions: Iterable[ActionInstance]) -> tuple[str, ...]:
    """The `udlr` directions of unified-planning action instances of our model."""
    return tuple(
        _direction(
            str(instance),
            [(p.type.name if p.type.is_user_type() else "", str(value))  # type: ignore[attr-defined]
             for p, value in zip(instance.action.parameters, instance.actual_parameters,
                                 strict=True)],
        )
        for instance in actions
    )


def directions_of_named(domain: Domain,
                        actions: Iterable[tuple[str, Sequence[str]]]) -> tuple[str, ...]:
    """The directions of `(action name, arguments)` pairs, as read from a PDDL plan file."""
    schemas = {schema.name.lower(): schema for schema in domain.schemas}
    directions = []
    for name, arguments in actions:
        schema = schemas.get(name.lower())
        if schema is None or len(schema.parameters) != len(arguments):
            raise PlanMappingError(f"action ({name} {' '.join(arguments)}) is not in the model")
        typed = [(p.type, a) for p, a in zip(schema.parameters, arguments, strict=True)]
        directions.append(_direction(f"({name} {' '.join(arguments)})", typed))
    return tuple(directions)


def _direction(shown: str, typed_arguments: Sequence[tuple[str, str]]) -> str:
    for type_name, value in typed_arguments:
        if type_name == DIRECTION_TYPE and value.lower() in LETTER_OF_DIRECTION:
            return LETTER_OF_DIRECTION[value.lower()]
    raise PlanMappingError(f"action {shown} has no direction parameter")
