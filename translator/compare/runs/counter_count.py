"""The model's counter judged after every key press: one value, as the game keeps one count of
the moves spent (RULES.md section 2).

A model that counts its moves (a `counter` in its vocabulary, down from the budget or up from
0) is stopped at the budget by that counter alone (R-G3, E13). A schema that adds the new value
and keeps the one it required (a dropped delete) leaves two values; a later action may then go
on from the one further from the end, and the model as written spends more than the budget.
Nothing else the comparison judges shows it: the model's costs are read off its schemas
(models/counter_steps.py), not off the values it holds, and a key press past the budget is
not judged (the game ends there). So the values are counted where the move is judged, within
the budget, on every state compared (state_space.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from strips_model.level import State
from strips_model.moves import Direction
from strips_model.simulator import Move, step
from strips_model.validator import event_text
from translator.compare.models.observation import Observation, observe_game
from translator.compare.models.protocols import LevelModel
from translator.compare.models.report_model import ReportLevelModel
from translator.compare.runs.divergence import (
    Divergence,
    by_direction,
    describe_state,
    judge_press,
)
from translator.ground.ground_action import GroundAction
from translator.model.level_facts import Atom


@dataclass(frozen=True, slots=True)
class Counter:
    """The counter of a model on one level: its predicate, and where it starts."""

    predicate: str
    start: str
    """Its one value in the model's initial state."""

    def values(self, atoms: frozenset[Atom]) -> frozenset[Atom]:
        return frozenset(atom for atom in atoms if atom[0] == self.predicate)


def counter_of(model: LevelModel) -> Counter | None:
    """The model's counter when it has one and starts with one value of it (a model without
    a counter is bounded by the budget as a cost, and has nothing to count)."""
    if not isinstance(model, ReportLevelModel):
        return None
    predicate = model.model.words.predicate("counter")
    if predicate is None:
        return None
    start = [atom for atom in model.initial() if atom[0] == predicate]
    return Counter(predicate, _value(start[0])) if len(start) == 1 else None


def miscounted(counter: Counter, before: frozenset[Atom], actions: tuple[GroundAction, ...]
               ) -> tuple[GroundAction, frozenset[Atom]] | None:
    """The first of `actions` (each applied to the counter's values `before`) after which the
    counter holds other than one value, with the values it holds."""
    for action in actions:
        after = counter.values(action.apply(before))
        if len(after) != 1:
            return action, after
    return None


def miscount_along(model: LevelModel, counter: Counter, directions: Sequence[Direction]
                   ) -> Divergence | None:
    """The first key press of a plan of the game, followed by the model, after which an
    action the model allows for it leaves its `counter` (`counter_of`) with other than one
    value (None when the model departs from the plan first: that is `replay_directions`' to
    tell). The repair's evidence replays plans (repair/verify.py), and a plan is within the
    budget: each of its key presses is judged."""
    level = model.level
    state, atoms, spent = level.start, model.initial(), 0
    for letter, direction in enumerate(directions, start=1):
        outcome = step(level, state, direction)
        if not isinstance(outcome, Move):
            return None
        press = judge_press(model, letter, state, atoms, direction, outcome,
                            by_direction(model, atoms).get(direction, []), tell=False)
        if not press.agreeing:
            return None
        spent += outcome.cost
        wrong = miscounted(counter, atoms, press.agreeing)
        if wrong is not None:
            return counter_divergence(model, counter, letter, state, direction, outcome, spent,
                                      *wrong, press.after)
        state, atoms = outcome.state, press.agreeing[0].apply(atoms)
    return None


def counter_divergence(model: LevelModel, counter: Counter, letter: int, state: State,
                       direction: Direction, outcome: Move, spent: int, action: GroundAction,
                       after: frozenset[Atom], shown: Observation | None) -> Divergence:
    """The key press as a divergence: the game's move and what it has spent, then the
    model's action, which does what the game does on the board, and its counter's values."""
    level = model.level
    events = "; ".join(map(event_text, outcome.events))
    game = (f"{events} [{' '.join(outcome.rules)}], cost {outcome.cost}, and has spent "
            f"{spent} of its budget {level.budget}, one count of the moves (RULES.md section 2)")
    values = sorted((_value(atom) for atom in after), key=_numeric)
    held = " and ".join(values) if values else "none"
    binding = ", ".join(f"{name}={value}" for name, value in action.binding)
    told = (f"applies {action.schema}({binding}), which does what the game does on the "
            f"board, but leaves its counter {counter.predicate} (from {counter.start}) with "
            f"{len(values)} values, {held}: a later action may go on from either, so "
            "the counter no longer stops the model at the budget (R-G3)" if len(values) > 1 else
            f"applies {action.schema}({binding}), which does what the game does on the "
            f"board, but leaves no value of its counter {counter.predicate}")
    return Divergence(letter, direction, describe_state(level, state), game, told,
                      observe_game(level, state), observe_game(level, outcome.state), shown,
                      True, True, outcome.cost)


def _value(atom: Atom) -> str:
    return ", ".join(atom[1:])


def _numeric(value: str) -> tuple[int, str]:
    try:
        return int(value), value
    except ValueError:
        return 0, value
