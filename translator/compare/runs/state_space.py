"""A model compared with the game on every state the game can reach within the budget.

The game's states (hero, boulders, skeletons, key, lock, trap parity) are explored in order of
cost from the start, each kept at its cheapest cost, won states not expanded: 4,096 on classic
level 1. In each, every key press the budget still allows is judged as a plan's key presses are
(divergence.py `judge_press`): the model must have an action for it exactly when the game
moves, doing what the game does at the game's cost, and only such an action; and the model's
goal must hold exactly where the game is won; a model that counts its moves must hold one
value of its counter after each (counter_count.py). The model is carried along the cheapest key
presses to each state (its counter, its own bookkeeping included), so the first state where
the two differ comes with the shortest counterexample, in cost then in key presses.

Past `bound` states the claim is qualified (`StateCheck.claim`). The counts of what was
judged give the field's measures of an action model (as AMLGym names them): applicability
precision and recall over the key presses, and effect precision and recall over what each
key press changes on the board.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import Final

from strips_model.level import State
from strips_model.moves import Direction
from strips_model.simulator import Move
from translator.compare.models.observation import Observation
from translator.compare.models.protocols import LevelModel
from translator.compare.runs.counter_count import (
    Counter,
    counter_divergence,
    counter_of,
    miscounted,
)
from translator.compare.runs.divergence import (
    Divergence,
    by_direction,
    goal_divergence,
    judge_press,
)
from translator.compare.runs.game_graph import GameGraph, changed, game_graph
from translator.compare.runs.state_bound import STATES
from translator.ground.exact_semantics import asking_many_states
from translator.model.level_facts import Atom
from translator.runtime.collector import collector_paused

MANY_STATES: Final = 150
"""States compared before the model's grounder is told that thousands may follow."""


@dataclass(frozen=True, slots=True)
class Tally:
    """Predictions counted against the game: right, extra (the model's alone), missed."""

    right: int = 0
    extra: int = 0
    missed: int = 0

    def __add__(self, other: Tally) -> Tally:
        return Tally(self.right + other.right, self.extra + other.extra,
                     self.missed + other.missed)

    @property
    def precision(self) -> float | None:
        said = self.right + self.extra
        return self.right / said if said else None

    @property
    def recall(self) -> float | None:
        due = self.right + self.missed
        return self.right / due if due else None


@dataclass(frozen=True, slots=True)
class StateCheck:
    """What the comparison on every reachable state found on one level."""

    states_compared: int
    complete: bool
    """Every state reachable within the budget was compared (else `bound` stopped it)."""
    bound: int
    counterexample: str | None
    """The key presses (`udlr`) from the start to the first difference, when there is one."""
    divergence: Divergence | None
    """That difference: the state, what the game and the model do, the schema at fault."""
    applicability: Tally = field(default_factory=Tally)
    effects: Tally = field(default_factory=Tally)

    @property
    def where(self) -> str:
        """How a report names the counterexample, before the divergence it leads to."""
        return f"on the key presses '{self.counterexample}' (the shortest that shows it)"

    @property
    def claim(self) -> str:
        """What the comparison shows, in one sentence with its bound."""
        if self.divergence is not None:
            shown = f"'{self.counterexample}'" if self.counterexample else "the start"
            return f"differs after {shown}: {self.divergence}"
        if self.complete:
            return f"equal on all {self.states_compared:,} states reachable within the budget"
        return (f"equal on the first {self.states_compared:,} states in order of cost (more "
                f"are reachable within the budget; the bound is {self.bound:,})")

    def as_json(self) -> dict[str, object]:
        def share(value: float | None) -> float | None:
            return None if value is None else round(value, 4)

        return {"states_compared": self.states_compared, "complete": self.complete,
                "bound": self.bound, "counterexample": self.counterexample,
                "claim": self.claim,
                "applicability_precision": share(self.applicability.precision),
                "applicability_recall": share(self.applicability.recall),
                "effect_precision": share(self.effects.precision),
                "effect_recall": share(self.effects.recall)}


def _count_effects(counts: list[int], game: Sequence[tuple[str, object]],
                   model: Sequence[tuple[str, object]]) -> None:
    theirs, due = set(model), set(game)
    counts[0] += len(due & theirs)
    counts[1] += len(theirs - due)
    counts[2] += len(due - theirs)


@dataclass(slots=True)
class _Search:
    """The exploration's bookkeeping: how each state was first reached, the counts."""

    model: LevelModel
    bound: int
    counter: Counter | None
    """The model's counter, judged after every key press (None: it has none)."""
    game: GameGraph
    why: bool = True
    """Whether a key press the model has no action for is told with the schema to blame."""
    reached: dict[State, tuple[State | None, Direction | None, int]] = field(default_factory=dict)
    """State -> (the state before, the key press, presses from the start)."""
    divergence: Divergence | None = None
    at: State | None = None
    # Counted in place, right, extra and missed (`Tally` at the end): four key presses a
    # state, thousands of states.
    applicability: list[int] = field(default_factory=lambda: [0, 0, 0])
    effects: list[int] = field(default_factory=lambda: [0, 0, 0])

    def found(self, divergence: Divergence | None, state: State) -> None:
        if divergence is not None and self.divergence is None:
            self.divergence, self.at = divergence, state

    def presses(self, state: State, last: Direction | None) -> str:
        letters = [] if last is None else [str(last)]
        parent, direction, _ = self.reached[state]
        while parent is not None and direction is not None:
            letters.append(str(direction))
            parent, direction, _ = self.reached[parent]
        return "".join(reversed(letters))


def compare_states(model: LevelModel, bound: int = STATES, why: bool = True) -> StateCheck:
    """The model against the game on the level's reachable states, the cheapest first, at most
    `bound` of them (the module doc). With `why` False, a first divergence where the model has
    no action does not name the schema to blame (divergence.py `judge_press`)."""
    # Thousands of states: the model's grounder indexes its reachable actions early, once the
    # comparison has passed `MANY_STATES` of them. A generated board (100 states at most), a
    # small probe, or a model that differs at once never pays for that index (a forked
    # grounding of 0.5 to 0.9 s for a model of 288 schemas, where joining its states costs
    # milliseconds each).
    with ExitStack() as many, collector_paused():
        return _compared(model, bound, why, lambda: many.enter_context(asking_many_states()))


def _compared(model: LevelModel, bound: int, why: bool, many: Callable[[], None]
              ) -> StateCheck:
    level = model.level
    search = _Search(model, bound, counter_of(model), game_graph(level), why)
    search.reached[level.start] = (None, None, 0)
    start = model.initial()
    # A level the game takes past `MANY_STATES` states gets the index at once: its first
    # states would otherwise be joined one by one, at milliseconds each, before it comes.
    many_ahead = len(search.game.explored(MANY_STATES)) >= MANY_STATES
    if many_ahead:
        many()
    # Costs are 1 or 2: a queue per cost, each first in first out, orders by cost exactly.
    queues: dict[int, deque[_Entry]] = {0: deque([(level.start, start, model.observe(start))])}
    best: dict[State, int] = {level.start: 0}
    compared = 0
    while queues and compared < bound:
        spent = min(queues)
        queue = queues[spent]
        entry = queue.popleft()
        if not queue:
            del queues[spent]
        state = entry[0]
        if best[state] < spent:
            continue
        compared += 1
        if compared == MANY_STATES and not many_ahead:
            many()
        for cost, direction, following in _judge(search, entry, spent):
            successor, total = following[0], spent + cost
            if total < best.get(successor, total + 1):
                best[successor] = total
                search.reached[successor] = (state, direction, search.reached[state][2] + 1)
                queues.setdefault(total, deque()).append(following)
    complete = not any(best[entry[0]] == cost for cost, queue in queues.items()
                       for entry in queue)
    counterexample = None
    if search.divergence is not None and search.at is not None:
        counterexample = search.presses(search.at, search.divergence.direction)
    return StateCheck(compared, complete, bound, counterexample, search.divergence,
                      Tally(*search.applicability), Tally(*search.effects))


_Entry = tuple[State, frozenset[Atom], Observation]
"""A game state, the model's atoms there, and what the model shows in them."""


def _judge(search: _Search, entry: _Entry, spent: int
           ) -> list[tuple[int, Direction, _Entry]]:
    """Every key press in the entry's state judged and counted; the successors where the
    model does what the game does, to be explored."""
    model, level = search.model, search.model.level
    state, atoms, shown = entry
    letter = search.reached[state][2] + 1
    game = search.game.state(state)
    if game.won != model.goal_holds(atoms) and search.divergence is None:
        search.found(goal_divergence(model, letter, state, atoms), state)
    if game.won:
        return []
    options = by_direction(model, atoms)
    counter = search.counter
    counted = counter.values(atoms) if counter is not None else frozenset()
    successors = []
    for played in game.presses:
        direction, outcome, game_after = played.direction, played.outcome, played.after
        chosen = options.get(direction, [])
        if isinstance(outcome, Move) and spent + outcome.cost > level.budget:
            continue  # past the budget: the game ends there, and the model may either way
        moves = isinstance(outcome, Move)
        if chosen or moves:
            search.applicability[(0 if moves else 1) if chosen else 2] += 1
        press = judge_press(model, letter, state, atoms, direction, outcome, chosen,
                            tell=search.divergence is None, why=search.why, seen=game_after)
        search.found(press.fault or press.several, state)
        if counter is not None and isinstance(outcome, Move) and search.divergence is None \
                and (wrong := miscounted(counter, counted, press.agreeing)) is not None:
            search.found(counter_divergence(model, counter, letter, state, direction, outcome,
                                            spent + outcome.cost, *wrong, press.after), state)
        if not isinstance(outcome, Move) or press.after is None or game_after is None:
            continue
        # Where the model showed the game's board before and after, it changed the same facts.
        if (shown, press.after) == (game.seen, game_after):
            search.effects[0] += played.changed
        else:
            _count_effects(search.effects, changed(game.seen, game_after),
                           changed(shown, press.after))
        if press.agreeing:
            successors.append((outcome.cost, direction, (
                outcome.state, press.agreeing[0].apply(atoms), press.after)))
    return successors
