"""Ground plans written out: the ground actions of our model that key presses take, and the
text Fast Downward writes for a plan (which strips_model/ground_plan.py reads back)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from strips_model.ground_plan import PlanStep
from strips_model.level import Level
from strips_model.moves import Direction
from strips_model.schema import helltaker_domain
from translator.ground.exact_semantics import GroundAction, Grounder
from translator.model.level_facts import level_facts
from translator.solving.key_presses import PlanMappingError, key_press


def format_ground_plan(steps: Iterable[PlanStep], cost: int | None = None) -> str:
    """One `(name objects...)` line per step, then `; cost = N (general cost)` when the cost
    is known, as Fast Downward writes its plan files."""
    lines = [f"({' '.join((name, *arguments))})\n" for name, arguments in steps]
    if cost is not None:
        lines.append(f"; cost = {cost} (general cost)\n")
    return "".join(lines)


def ground_plan_of(level: Level, directions: Sequence[Direction]) -> tuple[PlanStep, ...]:
    """The ground actions of `helltaker.strips` that the key presses take on `level`.

    Found by replaying the model itself, not the simulator: each key press must be exactly
    one applicable action. A key press the model has no action for (one the rules reject,
    R-A0 or R-G2) is a `PlanMappingError` naming it.
    """
    return tuple(replay_ground_actions(level, directions))


def replay_ground_actions(level: Level, directions: Iterable[Direction]) -> Iterator[PlanStep]:
    """`ground_plan_of`, one action at a time: a caller may stop at the first it disagrees
    with, before the model is asked about later key presses."""
    domain = helltaker_domain()
    facts = level_facts(level)
    grounder = Grounder(domain, facts)
    state = facts.initial
    for index, direction in enumerate(directions, start=1):
        actions = [(action, step) for action in grounder.applicable(state)
                   if key_press(domain, step := _plan_step(action)) is direction]
        if len(actions) != 1:
            found = ", ".join(_shown(step) for _, step in actions) or "none"
            raise PlanMappingError(f"key press {index} '{direction}' is not one action of the "
                                   f"model on {level.name}: applicable {found}")
        action, step = actions[0]
        state = action.apply(state)
        yield step


def _plan_step(action: GroundAction) -> PlanStep:
    return action.schema, tuple(value for _, value in action.binding)


def _shown(step: PlanStep) -> str:
    return f"({' '.join((step[0], *step[1]))})"
