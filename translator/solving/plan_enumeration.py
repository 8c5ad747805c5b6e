"""Every plan of a level within a cost bound, found by SymK or K* and replayed by the simulator.

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

K*'s top-quality search (translator/planners/kstar_driver.py) is the second engine: Fast
Downward finds the optimum first, then K* lists every plan within (max cost + 0.5) / optimum
of it. clingo is the third (translator/planners/asp_planner.py): one answer set per plan of
our sequential encoding. The engines' plans go through the same replay, deduplication and
sorting.

The enumeration runs in a child process under the time and memory limits, like every
planner attempt.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from strips_model.ground_plan import PlanStep
from strips_model.level import Level
from strips_model.moves import Direction
from strips_model.schema import helltaker_domain
from strips_model.validator import validate
from translator.model.level_facts import level_facts
from translator.model.pddl_text import helltaker_domain_text, problem_text
from translator.planners.asp_planner import enumerate_with_clingo
from translator.planners.cost_bound import exclusive_bound
from translator.planners.fast_downward import solve_direct
from translator.planners.kstar_driver import run_kstar, top_quality_configuration
from translator.planners.outcome import PlannerOptions, Status, log_tail, status_of_failure
from translator.planners.registry import TOP_K_PLANNERS
from translator.planners.symk_driver import run_symk_driver, top_k_configuration
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


@dataclass(frozen=True, slots=True)
class _Found:
    """What an engine returned, before the simulator judges it."""

    status: Status
    plans: tuple[tuple[PlanStep, ...], ...]
    search: str
    message: str = ""


def enumerate_plans(level: Level, max_cost: int, optimal_only: bool = False,
                    limit: int | None = None, limits: Limits = NO_LIMITS,
                    engine: str = "symk") -> PlanEnumeration:
    """The distinct plans of `level` that cost at most `max_cost` (or the `limit` cheapest)."""
    if max_cost < 0:
        raise ValueError(f"max_cost must be non-negative, found {max_cost}")
    if limit is not None and limit < 1:
        raise ValueError(f"limit must be at least 1, found {limit}")
    if limit is None and endless(max_cost):
        raise ValueError(f"max_cost {max_cost} is no bound: give a limit")
    if engine not in TOP_K_PLANNERS:
        raise ValueError(f"unknown engine {engine!r}")
    started = time.perf_counter()
    try:
        return run_in_child(engine, _enumerate,
                            (level, max_cost, optimal_only, limit, limits.seconds, engine),
                            limits)
    except WorkerFailed as failure:
        return PlanEnumeration(status_of_failure(failure), (), max_cost, False, engine,
                               time.perf_counter() - started, str(failure))


def endless(max_cost: int) -> bool:
    """No cost bound can be given to SymK: without a plan limit it would never end (nor
    would K*'s enumeration, whose quality bound would let every padded plan in)."""
    return exclusive_bound(max_cost) is None


def _enumerate(task: tuple[Level, int, bool, int | None, float | None, str]
               ) -> PlanEnumeration:
    level, max_cost, optimal_only, limit, timeout, engine = task
    started = time.perf_counter()
    run = _ENGINES[engine](level, max_cost, optimal_only, limit, timeout)

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


def _pddl(level: Level) -> tuple[str, str]:
    return helltaker_domain_text(), problem_text(helltaker_domain(), level_facts(level), "level")


def _with_symk(level: Level, max_cost: int, optimal_only: bool, limit: int | None,
               timeout: float | None) -> _Found:
    configuration = top_k_configuration(exclusive_bound(max_cost), limit, optimal_only)
    run = run_symk_driver(*_pddl(level), configuration, timeout)
    search = f"symk {configuration}"
    if run.status in (Status.SOLVED, Status.UNSOLVABLE):
        return _Found(run.status, run.plans, search)
    code = "" if run.exit_code is None else f"SymK exit code {run.exit_code}\n"
    return _Found(run.status, (), search, code + log_tail(run.log))


def _with_kstar(level: Level, max_cost: int, optimal_only: bool, limit: int | None,
                timeout: float | None) -> _Found:
    """K*'s top-quality search, its quality bound set from the optimum that Fast Downward
    finds first (kstar_driver.py explains why)."""
    started = time.perf_counter()
    optimum = solve_direct(level.with_budget(max_cost), PlannerOptions(max_cost, timeout))
    if optimum.status is not Status.SOLVED or optimum.cost is None:
        return _Found(optimum.status, (), f"kstar after {optimum.planner}", optimum.log_tail)
    if optimum.cost == 0:
        # The goal holds from the start: every action needs -won(yes) (R-G2), so the empty
        # plan is the only one, and no quality bound can be set relative to a cost of 0.
        return _Found(Status.SOLVED, (optimum.steps or (),), "kstar (not run: optimum 0)")
    quality = 1.0 if optimal_only else (max_cost + 0.5) / optimum.cost
    configuration = top_quality_configuration(quality, limit)
    remaining = None if timeout is None else \
        max(0.01, timeout - (time.perf_counter() - started))
    run = run_kstar(*_pddl(level), configuration, remaining)
    search = f"kstar {configuration.replace(',json_file_to_dump=plans.json', '')}"
    if run.status is Status.SOLVED and run.plans:
        return _Found(Status.SOLVED, run.plans, search)
    code = "" if run.exit_code is None else f"K* exit code {run.exit_code}\n"
    failed = Status.ERROR if run.status is Status.SOLVED else run.status
    return _Found(failed, (), search, code + log_tail(run.log))


def _with_clingo(level: Level, max_cost: int, optimal_only: bool, limit: int | None,
                 timeout: float | None) -> _Found:
    # clingo runs in this child: the parent's time limit ends it.
    run = enumerate_with_clingo(level, max_cost, optimal_only, limit)
    return _Found(run.status, run.plans, run.search)


_ENGINES = {"symk": _with_symk, "kstar": _with_kstar, "asp": _with_clingo}
