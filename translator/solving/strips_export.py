"""Key presses of a plan for the pure STRIPS export (`helltaker pddl --strips`)."""

from __future__ import annotations

from collections.abc import Iterable

from strips_model.ground_plan import PlanStep
from strips_model.moves import Direction
from strips_model.schema import helltaker_domain
from translator.model.strips_compile import ENDURE_DAMAGE
from translator.solving.key_presses import key_presses


def key_presses_of_strips_plan(steps: Iterable[PlanStep]) -> tuple[Direction, ...]:
    """Read by action name: the compilations keep our actions' names and parameters, and the
    damage steps they add are no key presses."""
    return key_presses(helltaker_domain(),
                       [step for step in steps if not step[0].lower().startswith(ENDURE_DAMAGE)])
