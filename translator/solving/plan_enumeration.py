"""Every plan of a level within a cost bound, found by an enumerating planner and replayed by
the simulator.

The planner is one of the registry's (translator/planners/registry.py, `ENUMERATING_PLANNERS`):
SymK's top-k search, K*'s top-quality search or clingo's answer sets; each module says how it
is bounded. Whatever it returns goes through the same replay, deduplication and sorting here.

A plan here is a word of key presses. Our model has at most one ground action per key press
in any state, and every action needs `-won(yes)`, so a plan never passes through the goal
(R-G2) and distinct action sequences are distinct words; the words are deduplicated anyway.
A planner may return plans over the max cost (SymK's bidirectional search, asked for plans
of cost < max cost + 1, can return some of cost exactly max cost + 1): every plan is
replayed, and those of cost <= max cost are kept. Plans with loops count: a word that walks
back and forth and still fits the budget is a plan. A max cost past the planners' integers is
no bound at all (translator/planners/cost_bound.py): then only `limit` ends the enumeration,
since plans that walk back and forth never run out.

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
from translator.planners.cost_bound import exclusive_bound
from translator.planners.outcome import EnumerationOptions, Status, status_of_failure
from translator.planners.registry import ENUMERATING_PLANNERS, EnumerateFunction, enumerator
from translator.runtime.processes import NO_LIMITS, Limits, WorkerFailed, run_in_child
from translator.solving.key_presses import PlanMappingError, key_presses


@dataclass(frozen=True, slots=True)
class FoundPlan:
    directions: tuple[Direction, ...]
    cost: int
    """Replayed by the simulator, damage included."""


@dataclass(frozen=True, slots=True)
class PlanEnumeration:
    status: Status
    """SOLVED with at least one plan; UNSOLVABLE when none costs <= max_cost (every planner's
    enumeration is complete under its bound); TIMEOUT or ERROR when the planner failed or
    returned a plan the rules reject."""
    plans: tuple[FoundPlan, ...]
    """Sorted by cost, then by letters."""
    max_cost: int
    complete: bool
    """Every plan of cost <= max_cost (of minimum cost with optimal_only) is listed; False
    when `limit` may have cut the list."""
    search: str
    """The planner and its configuration, as shown to users."""
    seconds: float
    message: str = ""
    """Why it failed (with the planner's last log lines), empty otherwise."""

    @property
    def min_cost(self) -> int | None:
        return self.plans[0].cost if self.plans else None


def enumerate_plans(level: Level, max_cost: int, optimal_only: bool = False,
                    limit: int | None = None, limits: Limits = NO_LIMITS,
                    engine: str = ENUMERATING_PLANNERS[0]) -> PlanEnumeration:
    """The distinct plans of `level` that cost at most `max_cost` (or the `limit` cheapest)."""
    if max_cost < 0:
        raise ValueError(f"max_cost must be non-negative, found {max_cost}")
    if limit is not None and limit < 1:
        raise ValueError(f"limit must be at least 1, found {limit}")
    if limit is None and endless(max_cost):
        raise ValueError(f"max_cost {max_cost} is no bound: give a limit")
    if engine not in ENUMERATING_PLANNERS:
        raise ValueError(f"unknown engine {engine!r}")
    started = time.perf_counter()
    options = EnumerationOptions(max_cost, optimal_only, limit, limits.seconds)
    try:
        return run_in_child(engine, _enumerate,
                            _EnumerationAttempt(level, options, engine, enumerator(engine)),
                            limits)
    except WorkerFailed as failure:
        return PlanEnumeration(status_of_failure(failure), (), max_cost, False, engine,
                               time.perf_counter() - started, str(failure))


@dataclass(frozen=True, slots=True)
class EnumerationRequest:
    """One level's enumeration, as `enumerate_plans` takes it: what a worker (local or Dask)
    is handed."""

    level: Level
    max_cost: int
    optimal_only: bool = False
    limit: int | None = None
    limits: Limits = NO_LIMITS
    engine: str = ENUMERATING_PLANNERS[0]


def enumerate_request(request: EnumerationRequest) -> PlanEnumeration:
    """`enumerate_plans` on a request; module-level so that workers can run it."""
    return enumerate_plans(request.level, request.max_cost, request.optimal_only,
                           request.limit, request.limits, request.engine)


def endless(max_cost: int) -> bool:
    """No cost bound can be given to the planners: without a plan limit SymK's enumeration
    would never end (nor would K*'s, whose quality bound would let every padded plan in)."""
    return exclusive_bound(max_cost) is None


@dataclass(frozen=True, slots=True)
class _EnumerationAttempt:
    """What the enumeration's child process runs: `back_end(level, options)`."""

    level: Level
    options: EnumerationOptions
    engine: str
    """The planner's name, for messages."""
    back_end: EnumerateFunction


def _enumerate(attempt: _EnumerationAttempt) -> PlanEnumeration:
    level, options, engine = attempt.level, attempt.options, attempt.engine
    max_cost, optimal_only, limit = options.max_cost, options.optimal_only, options.limit
    started = time.perf_counter()
    run = attempt.back_end(level, options)

    def finished(status: Status, plans: tuple[FoundPlan, ...] = (), complete: bool = True,
                 message: str = "") -> PlanEnumeration:
        return PlanEnumeration(status, plans, max_cost, complete, run.search,
                               time.perf_counter() - started, message)

    if run.status is not Status.SOLVED:
        return finished(run.status, complete=run.status is Status.UNSOLVABLE,
                        message=run.message)
    domain = helltaker_domain()
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
                            message=f"{engine} returned a plan the rules reject: "
                            f"{verdict.reason}")
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

