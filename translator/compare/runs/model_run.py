"""Plans of a compared model: Fast Downward on its planning view, replayed in its exact view;
exhaustive search and plan acceptance in the exact view, for small levels."""

from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass

from fast_downward.translate.pddl_parser import ParseError

from strips_model.ground_plan import PlanStep
from strips_model.moves import Direction
from translator.compare.models.compared import LevelModel
from translator.ground.exact_semantics import GroundAction
from translator.ground.fd_translate import translate
from translator.model.level_facts import Atom
from translator.planners.best_first import SearchResult, best_first_search
from translator.planners.exit_codes import FastDownwardExit, status_of_exit
from translator.planners.fast_downward import search_binary
from translator.planners.outcome import Status, log_tail, status_of_failure
from translator.planners.pddl_driver import PLAN_FILE, read_plan_file
from translator.runtime.commands import run_command
from translator.runtime.processes import NO_LIMITS, Limits, WorkerFailed, run_in_child
from translator.runtime.temporary_folders import temporary_folder

_OPERATORS = re.compile(r"^Translator operators: (\d+)", re.M)
_PROOF = "Completely explored state space"
"""What Fast Downward prints when a complete search under the bound found no plan, whatever
its exit code."""


@dataclass(frozen=True, slots=True)
class ModelRun:
    status: Status
    steps: tuple[GroundAction, ...] | None
    """The plan as ground actions of the exact view (bookkeeping actions left out)."""
    directions: tuple[Direction, ...] | None
    cost: int | None
    """What the model itself charges for its plan."""
    seconds: float
    ground_actions: int | None
    """Operators after Fast Downward's translation (its relaxed reachability)."""
    replay_failure: str | None
    """Why the plan does not replay in the exact view, if it does not."""
    log_tail: str


def solve_model(model: LevelModel, limits: Limits = NO_LIMITS) -> ModelRun:
    """Fast Downward on the model, in a child process under `limits` like every planner
    attempt; a limit reached or a crash is the run's status."""
    started = time.perf_counter()
    try:
        return run_in_child("fast-downward on the compared model", _solve_here,
                            _ModelAttempt(model, limits.seconds), limits)
    except WorkerFailed as failure:
        return ModelRun(status_of_failure(failure), None, None, None,
                        time.perf_counter() - started, None, None, str(failure))


@dataclass(frozen=True, slots=True)
class _ModelAttempt:
    """What the child process of `solve_model` runs: Fast Downward on `model`."""

    model: LevelModel
    timeout: float | None
    """Seconds, for the planner's own time limit."""


def _solve_here(attempt: _ModelAttempt) -> ModelRun:
    model = attempt.model
    started = time.perf_counter()
    exit_code, log, written = _fast_downward(model, attempt.timeout)
    seconds = time.perf_counter() - started
    match = _OPERATORS.search(log)
    operators = int(match.group(1)) if match else None
    status = Status.TIMEOUT if exit_code is None else status_of_exit(exit_code)
    if status is Status.ERROR and _PROOF in log:
        status = Status.UNSOLVABLE
    if status is not Status.SOLVED or written is None:
        failed = status is Status.ERROR or (status is Status.SOLVED and written is None)
        return ModelRun(Status.ERROR if failed else status, None, None, None, seconds,
                        operators, None, f"exit code {exit_code}\n{log_tail(log)}"
                        if failed else log_tail(log))
    decoded = [step for step in map(model.decode, written) if step is not None]
    steps, failure = replay_decoded(model, decoded)
    directions = tuple(d for d in map(model.direction, steps) if d is not None)
    return ModelRun(Status.SOLVED, tuple(steps), directions, sum(s.cost for s in steps),
                    seconds, operators, failure, log_tail(log))


def _fast_downward(model: LevelModel, timeout: float | None
                   ) -> tuple[int | None, str, tuple[PlanStep, ...] | None]:
    """Fast Downward's translator, in this child, on the fast writer's PDDL text
    (translator/model/pddl_text.py), then its search binary: the task and the plan its driver
    gives through unified-planning, without the 4 s a level that building and writing
    unified-planning's problem cost, nor the driver's own Python start. Returns the exit code
    (None past `timeout`), the log and the plan written."""
    started = time.perf_counter()
    with temporary_folder("fd") as work:
        domain, problem, sas, plan = (os.path.join(work, name) for name in
                                      ("domain.pddl", "problem.pddl", "output.sas", PLAN_FILE))
        for path, text in zip((domain, problem), model.pddl_texts(), strict=True):
            with open(path, "w", encoding="utf-8") as stream:
                stream.write(text)
        try:
            log = translate(domain, problem, sas)
        except (ParseError, SystemExit) as error:
            # What the driver reports as exit 31 (an input error) or the translator's own exit.
            return FastDownwardExit.TRANSLATE_INPUT_ERROR, f"translator: {error}", None
        remaining = None if timeout is None else timeout - (time.perf_counter() - started)
        if remaining is not None and remaining <= 0:
            return None, log, None
        search = run_command([search_binary(), "--search", model.search,
                              "--internal-plan-file", plan], work, remaining, stdin_path=sas)
        written = read_plan_file(plan)[0] if search.exit_code == 0 and os.path.exists(plan) \
            else None
        return search.exit_code, log + search.output, written


def replay_decoded(model: LevelModel, decoded: list[tuple[str, dict[str, str]]]
                   ) -> tuple[list[GroundAction], str | None]:
    """The exact ground actions of a planner's plan, as far as they apply in order."""
    atoms = model.initial()
    steps: list[GroundAction] = []
    for index, (schema, binding) in enumerate(decoded, start=1):
        match = next((action for action in sorted(model.applicable(atoms), key=_order)
                      if action.schema == schema
                      and all(binding.get(variable, value) == value
                              for variable, value in action.binding)), None)
        if match is None:
            shown = ", ".join(f"{k}={v}" for k, v in binding.items())
            return steps, (f"action {index}, {schema}({shown}), does not apply in the model "
                           "as written")
        steps.append(match)
        atoms = match.apply(atoms)
    if not model.goal_holds(atoms):
        return steps, "the plan does not reach the goal in the model as written"
    return steps, None


def _order(action: GroundAction) -> tuple[str, tuple[tuple[str, str], ...]]:
    """Ground actions come in the order of hashed sets; this order is the same every run."""
    return action.schema, action.binding


def search_exact(model: LevelModel, limit: int) -> SearchResult[GroundAction]:
    """Cheapest plan of the model as written within `limit`, by Dijkstra over its ground
    states: a proof of "no plan" when the queue runs out. Meant for the small levels of the
    coverage check."""

    def successors(state: frozenset[Atom]) -> list[tuple[GroundAction, frozenset[Atom], int]]:
        return [(action, action.apply(state), action.cost)
                for action in sorted(model.applicable(state), key=_order)]

    return best_first_search(model.initial(), successors, model.goal_holds, limit)


def accepts(model: LevelModel, directions: tuple[Direction, ...], limit: int) -> bool:
    """Whether some sequence of the model's actions, one per key press, spends at most
    `limit` and ends in a goal state (the model's own reading of a plan)."""
    frontier: dict[frozenset[Atom], int] = {model.initial(): 0}
    for direction in directions:
        following: dict[frozenset[Atom], int] = {}
        for state, spent in frontier.items():
            for action in model.applicable(state):
                if model.direction(action) != direction or spent + action.cost > limit:
                    continue
                successor = action.apply(state)
                following[successor] = min(following.get(successor, limit + 1),
                                           spent + action.cost)
        frontier = following
    return any(model.goal_holds(state) for state in frontier)
