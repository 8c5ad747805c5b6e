"""A SAT solver of python-sat on our model (`--planner sat`).

The level's ground task, specialised to the level (translator/ground/ground_task.py), is
encoded as CNF over as many steps as the budget allows (cnf_encoding.py), and solved with the
budget as an assumption on the totalizer's output. Each plan found of cost c is followed by a
call under the bound c - 1 on the same solver, which keeps what it learnt, until the solver
proves that no cheaper plan exists: the last plan is optimal, and UNSAT at the first call
proves the budget too small. The plan is given back in the unspecialised model's names.
"""

from __future__ import annotations

from pysat.solvers import Solver

from strips_model.ground_plan import PlanStep, step_of_name
from strips_model.level import Level
from translator.ground.cnf_encoding import CnfEncoding, encode
from translator.ground.horizon import horizon_of
from translator.ground.sas_format import SasTask
from translator.model.specialised import Specialised, specialise
from translator.planners.ground_task_search import TaskAnswer, solve_ground_task
from translator.planners.outcome import PlannerOptions, PlannerOutcome, Stopwatch

SOLVER = "glucose42"
"""Chosen by measurement on the classic levels (README, "ASP and SAT")."""


def solve_with_sat(level: Level, options: PlannerOptions) -> PlannerOutcome:
    return solve_task_with_sat(specialise(level), options)


def solve_task_with_sat(specialised: Specialised, options: PlannerOptions) -> PlannerOutcome:
    """The level's task as `specialised` states it (tests hold it to the unspecialised one)."""
    return solve_ground_task(
        specialised, options, f"sat {SOLVER}, sequential CNF, horizon = budget / cheapest action",
        _cheapest_plan)


def _cheapest_plan(task: SasTask, budget: int, clock: Stopwatch) -> TaskAnswer:
    encoding = encode(task, horizon_of(task, budget), budget)
    clock.lap("encode")
    counts = (("variables", encoding.variable_count), ("clauses", len(encoding.clauses)),
              ("actions", len(task.operators)))
    best: tuple[tuple[PlanStep, ...], int] | None = None
    bound = budget
    with Solver(name=SOLVER, bootstrap_with=encoding.clauses) as sat:
        while sat.solve(assumptions=encoding.cost_assumption(bound)):
            best = _plan_of_model(encoding, sat.get_model() or [])
            if best[1] == 0:
                break
            bound = best[1] - 1
    clock.lap("search")
    return TaskAnswer(None, None, counts) if best is None else TaskAnswer(*best, counts)


def _plan_of_model(encoding: CnfEncoding, model: list[int]) -> tuple[tuple[PlanStep, ...], int]:
    """The plan a model of the formula describes, and its cost."""
    true = {literal for literal in model if literal > 0}
    chosen = sorted((step, operator) for variable, step, operator in encoding.actions
                    if variable in true)
    operators = [encoding.task.operators[operator] for _, operator in chosen]
    steps = tuple(step_of_name(operator.name) for operator in operators)
    return steps, sum(operator.cost for operator in operators)
