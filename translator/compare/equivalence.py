"""Does a schema file say what the simulator does? Compared state by state.

In each given state, the ground actions applicable under the schemas must correspond one
to one to the key presses the simulator accepts (none once the goal holds, R-G2), with the
same successor state and the same cost.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from strips_model.level import Level, State
from strips_model.moves import Direction
from strips_model.schema import Domain
from strips_model.simulator import Move, is_goal, step
from translator.ground.exact_semantics import Grounder
from translator.model.level_facts import level_facts, state_atoms


@dataclass(frozen=True, slots=True)
class Mismatch:
    state: State
    direction: Direction | None
    problem: str

    def __str__(self) -> str:
        where = f"key '{self.direction}'" if self.direction else "state"
        return f"{where} in {self.state}: {self.problem}"


def sample_states(level: Level, count: int, seed: int, walk_length: int = 40) -> list[State]:
    """`count` distinct states reached by seeded random walks of legal key presses, or every
    reachable state when there are no more than `count` (then the check is exhaustive)."""
    everything = _reachable(level, limit=count + 1)
    if len(everything) <= count:
        return everything
    rng = random.Random(seed)
    seen: dict[State, None] = {level.start: None}
    attempts = 0
    while len(seen) < count and attempts < count * 4:
        attempts += 1
        state = level.start
        for _ in range(rng.randrange(1, walk_length + 1)):
            moves = _successors(level, state)
            if not moves:
                break
            state = rng.choice(moves)
            seen.setdefault(state, None)
            if len(seen) >= count:
                break
    return list(seen)


def _successors(level: Level, state: State) -> list[State]:
    if is_goal(level, state):
        return []  # the level is over (R-G2)
    return [m.state for d in Direction if isinstance(m := step(level, state, d), Move)]


def _reachable(level: Level, limit: int) -> list[State]:
    seen: dict[State, None] = {level.start: None}
    frontier = [level.start]
    while frontier and len(seen) < limit:
        successors = [s for state in frontier for s in _successors(level, state) if s not in seen]
        frontier = list(dict.fromkeys(successors))
        seen.update(dict.fromkeys(frontier))
    return list(seen)[:limit]


def compare(domain: Domain, level: Level, states: list[State]) -> list[Mismatch]:
    grounder = Grounder(domain, level_facts(level))
    mismatches: list[Mismatch] = []
    for state in states:
        atoms = state_atoms(level, state)
        model: dict[Direction, list[tuple[str, frozenset[tuple[str, ...]], int]]] = {}
        for action in grounder.applicable(atoms):
            direction = next((direction for _, value in action.binding
                              if (direction := Direction.of_pddl_name(value)) is not None), None)
            if direction is None:
                mismatches.append(Mismatch(state, None, f"{action.schema} has no direction"))
                continue
            model.setdefault(direction, []).append(
                (action.schema, action.apply(atoms), action.cost))
        game: dict[Direction, Move] = {}
        if not is_goal(level, state):
            game = {d: m for d in Direction if isinstance(m := step(level, state, d), Move)}
        for direction in Direction:
            found = model.get(direction, [])
            if direction not in game:
                if found:
                    mismatches.append(Mismatch(state, direction, "the game has no action but "
                                      f"the model applies {[f[0] for f in found]}"))
                continue
            if len(found) != 1:
                mismatches.append(Mismatch(state, direction, f"the game has one action, the "
                                  f"model {len(found)}: {[f[0] for f in found]}"))
                continue
            schema, successor, cost = found[0]
            move = game[direction]
            expected = state_atoms(level, move.state)
            if successor != expected:
                extra = sorted(successor - expected)
                missing = sorted(expected - successor)
                mismatches.append(Mismatch(state, direction, f"{schema} gives a different "
                                  f"state: extra {extra}, missing {missing}"))
            if cost != move.cost:
                mismatches.append(Mismatch(state, direction,
                                           f"{schema} costs {cost}, the game {move.cost}"))
    return mismatches
