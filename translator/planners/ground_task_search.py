"""What the ASP and SAT back-ends share around their solver: the level's ground task as
values (translator/ground/ground_task.py), and the solver's answer made a `PlannerOutcome`
with the plan in the unspecialised model's names.

Each back-end gives only its solver (`TaskSolver`): asp.py clingo's optimisation, sat.py the
SAT solver under a tightening cost bound.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from strips_model.errors import RunError
from strips_model.ground_plan import PlanStep
from translator.ground.ground_task import ground_task
from translator.ground.sas_format import SasTask
from translator.model.specialised import Specialised
from translator.planners.outcome import PlannerOptions, PlannerOutcome, Status, Stopwatch


@dataclass(frozen=True, slots=True)
class TaskAnswer:
    """What a solver proved of a ground task under the budget."""

    plan: tuple[PlanStep, ...] | None
    """An optimal plan, or None for a proof that none fits the budget."""
    cost: int | None
    counts: tuple[tuple[str, int], ...]
    unproven: str | None = None
    """Why the solver's answer is no proof (it stopped early), if it is not."""


TaskSolver = Callable[[SasTask, int, Stopwatch], TaskAnswer]
"""A solver on a ground task under a budget; it laps the stopwatch after each of its
phases. A task it cannot encode raises RunError."""


def solve_ground_task(specialised: Specialised, options: PlannerOptions, label: str,
                      solver: TaskSolver) -> PlannerOutcome:
    """The level's task as `specialised` states it, solved by `solver`."""
    clock = Stopwatch()
    task = ground_task(specialised)
    clock.lap("translate")
    try:
        answer = solver(task, options.budget, clock)
    except RunError as error:
        return PlannerOutcome(Status.ERROR, label, False, log_tail=str(error))
    timings = tuple(clock.timings)
    if answer.unproven is not None:
        return PlannerOutcome(Status.ERROR, label, False, log_tail=answer.unproven,
                              timings=timings, counts=answer.counts)
    if answer.plan is None:
        return PlannerOutcome(Status.UNSOLVABLE, label, True, timings=timings,
                              counts=answer.counts)
    return PlannerOutcome(Status.SOLVED, label, True, steps=specialised.restored(answer.plan),
                          cost=answer.cost, timings=timings, counts=answer.counts)
