"""Plans of a compared model: Fast Downward on its planning view, replayed in its exact view;
exhaustive search and plan acceptance in the exact view, for small levels."""

from __future__ import annotations

import heapq
import itertools
import os
import re
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from translator.compare.models import LevelModel
from translator.encode.grounding import GroundAction
from translator.encode.level_facts import Atom
from translator.planners.oneshot import run_oneshot
from translator.planners.outcome import Status

ENGINE = "fast-downward"
_OPERATORS = re.compile(r"^Translator operators: (\d+)", re.M)


@dataclass(frozen=True, slots=True)
class ModelRun:
    status: Status
    steps: tuple[GroundAction, ...] | None
    """The plan as ground actions of the exact view (bookkeeping actions left out)."""
    directions: tuple[str, ...] | None
    cost: int | None
    """What the model itself charges for its plan."""
    seconds: float
    ground_actions: int | None
    """Operators after Fast Downward's translation (its relaxed reachability)."""
    replay_failure: str | None
    """Why the plan does not replay in the exact view, if it does not."""
    log_tail: str


@contextmanager
def _own_working_directory() -> Iterator[None]:
    """Fast Downward's driver writes `output.sas` into the current directory: each run gets
    a directory of its own, so runs in parallel processes cannot overwrite each other's."""
    previous = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="helltaker-fd-") as scratch:
        os.chdir(scratch)
        try:
            yield
        finally:
            os.chdir(previous)


def solve_model(model: LevelModel, timeout: float | None = None) -> ModelRun:
    started = time.perf_counter()
    problem = model.problem()
    with _own_working_directory():
        run = run_oneshot(problem, ENGINE, {"fast_downward_search_config": model.search},
                          timeout)
    seconds = time.perf_counter() - started
    match = _OPERATORS.search(run.log)
    operators = int(match.group(1)) if match else None
    if run.status is not Status.SOLVED or run.actions is None:
        tail = run.log_tail() if run.status is not Status.ERROR else \
            f"unified-planning status {run.up_status}\n{run.log_tail()}"
        return ModelRun(run.status, None, None, None, seconds, operators, None, tail)
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


@dataclass(frozen=True, slots=True)
class ExactResult:
    steps: tuple[GroundAction, ...] | None
    """A cheapest plan of the exact view within the limit, or None when there is none."""
    cost: int | None
    expanded: int


def search_exact(model: LevelModel, limit: int) -> ExactResult:
    """Cheapest plan of the model as written, by Dijkstra over its ground states: a proof of
    "no plan" when the queue runs out. Meant for the small levels of the coverage check."""
    start = model.initial()
    if model.goal_holds(start):
        return ExactResult((), 0, 0)
    best: dict[frozenset[Atom], int] = {start: 0}
    parent: dict[frozenset[Atom], tuple[frozenset[Atom], GroundAction]] = {}
    tie = itertools.count()
    queue: list[tuple[int, int, frozenset[Atom]]] = [(0, next(tie), start)]
    expanded = 0
    while queue:
        cost, _, state = heapq.heappop(queue)
        if cost > best[state]:
            continue
        if model.goal_holds(state):
            plan: list[GroundAction] = []
            while state in parent:
                state, action = parent[state]
                plan.append(action)
            return ExactResult(tuple(reversed(plan)), cost, expanded)
        expanded += 1
        for action in sorted(model.applicable(state), key=_order):
            successor, new_cost = action.apply(state), cost + action.cost
            if new_cost <= limit and new_cost < best.get(successor, limit + 1):
                best[successor] = new_cost
                parent[successor] = (state, action)
                heapq.heappush(queue, (new_cost, next(tie), successor))
    return ExactResult(None, None, expanded)


def accepts(model: LevelModel, directions: tuple[str, ...], limit: int) -> bool:
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
