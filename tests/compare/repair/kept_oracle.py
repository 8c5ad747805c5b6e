"""A plain oracle of kept_agreement.py for its tests: the least cost of a state where a fixed
model loses an agreement of the model as written, found by a search written independently
(every action's outcome compared as a set with the game's), and the replay of a loss's key
presses in both models."""

from __future__ import annotations

import heapq

from strips_model.level import State
from strips_model.moves import Direction, parse_plan
from strips_model.simulator import Move, is_goal, step
from translator.compare.models.observation import observe_game
from translator.compare.models.protocols import LevelModel
from translator.compare.repair.kept_agreement import Lost
from translator.compare.runs.divergence import replay_directions
from translator.model.level_facts import Atom


def replays(written: LevelModel, fixed: LevelModel, lost: Lost) -> bool:
    """The key presses of `lost` are moves of the game the written model follows up to the
    last, where the fixed model does otherwise than the game (the goal aside)."""
    presses = parse_plan(lost.presses)
    if replay_directions(written, presses) != (None, None):
        return False
    fault, several = replay_directions(fixed, presses)
    shown = fault or several
    return shown is not None and shown.letter in (len(presses), len(presses) + 1)


Outcomes = dict[Direction | None, list[tuple[object, int, frozenset[Atom]]]]


def _outcomes(model: LevelModel, atoms: frozenset[Atom]) -> Outcomes:
    """What each of the model's actions shows and costs, and the atoms after, in name order,
    by the key press it stands for."""
    found: Outcomes = {}
    for action in sorted(model.applicable(atoms), key=lambda a: (a.schema, a.binding)):
        after = action.apply(atoms)
        found.setdefault(model.direction(action), []).append(
            (model.observe(after), action.cost, after))
    return found


def first_loss(written: LevelModel, fixed: LevelModel) -> int | None:
    """The least cost of a reachable state where the written model does as the game (a key
    press's outcomes as seen and their costs, or its goal) and the fixed one does not, None if
    none: both carried along the cheapest key presses both follow, by their first action in
    name order that does as the game."""
    level = written.level
    best: dict[State, int] = {level.start: 0}
    queue = [(0, 0, level.start, written.initial(), fixed.initial())]
    pushed = 0
    while queue:
        spent, _, state, ours, theirs = heapq.heappop(queue)
        if best[state] < spent:
            continue
        won = is_goal(level, state)
        if written.goal_holds(ours) == won != fixed.goal_holds(theirs):
            return spent
        if won:
            continue
        both = _outcomes(written, ours), _outcomes(fixed, theirs)
        for direction in Direction:
            move = step(level, state, direction)
            if isinstance(move, Move) and spent + move.cost > level.budget:
                continue
            game = {(observe_game(level, move.state), move.cost)} if isinstance(move, Move) \
                else set()
            before, after = (side.get(direction, []) for side in both)
            if {o[:2] for o in before} == game != {o[:2] for o in after}:
                return spent
            ours_after, theirs_after = (next((o[2] for o in side if o[:2] in game), None)
                                        for side in (before, after))
            if isinstance(move, Move) and ours_after is not None and theirs_after is not None \
                    and spent + move.cost < best.get(move.state, level.budget + 1):
                best[move.state] = spent + move.cost
                pushed += 1
                heapq.heappush(queue, (spent + move.cost, pushed, move.state, ours_after,
                                       theirs_after))
    return None
