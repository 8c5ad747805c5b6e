"""pyperplan through unified-planning, on a compiled variant of our problem.

pyperplan takes plain STRIPS without action costs, so the problem is compiled first
(`translator.encode.strips_compile`): damage becomes explicit `endure_damage_1` steps, which makes
every action cost 1 and a plan's length equal to its cost, and negative preconditions become
complementary fluents. Breadth-first search then returns a shortest plan, that is a plan of
minimum cost. If that minimum exceeds the budget, no plan fits: the level is reported
unsolvable within its budget, exactly as an exhausted bounded search would be (pyperplan has
no cost bound, so it searches on to the optimum instead of stopping at the budget).

pyperplan grounds lifted actions by enumerating every combination of objects, which is
hopeless for our 7- to 10-parameter schemas beyond a handful of cells, so the compiled problem
is grounded first by Fast Downward's reachability grounder (a unified-planning compiler).

pyperplan runs inside our process and ignores timeouts, so the whole pipeline runs in a child
process that is stopped when the timeout expires.
"""

from __future__ import annotations

import multiprocessing
import time
import traceback
from dataclasses import dataclass
from multiprocessing.connection import Connection

from strips_model.level import Level
from translator.planners.packages import PlannerUnavailable, require_support
from translator.planners.outcome import PlannerOutcome, Status
from translator.planners.registry import PlannerOptions

ENGINE = "pyperplan"
SEARCH = {"search": "bfs", "heuristic": "blind"}
"""Breadth-first search; pyperplan ignores the heuristic for it but requires a valid name."""
GROUNDER = "fast-downward-reachability-grounder"
LABEL = "pyperplan bfs (damage as unit steps, grounded by fast-downward)"

Timings = tuple[tuple[str, float], ...]


@dataclass(frozen=True, slots=True)
class Reply:
    """What the child process sends back."""

    status: Status
    directions: tuple[str, ...] | None
    """A minimum-cost plan's key presses, when solved."""
    message: str
    timings: Timings = ()
    counts: tuple[tuple[str, int], ...] = ()


def _solve_here(level: Level) -> Reply:
    from unified_planning.engines import CompilationKind
    from unified_planning.model import Problem
    from unified_planning.shortcuts import Compiler

    from translator.planners.fd_oneshot import helltaker_parts
    from translator.encode.level_facts import level_facts
    from translator.planners.oneshot import run_oneshot
    from translator.decode.key_presses import directions_of
    from translator.encode.strips_compile import strips_problem
    from translator.encode.up_problem import build_problem

    timings: list[tuple[str, float]] = []
    mark = time.perf_counter()

    def lap(phase: str) -> None:
        nonlocal mark
        now = time.perf_counter()
        timings.append((phase, now - mark))
        mark = now

    strips = strips_problem(build_problem(helltaker_parts(), level_facts(level), level.name))
    lap("model")
    with Compiler(name=GROUNDER) as grounder:
        grounded = grounder.compile(strips.problem, CompilationKind.GROUNDING)
    assert isinstance(grounded.problem, Problem)
    counts = (("operators", len(grounded.problem.actions)),)
    lap("translate")
    require_support(ENGINE, grounded.problem, "pyperplan")
    run = run_oneshot(grounded.problem, ENGINE, SEARCH)
    lap("search")
    if run.up_status == "UNSOLVABLE_INCOMPLETELY":
        # up-pyperplan 1.1 calls every failed search incomplete (it compares the search
        # function with search names); breadth-first search fails only once it has
        # expanded every reachable state, so nothing reaches the goal at any cost.
        return Reply(Status.UNSOLVABLE, None, "no plan at any cost (breadth-first search "
                     "exhausted the reachable states)", tuple(timings), counts)
    if run.status is not Status.SOLVED:
        return Reply(run.status, None, f"unified-planning status {run.up_status}\n"
                     f"{run.log_tail()}", tuple(timings), counts)
    assert run.actions is not None
    originals = []
    for instance in run.actions:
        lifted = grounded.map_back_action_instance(instance)  # type: ignore[misc]
        original = strips.map_back(lifted)
        if original is not None:  # paying damage is no key press
            originals.append(original)
    directions = directions_of(originals)
    lap("decode")
    return Reply(Status.SOLVED, directions, f"plan length {len(run.actions)}", tuple(timings),
                 counts)


def _child(level: Level, connection: Connection) -> None:
    try:
        reply = _solve_here(level)
    except PlannerUnavailable as error:
        reply = Reply(Status.ERROR, None, str(error))
    except Exception:  # noqa: BLE001 - reported to the parent, which exits 3 with it
        reply = Reply(Status.ERROR, None, traceback.format_exc(limit=4))
    connection.send(reply)
    connection.close()


def _run_in_child(level: Level, timeout: float | None) -> Reply:
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    receiver, sender = context.Pipe(duplex=False)
    process = context.Process(target=_child, args=(level, sender))
    process.start()
    sender.close()
    try:
        if receiver.poll(timeout):
            try:
                return receiver.recv()  # type: ignore[no-any-return]
            except EOFError:
                pass  # the child died without replying
        else:
            return Reply(Status.TIMEOUT, None, f"pyperplan stopped after {timeout} s")
    finally:
        receiver.close()
        if process.is_alive():
            process.kill()
        process.join()
    return Reply(Status.ERROR, None, f"pyperplan's process ended with exit code "
                 f"{process.exitcode}")


def solve_with_pyperplan(level: Level, options: PlannerOptions) -> PlannerOutcome:
    reply = _run_in_child(level, options.timeout)
    if reply.status is Status.SOLVED:
        assert reply.directions is not None
        cost = _replayed_cost(level, reply.directions)
        if cost is not None and cost > options.budget:
            # Breadth-first on unit steps: the plan is a cheapest one, so none fits.
            return PlannerOutcome(Status.UNSOLVABLE, None, None, LABEL, True,
                                  f"the cheapest plan costs {cost} > budget {options.budget}",
                                  reply.timings, reply.counts)
        return PlannerOutcome(Status.SOLVED, reply.directions, cost, LABEL, True, reply.message,
                              reply.timings, reply.counts)
    return PlannerOutcome(reply.status, None, None, LABEL, reply.status is Status.UNSOLVABLE,
                          reply.message, reply.timings, reply.counts)


def _replayed_cost(level: Level, directions: tuple[str, ...]) -> int | None:
    """The plan's cost under the rules; None when it is no valid plan at any budget, which
    the CLI then reports as an invalid plan."""
    from strips_model.validator import validate

    verdict = validate(level.with_budget(10**9), directions)
    return verdict.cost if verdict.valid else None

