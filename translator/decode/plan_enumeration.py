"""Every plan of a level within a cost bound, found by SymK and replayed by the simulator.

A plan here is a word of key presses. Our model has at most one ground action per key press
in any state, and every action needs `-won(yes)`, so a plan never passes through the goal
(R-G2) and distinct action sequences are distinct words; the words are deduplicated anyway.

SymK's top-k search `symk_bd(..., bound=B)` returns every plan of cost < B (cheapest first)
and, depending on where its bidirectional search stops, some of cost exactly B; we ask for
B = max cost + 1, replay every plan and keep those of cost <= max cost. Plans with loops
count: a word that walks back and forth and still fits the budget is a plan.
With `optimal_only`, the top-quality search `symq_bd(quality=1.0)` returns the plans of
minimum cost. A max cost past SymK's integers is no bound at all (cost_bound.py): then only
`limit` ends the enumeration, since plans that walk back and forth never run out.

The enumeration runs in a child process under the time and memory limits, like every
planner attempt.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from strips_model.level import Level
from strips_model.moves import Direction
from strips_model.schema import helltaker_domain
from strips_model.validator import validate
from translator.decode.key_presses import PlanMappingError, key_presses
from translator.encode.level_facts import level_facts
from translator.encode.pddl_text import helltaker_domain_text, problem_text
from translator.planners.cost_bound import exclusive_bound
from translator.planners.outcome import Status, log_tail, status_of_failure
from translator.planners.processes import NO_LIMITS, Limits, WorkerFailed, run_in_child
from translator.planners.symk_driver import run_symk_driver, top_k_configuration


@dataclass(frozen=True, slots=True)
class FoundPlan:
    directions: tuple[Direction, ...]
    cost: int
    """Replayed by the simulator, damage included."""


@dataclass(frozen=True, slots=True)
class PlanEnumeration:
    status: Status
    """SOLVED with at least one plan; UNSOLVABLE when none costs <= max_cost (SymK's search
    is complete under its bound); TIMEOUT or ERROR when SymK failed or returned a plan the
    rules reject."""
    plans: tuple[FoundPlan, ...]
    """Sorted by cost, then by letters."""
    max_cost: int
    complete: bool
    """Every plan of cost <= max_cost (of minimum cost with optimal_only) is listed; False
    when `limit` may have cut the list."""
    search: str
    """The SymK configuration, as shown to users."""
    seconds: float
    message: str = ""
    """Why it failed (with SymK's last log lines), empty otherwise."""

    @property
    def min_cost(self) -> int | None:
        return self.plans[0].cost if self.plans else None


def enumerate_plans(level: Level, max_cost: int, optimal_only: bool = False,
                    limit: int | None = None, limits: Limits = NO_LIMITS) -> PlanEnumeration:
    """The distinct plans of `level` that cost at most `max_cost` (or the `limit` cheapest)."""
    if max_cost < 0:
        raise ValueError(f"max_cost must be non-negative, found {max_cost}")
    if limit is not None and limit < 1:
        raise ValueError(f"limit must be at least 1, found {limit}")
    if limit is None and endless(max_cost):
        raise ValueError(f"max_cost {max_cost} is no bound for SymK: give a limit")
    started = time.perf_counter()
    search = f"symk {top_k_configuration(exclusive_bound(max_cost), limit, optimal_only)}"
    try:
        return run_in_child("symk", _enumerate,
                            (level, max_cost, optimal_only, limit, limits.seconds), limits)
    except WorkerFailed as failure:
        return PlanEnumeration(status_of_failure(failure), (), max_cost, False, search,
                               time.perf_counter() - started, str(failure))


def endless(max_cost: int) -> bool:
    """No cost bound can be given to SymK: without a plan limit it would never end."""
    return exclusive_bound(max_cost) is None


def _enumerate(task: tuple[Level, int, bool, int | None, float | None]) -> PlanEnumeration:
    level, max_cost, optimal_only, limit, timeout = task
    started = time.perf_counter()
    bound = exclusive_bound(max_cost)
    search = f"symk {top_k_configuration(bound, limit, optimal_only)}"
    domain = helltaker_domain()
    run = run_symk_driver(helltaker_domain_text(),
                          problem_text(domain, level_facts(level), "level"),
                          top_k_configuration(bound, limit, optimal_only), timeout)

    def finished(status: Status, plans: tuple[FoundPlan, ...] = (), complete: bool = True,
                 message: str = "") -> PlanEnumeration:
        return PlanEnumeration(status, plans, max_cost, complete, search,
                               time.perf_counter() - started, message)

    if run.status is Status.UNSOLVABLE:
        return finished(Status.UNSOLVABLE)
    if run.status is not Status.SOLVED:
        code = "" if run.exit_code is None else f"SymK exit code {run.exit_code}\n"
        return finished(run.status, complete=False, message=code + log_tail(run.log))
    judged = level.with_budget(max_cost + 1)
    found: dict[tuple[Direction, ...], int] = {}
    beyond_max_cost = False
    for steps in run.plans:
        try:
            directions = key_presses(domain, steps)
        except PlanMappingError as error:
            return finished(Status.ERROR, complete=False, message=str(error))
        verdict = validate(judged, directions)
        if not verdict.valid:
            return finished(Status.ERROR, complete=False,
                            message=f"SymK returned a plan the rules reject: {verdict.reason}")
        if verdict.cost <= max_cost:
            found[directions] = verdict.cost
        else:
            beyond_max_cost = True
    plans = tuple(sorted((FoundPlan(d, c) for d, c in found.items()),
                         key=lambda plan: (plan.cost, plan.directions)))
    if optimal_only and plans:
        plans = tuple(plan for plan in plans if plan.cost == plans[0].cost)
    # Plans come cheapest first: a plan over max_cost, or fewer plans than asked for,
    # means that none within max_cost was left out.
    complete = limit is None or len(run.plans) < limit or beyond_max_cost
    return finished(Status.SOLVED if plans else Status.UNSOLVABLE, plans, complete)
