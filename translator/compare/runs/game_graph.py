"""The game's side of the comparison on every state (state_space.py), kept per level.

What the game does in a state (whether it is won, what the player sees, and for each key press
the outcome, what the player then sees and what changed) depends on the level alone, not on
the model compared. A repair verifies each fix it finds on every state of the same levels
(repair/every_state.py), and a comparison judges each level once per model: so each state's
side of the game is worked out once per process and read back after (about a third of the
comparison's time, 0.5-0.9 s a level of 5,000 states). Exploring a class's levels ahead in its
parent, for the forked workers to inherit, was measured and not kept: forking the larger
parent cost more system time than the workers saved (six models on nine levels: +9 s of
system time, -2 to -7 s of user time, +200 MB).
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Final

from strips_model.level import Level, State
from strips_model.moves import Direction
from strips_model.simulator import Move, NotAnAction, is_goal, step
from translator.compare.models.observation import Observation, observe_game

Changes = tuple[tuple[str, object], ...]
"""What a key press changes on the board, part by part: ("+", fact) added, ("-", fact)
removed."""


@dataclass(frozen=True, slots=True)
class GamePress:
    """A key press in a state, as the game plays it."""

    direction: Direction
    outcome: Move | NotAnAction
    after: Observation | None
    """What the player sees after it (None: it is no action)."""
    changed: int
    """How many facts it changes on the board (`changed` lists them: only a model that
    departs from the game needs them listed)."""


@dataclass(frozen=True, slots=True)
class GameState:
    """A state as the game shows it, and every key press in it (none once it is won)."""

    won: bool
    seen: Observation
    presses: tuple[GamePress, ...]


def change_count(before: Observation, after: Observation) -> int:
    """`len(changed(before, after))`, without listing them."""
    return (len(before.hero ^ after.hero) + len(before.boulders ^ after.boulders)
            + len(before.skeletons ^ after.skeletons) + (before.key_taken != after.key_taken)
            + (before.lock_open != after.lock_open)
            + len(before.raised_traps ^ after.raised_traps))


def changed(before: Observation, after: Observation) -> Changes:
    """What a key press changes on the board, part by part: facts added, facts removed."""
    if before == after:
        return ()
    changes: list[tuple[str, object]] = []
    for (name, old), (_, new) in zip(before.parts(), after.parts(), strict=True):
        if old == new:
            continue
        if isinstance(old, bool) or isinstance(new, bool):
            changes.append(("+" if new else "-", name))
        else:
            changes.extend(("+", (name, cell)) for cell in new - old)
            changes.extend(("-", (name, cell)) for cell in old - new)
    return tuple(changes)


class GameGraph:
    """The game's states of one level, each worked out when first asked for."""

    def __init__(self, level: Level) -> None:
        self.level = level
        self._states: dict[State, GameState] = {}
        # A state is seen once as the outcome of each key press that reaches it and once as
        # itself: each observation is kept by state.
        self._seen: dict[State, Observation] = {}

    def __len__(self) -> int:
        return len(self._states)

    def state(self, state: State) -> GameState:
        known = self._states.get(state)
        if known is None:
            known = self._states[state] = self._played(state)
        return known

    def explored(self, bound: int | None = None, budget: int | None = None
                 ) -> dict[State, int]:
        """The states the game reaches within `budget` (the level's by default), each at its
        least cost, explored cheapest first, won states not expanded, at most `bound` of them
        (the comparison's order: an agreeing model is then compared on exactly the states
        kept here)."""
        limit = self.level.budget if budget is None else budget
        best: dict[State, int] = {self.level.start: 0}
        queue: list[tuple[int, int, State]] = [(0, 0, self.level.start)]
        pushed = expanded = 0
        while queue and (bound is None or expanded < bound):
            spent, _, state = heapq.heappop(queue)
            if best[state] < spent:
                continue
            expanded += 1
            for press in self.state(state).presses:
                if not isinstance(press.outcome, Move):
                    continue
                total = spent + press.outcome.cost
                if total <= limit and total < best.get(press.outcome.state, total + 1):
                    best[press.outcome.state] = total
                    pushed += 1
                    heapq.heappush(queue, (total, pushed, press.outcome.state))
        return best

    def _played(self, state: State) -> GameState:
        level = self.level
        seen = self._observed(state)
        if is_goal(level, state):
            return GameState(True, seen, ())
        presses = []
        for direction in Direction:
            outcome = step(level, state, direction)
            after = self._observed(outcome.state) if isinstance(outcome, Move) else None
            presses.append(GamePress(direction, outcome, after,
                                     change_count(seen, after) if after is not None else 0))
        return GameState(False, seen, tuple(presses))

    def _observed(self, state: State) -> Observation:
        seen = self._seen.get(state)
        if seen is None:
            seen = self._seen[state] = observe_game(self.level, state)
        return seen


KEPT_STATES: Final = 60_000
"""The game's states kept in all, over the levels (a dozen levels at the comparison's bound,
some 100 MB at most): past it the levels least recently asked for are dropped."""
_GRAPHS: dict[int, GameGraph] = {}


def game_graph(level: Level) -> GameGraph:
    """The level's graph, kept by the level's identity (the graph keeps the level, so the
    identity is not reused): the same level object is compared again and again, and hashing a
    level's cells each time would cost more than it saves."""
    graph = _GRAPHS.pop(id(level), None)
    if graph is None:
        graph = GameGraph(level)
    _GRAPHS[id(level)] = graph  # the most recently asked for last
    while sum(map(len, _GRAPHS.values())) > KEPT_STATES and len(_GRAPHS) > 1:
        del _GRAPHS[next(iter(_GRAPHS))]
    return graph

