"""clingo on our model: one optimal plan (`--planner asp`), or every plan within a cost bound
(`plans --planner asp`, one answer set per plan).

The level's ground task, specialised to the level (translator/ground/ground_task.py), is
written as facts for the one
sequential planning encoding (sequential.lp) and solved by clingo in this process. The horizon
is the budget divided by the cheapest action's cost, so that every plan within the budget
fits; the steps after a plan stay empty. Plans are given back in the unspecialised model's
names.

Optimal plans come from clingo's optimisation (`#minimize` over action costs, under the
budget constraint) in one grounding, rather than from a horizon raised step by step: in our
model an action costs 1 or 2, so the shortest plan is not always the cheapest, and a
horizon ladder would still have to climb to the budget to prove a cost optimal.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import clingo

from strips_model.ground_plan import PlanStep
from strips_model.level import Level
from translator.ground.asp_program import encoding, step_of_term, task_facts
from translator.ground.ground_task import ground_task
from translator.ground.horizon import horizon_of
from translator.ground.sas_format import SasTask
from translator.model.specialised import Specialised, specialise
from translator.planners.ground_task_search import TaskAnswer, solve_ground_task
from translator.planners.outcome import (
    EnumerationOptions,
    EnumerationOutcome,
    PlannerOptions,
    PlannerOutcome,
    Status,
    Stopwatch,
)

Plan = tuple[PlanStep, ...]


def _control(task: SasTask, bound: int, arguments: list[str]) -> clingo.Control:
    control = clingo.Control([*arguments, "--warn=none"])
    control.add("base", [], task_facts(task, horizon_of(task, bound), bound) + encoding())
    return control


def _plan(model: clingo.Model) -> Plan:
    occurrences = sorted((symbol.arguments[1].number, symbol.arguments[0])
                         for symbol in model.symbols(shown=True) if symbol.name == "occurs")
    return tuple(step_of_term(action) for _, action in occurrences)


def _sizes(control: clingo.Control) -> tuple[tuple[str, int], ...]:
    program = control.statistics["problem"]["lp"]
    return (("atoms", int(program["atoms"])), ("rules", int(program["rules"])))


def solve_with_clingo(level: Level, options: PlannerOptions) -> PlannerOutcome:
    return solve_task_with_clingo(specialise(level), options)


def solve_task_with_clingo(specialised: Specialised, options: PlannerOptions) -> PlannerOutcome:
    """The level's task as `specialised` states it (tests hold it to the unspecialised one)."""
    return solve_ground_task(specialised, options, "asp clingo --opt-mode=opt (sequential.lp)",
                             _optimal_plan)


def _optimal_plan(task: SasTask, budget: int, clock: Stopwatch) -> TaskAnswer:
    control = _control(task, budget, ["--opt-mode=opt", "--models=0"])
    control.ground([("base", []), ("optimal", [])])
    clock.lap("encode")
    best: list[Plan] = []

    def keep(model: clingo.Model) -> None:
        best.append(_plan(model))

    result = control.solve(on_model=keep)
    clock.lap("search")
    counts = _sizes(control) + (("actions", len(task.operators)),)
    if result.unsatisfiable:
        return TaskAnswer(None, None, counts)
    if not best or not result.exhausted:
        return TaskAnswer(None, None, counts,
                          "clingo stopped before proving its answer optimal")
    steps = best[-1]
    cost = sum(_costs(task)[" ".join((name, *arguments))] for name, arguments in steps)
    return TaskAnswer(steps, cost, counts)


def _costs(task: SasTask) -> dict[str, int]:
    return {operator.name: operator.cost for operator in task.operators}


def enumerate_with_clingo(level: Level, options: EnumerationOptions) -> EnumerationOutcome:
    """Every plan of cost <= max_cost, one answer set each; with `limit`, the cheapest first
    (cost by cost); with `optimal_only`, those of minimum cost.

    clingo runs in this process: the time limit of the process that runs it ends it."""
    # Plans that differ by a wait are distinct plans: the phases are kept to keep the waits.
    specialised = specialise(level, keep_waits=True)
    found = _enumerated(ground_task(specialised), options)
    return replace(found, plans=tuple(specialised.restored(plan) for plan in found.plans))


def _enumerated(task: SasTask, options: EnumerationOptions) -> EnumerationOutcome:
    max_cost, limit = options.max_cost, options.limit
    models = "0" if limit is None else str(limit)
    if options.optimal_only:
        control = _control(task, max_cost, ["--opt-mode=optN", f"--models={models}"])
        control.ground([("base", []), ("optimal", [])])
        return _collect(control, "asp clingo --opt-mode=optN",
                        lambda model: model.optimality_proven)
    if limit is None:
        control = _control(task, max_cost, ["--models=0"])
        control.ground([("base", [])])
        return _collect(control, "asp clingo --models=0", lambda model: True)
    return _cheapest_first(task, max_cost, limit)


def _collect(control: clingo.Control, search: str,
             kept: Callable[[clingo.Model], bool]) -> EnumerationOutcome:
    plans: list[Plan] = []
    with control.solve(yield_=True) as handle:
        for model in handle:
            if kept(model):
                plans.append(_plan(model))
    return EnumerationOutcome(Status.SOLVED if plans else Status.UNSOLVABLE, tuple(plans),
                              search)


def _cheapest_first(task: SasTask, max_cost: int, limit: int) -> EnumerationOutcome:
    """Plans of cost exactly c for c = 0, 1, ... until `limit` are found: one grounding,
    one switched-on constraint per cost."""
    control = _control(task, max_cost, ["--models=0"])
    control.ground([("base", [])])
    plans: list[Plan] = []
    for cost in range(max_cost + 1):
        control.ground([("exact_cost", [clingo.Number(cost)])])
        layer = clingo.Function("layer", [clingo.Number(cost)])
        control.assign_external(layer, True)
        control.configuration.solve.models = str(limit - len(plans))  # type: ignore[union-attr]
        with control.solve(yield_=True) as handle:
            plans.extend(_plan(model) for model in handle)
        control.release_external(layer)
        if len(plans) >= limit:
            break
    return EnumerationOutcome(Status.SOLVED if plans else Status.UNSOLVABLE, tuple(plans),
                              f"asp clingo, cost by cost, --models={limit}")
