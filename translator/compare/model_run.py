"""Plans of a compared model: Fast Downward on its planning view, replayed in its exact view;
exhaustive search and plan acceptance in the exact view, for small levels."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass

from strips_model.moves import Direction
from translator.compare.models import LevelModel
from translator.ground.exact_semantics import GroundAction
from translator.model.level_facts import Atom
from translator.planners.best_first import SearchResult, best_first_search
from translator.planners.oneshot import run_oneshot
from translator.planners.outcome import Status, status_of_failure
from translator.runtime.processes import NO_LIMITS, Limits, WorkerFailed, run_in_child

ENGINE = "fast-downward"
_OPERATORS = re.compile(r"^Translator operators: (\d+)", re.M)


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
    model, timeout = attempt.model, attempt.timeout
    started = time.perf_counter()
    problem = model.problem()
    run = run_oneshot(problem, ENGINE, {"fast_downward_search_config": model.search}, timeout)
    seconds = time.perf_counter() - started
    match = _OPERATORS.search(run.log)
    operators = int(match.group(1)) if match else None
    if run.status is not Status.SOLVED or run.actions is None:
        return ModelRun(run.status, None, None, None, seconds, operators, None, run.log_tail())
    decoded = [step for step in map(model.decode, run.actions) if step is not None]
    steps, failure = replay_decoded(model, decoded)
    directions = tuple(d for d in map(model.direction, steps) if d is not None)
    return ModelRun(Status.SOLVED, tuple(steps), directions, sum(s.cost for s in steps),
                    seconds, operators, failure, run.log_tail())


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
