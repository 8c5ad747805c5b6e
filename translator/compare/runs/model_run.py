"""Plans of a compared model: Fast Downward on its planning view, replayed in its exact view;
exhaustive search and plan acceptance in the exact view, for small levels."""

from __future__ import annotations

from dataclasses import dataclass

from strips_model.moves import Direction
from translator.compare.models.protocols import LevelModel
from translator.compare.runs.grounding_budget import check_grounding
from translator.ground.ground_action import GroundAction
from translator.model.level_facts import Atom
from translator.planners.best_first import SearchResult, best_first_search
from translator.planners.fd_search import plan_pddl
from translator.planners.grounded_plan import plan_grounded
from translator.planners.outcome import Status
from translator.runtime.processes import NO_LIMITS, Limits


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
    """Operators of the task Fast Downward searched, after the translation (relaxed
    reachability and its pruning; grounded_plan.py)."""
    replay_failure: str | None
    """Why the plan does not replay in the exact view, if it does not."""
    log_tail: str
    refused: str | None = None
    """What Fast Downward refused in the task written for the model (fd_search.py
    `PddlPlan.refused`): a fault of that writing, never of the model."""


def solve_model(model: LevelModel, limits: Limits = NO_LIMITS) -> ModelRun:
    """Fast Downward on the model's planning view, as the planners run it (our grounding and
    translation, translator/planners/grounded_plan.py, else Fast Downward's translator on its
    PDDL text, fd_search.py), within `limits.seconds`, in this process: the compare
    stage calls it in the child that bounds the level's whole attempt
    (level_comparison.py), whose limits end it. A planning view whose grounding passes the
    budget is refused before it starts (grounding_budget.py: `GroundingOverBudget`)."""
    # `model.search` is blind A* under the bound (report_model.py), measured against the other
    # optimal searches on the seeds, samples, ours and mutants, classic levels 1-9 (search
    # CPU s): on seed 001's level 7 (15,606 operators) blind 12.4 (660k states expanded),
    # hmax 56.4 (138k); its level 5, blind 5.2, hmax 2.0, ipdb 5.7 (as many states as blind),
    # lmcut over 9.7; cegar spends 1-10 s building itself even on level 1; stubborn sets took
    # 34 s for 1,728 states. A node of blind search costs least, and a wrong model's large
    # space is where the others pay for their own at every node; no size rule picks better.
    check_grounding(model)
    task = model.planning_task()
    planned = (None if task is None else plan_grounded(*task, model.search, limits.seconds)) \
        or plan_pddl(*model.pddl_texts(), model.search, limits.seconds)
    if planned.steps is None:
        return ModelRun(planned.status, None, None, None, planned.seconds, planned.operators,
                        None, planned.log_tail, planned.refused)
    decoded = [step for step in map(model.decode, planned.steps) if step is not None]
    steps, failure = replay_decoded(model, decoded)
    directions = tuple(d for d in map(model.direction, steps) if d is not None)
    return ModelRun(Status.SOLVED, tuple(steps), directions, sum(s.cost for s in steps),
                    planned.seconds, planned.operators, failure, planned.log_tail)


def replay_decoded(model: LevelModel, decoded: list[tuple[str, dict[str, str]]]
                   ) -> tuple[list[GroundAction], str | None]:
    """The exact ground actions of a planner's plan, as far as they apply in order."""
    atoms = model.initial()
    steps: list[GroundAction] = []
    forced: list[str] = []
    for index, (schema, binding) in enumerate(decoded, start=1):
        if forced and forced[0] == schema:  # taken already, with the key press forcing it
            del forced[0]
            continue
        match = next((action for action in sorted(model.applicable(atoms), key=_order)
                      if action.schema == schema
                      and all(binding.get(variable, value) == value
                              for variable, value in action.binding)), None)
        if match is None:
            shown = ", ".join(f"{k}={v}" for k, v in binding.items())
            return steps, (f"action {index}, {schema}({shown}), does not apply in the model "
                           "as written")
        steps.append(match)
        forced = list(match.then)
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


def accepts(model: LevelModel, directions: tuple[Direction, ...], limit: int,
            most: int | None = None) -> bool | None:
    """Whether some sequence of the model's actions, one per key press, spends at most
    `limit` and ends in a goal state (the model's own reading of a plan). With `most`, None
    once more than that many states are reached after one key press: the game reaches one, and
    a model that branches so (a repair's candidate that no longer binds its counter) would
    take minutes to follow through every branch."""
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
            if most is not None and len(following) > most:
                return None
        frontier = following
    return any(model.goal_holds(state) for state in frontier)
