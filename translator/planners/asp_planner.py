"""clingo on our model (`--planner asp`, and `plans --planner asp`).

The level's ground task (sas_task.py, Fast Downward's translation of our PDDL) is written as
facts for the one sequential planning encoding (sequential.lp) and solved by clingo in this
process. The horizon is the budget divided by the cheapest action's cost, so that every plan
within the budget fits; the steps after a plan stay empty.

Optimal plans come from clingo's optimisation (`#minimize` over action costs, under the
budget constraint) in one grounding, rather than from a horizon raised step by step: in our
model an action costs 1 or 2, so the shortest plan is not always the cheapest, and a
horizon ladder would still have to climb to the budget to prove a cost optimal.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import clingo

from strips_model.errors import RunError
from strips_model.ground_plan import PlanStep
from strips_model.level import Level
from translator.ground.asp_program import encoding, step_of_term, task_facts
from translator.ground.ground_task import ground_task
from translator.ground.horizon import horizon_of
from translator.ground.sas_format import SasTask
from translator.planners.outcome import PlannerOptions, PlannerOutcome, Status

Plan = tuple[PlanStep, ...]


@dataclass(frozen=True, slots=True)
class AspEnumeration:
    status: Status
    """SOLVED with at least one plan, UNSOLVABLE when clingo proved there is none."""
    plans: tuple[Plan, ...]
    search: str
    """How clingo was run, as shown to users."""


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
    timings: list[tuple[str, float]] = []
    mark = time.perf_counter()
    task = ground_task(level)
    timings.append(("translate", time.perf_counter() - mark))
    label = "asp clingo --opt-mode=opt (sequential.lp)"
    mark = time.perf_counter()
    try:
        control = _control(task, options.budget, ["--opt-mode=opt", "--models=0"])
    except RunError as error:
        return PlannerOutcome(Status.ERROR, label, False, log_tail=str(error))
    control.ground([("base", []), ("optimal", [])])
    timings.append(("encode", time.perf_counter() - mark))
    mark = time.perf_counter()
    best: list[Plan] = []

    def keep(model: clingo.Model) -> None:
        best.append(_plan(model))

    result = control.solve(on_model=keep)
    timings.append(("search", time.perf_counter() - mark))
    counts = _sizes(control) + (("actions", len(task.operators)),)
    if result.unsatisfiable:
        return PlannerOutcome(Status.UNSOLVABLE, label, True, timings=tuple(timings),
                              counts=counts)
    if not best or not result.exhausted:
        return PlannerOutcome(Status.ERROR, label, False,
                              log_tail="clingo stopped before proving its answer optimal",
                              timings=tuple(timings), counts=counts)
    steps = best[-1]
    cost = sum(_costs(task)[" ".join((name, *arguments))] for name, arguments in steps)
    return PlannerOutcome(Status.SOLVED, label, True, steps=steps, cost=cost,
                          timings=tuple(timings), counts=counts)


def _costs(task: SasTask) -> dict[str, int]:
    return {operator.name: operator.cost for operator in task.operators}


def enumerate_with_clingo(level: Level, max_cost: int, optimal_only: bool,
                          limit: int | None) -> AspEnumeration:
    """Every plan of cost <= max_cost, one answer set each; with `limit`, the cheapest first
    (cost by cost); with `optimal_only`, those of minimum cost."""
    task = ground_task(level)
    models = "0" if limit is None else str(limit)
    if optimal_only:
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
             kept: Callable[[clingo.Model], bool]) -> AspEnumeration:
    plans: list[Plan] = []
    with control.solve(yield_=True) as handle:
        for model in handle:
            if kept(model):
                plans.append(_plan(model))
    return AspEnumeration(Status.SOLVED if plans else Status.UNSOLVABLE, tuple(plans), search)


def _cheapest_first(task: SasTask, max_cost: int, limit: int) -> AspEnumeration:
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
    return AspEnumeration(Status.SOLVED if plans else Status.UNSOLVABLE, tuple(plans),
                          f"asp clingo, cost by cost, --models={limit}")
