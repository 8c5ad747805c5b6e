"""How many steps the ASP and SAT back-ends ground for a cost bound."""

from __future__ import annotations

from strips_model.errors import RunError
from translator.ground.sas_format import SasTask

MAX_HORIZON = 1_000
"""The most steps grounded: every step copies the task's actions and values, so a bound past
this is refused rather than grounded for minutes."""


class HorizonTooLong(RunError):
    """A cost bound past MAX_HORIZON steps: a planner's failed attempt in `solve` (status
    error), bad input (exit 2) in the `asp` and `cnf` exports, whose bound is the user's."""


def horizon_of(task: SasTask, bound: int) -> int:
    """The most steps a plan of cost <= bound can take: every action costs at least the
    cheapest one. Tasks with free actions have no such horizon."""
    if not task.operators:
        return 0
    cheapest = min(operator.cost for operator in task.operators)
    if cheapest < 1:
        raise RunError("the ground task has actions of cost 0: no number of steps bounds "
                       "its plans, which this back-end needs")
    horizon = bound // cheapest
    if horizon > MAX_HORIZON:
        raise HorizonTooLong(f"a cost bound of {bound} allows {horizon} steps; this "
                             f"back-end grounds at most {MAX_HORIZON}")
    return horizon
