"""pyperplan through unified-planning, on a compiled variant of our problem.

pyperplan takes plain STRIPS without action costs, so the problem is compiled first
(`translator.model.strips_compile`): damage becomes explicit `endure_damage_1` steps, which
makes every action cost 1 and a plan's length equal to its cost, and negative preconditions
become complementary fluents. Breadth-first search then returns a shortest plan, that is a
plan of minimum cost, and its length is that cost. If it exceeds the budget, no plan fits: the
level is reported unsolvable within its budget, exactly as an exhausted bounded search would
be (pyperplan has no cost bound, so it searches on to the optimum instead of stopping at the
budget).

pyperplan grounds lifted actions by enumerating every combination of objects, which is
hopeless for our 7- to 10-parameter schemas beyond a handful of cells, so the compiled problem
is grounded first by Fast Downward's reachability grounder (a unified-planning compiler).

pyperplan ignores timeouts: like every planner attempt, it runs in a child process that is
stopped when the time limit expires (translator/planners/registry.py).
"""

from __future__ import annotations

import traceback
from dataclasses import dataclass

from unified_planning.engines import CompilationKind
from unified_planning.model import Problem
from unified_planning.shortcuts import Compiler

from strips_model.ground_plan import PlanStep
from strips_model.level import Level
from translator.model.strips_compile import strips_problem
from translator.planners.oneshot import level_problem, plan_steps, require_support, run_oneshot
from translator.planners.outcome import PlannerOptions, PlannerOutcome, Status, Stopwatch
from translator.planners.packages import PlannerUnavailable

UP_ENGINE = "pyperplan"
SEARCH = {"search": "bfs", "heuristic": "blind"}
"""Breadth-first search; pyperplan ignores the heuristic for it but requires a valid name."""
GROUNDER = "fast-downward-reachability-grounder"
LABEL = "pyperplan bfs (damage as unit steps, grounded by fast-downward)"


@dataclass(frozen=True, slots=True)
class _Reply:
    """What the pipeline returns, before the budget is applied."""

    status: Status
    steps: tuple[PlanStep, ...] | None
    """A minimum-cost plan in our model's actions, when solved."""
    cost: int | None
    """The compiled plan's length, which is the plan's cost."""
    message: str
    timings: tuple[tuple[str, float], ...] = ()
    counts: tuple[tuple[str, int], ...] = ()


def _solve_here(level: Level) -> _Reply:
    clock = Stopwatch()
    timings = clock.timings
    strips = strips_problem(level_problem(level))
    clock.lap("model")
    with Compiler(name=GROUNDER) as grounder:
        grounded = grounder.compile(strips.problem, CompilationKind.GROUNDING)
    assert isinstance(grounded.problem, Problem)
    counts = (("operators", len(grounded.problem.actions)),)
    clock.lap("translate")
    require_support(UP_ENGINE, grounded.problem, "pyperplan")
    run = run_oneshot(grounded.problem, UP_ENGINE, SEARCH)
    clock.lap("search")
    if run.status is Status.UNSOLVABLE:
        return _Reply(Status.UNSOLVABLE, None, None, "no plan at any cost (breadth-first "
                      "search exhausted the reachable states)", tuple(timings), counts)
    if run.status is not Status.SOLVED:
        return _Reply(run.status, None, None, run.log_tail(), tuple(timings), counts)
    assert run.actions is not None
    originals = []
    for instance in run.actions:
        lifted = grounded.map_back_action_instance(instance)
        original = strips.map_back(lifted)
        if original is not None:  # paying damage is no key press
            originals.append(original)
    steps = plan_steps(tuple(originals))
    clock.lap("decode")
    return _Reply(Status.SOLVED, steps, len(run.actions), f"plan length {len(run.actions)}",
                  tuple(timings), counts)


def _reply(level: Level) -> _Reply:
    """`_solve_here`, with its failures as ERROR replies."""
    try:
        return _solve_here(level)
    except PlannerUnavailable as error:
        return _Reply(Status.ERROR, None, None, str(error))
    except MemoryError:
        raise  # the attempt's memory limit, reported as such by the attempt runner
    except Exception:  # noqa: BLE001 - pyperplan's own failures, reported with exit 3
        return _Reply(Status.ERROR, None, None, traceback.format_exc(limit=4))


def solve_with_pyperplan(level: Level, options: PlannerOptions) -> PlannerOutcome:
    reply = _reply(level)
    if reply.status is Status.SOLVED:
        assert reply.cost is not None
        if reply.cost > options.budget:
            # Breadth-first on unit steps: the plan is a cheapest one, so none fits.
            return PlannerOutcome(Status.UNSOLVABLE, LABEL, True,
                                  log_tail=f"the cheapest plan costs {reply.cost} > budget "
                                  f"{options.budget}", timings=reply.timings, counts=reply.counts)
        return PlannerOutcome(Status.SOLVED, LABEL, True, steps=reply.steps, cost=reply.cost,
                              log_tail=reply.message, timings=reply.timings,
                              counts=reply.counts)
    return PlannerOutcome(reply.status, LABEL, reply.status is Status.UNSOLVABLE,
                          log_tail=reply.message, timings=reply.timings, counts=reply.counts)
