"""Where a model first departs from the game: the two replayed side by side, key by key.

Along a plan, each key press is applied in the game (the simulator, which our model matches:
tests/compare/test_equivalence.py) and in the model's exact view. They agree on a key press when the
model has an action for it whose successor looks the same (translator/compare/models/observation.py)
and costs the same; the first key press where that fails is the divergence, told with the state
it happens in. When the model has no action, the schema the game's step blames says why
(runs/blame.py: the one that would do what the game does but for what it fails on), else the
one that came closest.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Final

from strips_model.level import Level, State
from strips_model.moves import Direction
from strips_model.simulator import Move, NotAnAction, is_goal, step
from strips_model.validator import cell_text, event_text, obstacle_text
from translator.compare.models.observation import Observation, observe_game
from translator.compare.models.protocols import LevelModel
from translator.compare.runs.blame import GameStep
from translator.compare.runs.why_blocked import why_blocked
from translator.ground.ground_action import GroundAction
from translator.model.level_facts import Atom


@dataclass(frozen=True, slots=True)
class Divergence:
    letter: int
    """1-based index of the key press; len(plan) + 1 when only the end differs."""
    direction: Direction | None
    state: str
    """The game state before the key press, described."""
    game: str
    model: str
    seen: Observation | None = None
    """What the player sees before the key press (both sides agree on it up to here)."""
    game_after: Observation | None = None
    """What the game shows after the key press (unchanged when it ignores it)."""
    model_after: Observation | None = None
    """What the model shows after the action it applied (unchanged when it has none)."""
    acted: bool = False
    """The model applied an action for the key press (else it has none, or the game ends)."""
    cost_agrees: bool = False
    """That action costs what the game's move costs."""
    game_cost: int = 0
    """What the game's move costs (0 when it ignores the key press)."""

    def __str__(self) -> str:
        where = (f"letter {self.letter} '{self.direction}'" if self.direction
                 else f"after letter {self.letter - 1}")
        return f"{where}, in the state ({self.state}): the game {self.game}; " \
               f"the model {self.model}"


def describe_state(level: Level, state: State) -> str:
    parts = [f"hero {cell_text(state.hero)}"]
    if state.boulders:
        parts.append("boulders " + " ".join(map(cell_text, sorted(state.boulders))))
    if state.skeletons:
        parts.append("skeletons " + " ".join(map(cell_text, sorted(state.skeletons))))
    if level.key is not None:
        parts.append("key held" if state.has_key else "key not taken")
    if level.lock is not None:
        parts.append("lock closed" if state.lock_closed else "lock open")
    if level.traps_lowered or level.traps_raised:
        parts.append(f"{'an odd' if state.parity else 'an even'} number of actions taken")
    return ", ".join(parts)


def _game_move(level: Level, state: State, direction: Direction) -> str:
    outcome = step(level, state, direction)
    if not isinstance(outcome, Move):
        return f"ignores it: {obstacle_text(outcome.obstacle)} at {cell_text(outcome.cell)} (R-A0)"
    events = "; ".join(map(event_text, outcome.events))
    return f"{events} [{' '.join(outcome.rules)}], cost {outcome.cost}"


def _shown(action: GroundAction) -> str:
    """The action with its binding, and the actions taking no key press it forces (a turn's
    bookkeeping, forced_actions.py): a fault may lie in one of them."""
    forced = f", then {', '.join(action.then)} (taking no key press)" if action.then else ""
    return (f"{action.schema}({', '.join(f'{name}={value}' for name, value in action.binding)})"
            f"{forced}")


def _in_order(actions: list[GroundAction]) -> list[GroundAction]:
    """Ground actions come in the order of hashed sets; sorted, reports read the same each run."""
    return sorted(actions, key=lambda action: (action.schema, action.binding))


def _diverge(model: LevelModel, index: int, direction: Direction, state: State,
             atoms: frozenset[Atom], told: str,
             action: GroundAction | None = None) -> Divergence:
    """`action` is what the model applied for the key press (None: it has no action)."""
    level = model.level
    outcome = step(level, state, direction)
    after = outcome.state if isinstance(outcome, Move) else state
    cost = outcome.cost if isinstance(outcome, Move) else 0
    # Kept as observations, not text, so that reports can draw both sides
    # (translator/compare/report/html.py).
    return Divergence(index, direction, describe_state(level, state),
                      _game_move(level, state, direction), told, observe_game(level, state),
                      observe_game(level, after),
                      model.observe(action.apply(atoms) if action is not None else atoms),
                      action is not None, action is not None and action.cost == cost, cost)


def along_directions(model: LevelModel, directions: Sequence[Direction]) -> Divergence | None:
    """Replay a plan of key presses in both; the model may pick any action of the key."""
    return replay_directions(model, directions)[0]


Visit = Callable[[State, Mapping[Direction, list[GroundAction]]], None]
"""Told, at each state a replay reaches, the model's actions there by key press."""


def replay_directions(model: LevelModel, directions: Sequence[Direction], tell: bool = True,
                      why: bool = True, visit: Visit | None = None
                      ) -> tuple[Divergence | None, Divergence | None]:
    """The first divergence along a plan of key presses, and the first key press for which the
    model allows several outcomes. The replay goes on with an action that does what the game
    does, so only a key press that no applicable action matches diverges; one for which the
    model also allows another outcome is a fault of the model all the same (a non-determinism
    the game does not have), returned second, and named in a later divergence. With `tell`
    False a divergence is `UNTOLD` (`judge_press`): whether there is one, not what it is; with
    `why` False, one where the model has no action does not say which schema the game blames;
    `visit` is told each state reached before the last key press judged."""
    level = model.level
    state, atoms = level.start, model.initial()
    several: Divergence | None = None
    for index, direction in enumerate(directions, start=1):
        outcome = step(level, state, direction)
        actions = by_direction(model, atoms)
        if visit is not None:
            visit(state, actions)
        press = judge_press(model, index, state, atoms, direction, outcome,
                            actions.get(direction, []), tell, why)
        if press.fault is not None:
            return (_also(several, press.fault) if tell else press.fault), several
        several = several or press.several
        if not isinstance(outcome, Move) or not press.agreeing:
            return None, several  # both ignore it; the validator rejects such plans anyway
        state, atoms = outcome.state, press.agreeing[0].apply(atoms)
        if is_goal(level, state) != model.goal_holds(atoms):
            return _also(several, goal_divergence(model, index + 1, state, atoms)), several
    return None, several


def by_direction(model: LevelModel, atoms: frozenset[Atom]
                 ) -> dict[Direction, list[GroundAction]]:
    """The model's applicable actions in `atoms`, by the key press each stands for, in the
    same order every run (bookkeeping actions left out)."""
    grouped: dict[Direction, list[GroundAction]] = {}
    for action in _in_order(model.applicable(atoms)):
        direction = model.direction(action)
        if direction is not None:
            grouped.setdefault(direction, []).append(action)
    return grouped


@dataclass(frozen=True, slots=True)
class Press:
    """One key press judged in one state: the model's actions that do what the game does,
    the fault if none does (or the model acts where the game ignores the key), and a
    non-determinism if another action does otherwise."""

    agreeing: tuple[GroundAction, ...]
    fault: Divergence | None
    several: Divergence | None
    after: Observation | None = None
    """What the model shows after the action it takes for the key (the first agreeing one,
    else the first it has); None when it has none or the game ignores the key."""


UNTOLD: Final = Divergence(0, None, "", "", "")
"""A fault found but not put into words (`judge_press` with `tell=False`)."""


def judge_press(model: LevelModel, index: int, state: State, atoms: frozenset[Atom],
                direction: Direction, outcome: Move | NotAnAction,
                options: list[GroundAction], tell: bool = True, why: bool = True,
                seen: Observation | None = None) -> Press:
    """The key press `direction` as letter `index`, in the game's `state` and the model's
    `atoms`; `outcome` is the game's step, `options` the model's actions for the key. With
    `tell` False a fault is `UNTOLD` (at its letter): an exhaustive comparison keeps the first
    it finds and only counts the others, and explaining one costs more than finding it. With
    `why` False, a key press the model has no action for is told without the schema to blame
    (why_blocked.py): scoring a reading (hypotheses.py) needs where and how far the model
    departs, and that search was 80% of the reading's time on seed 000. `seen`: what the game
    shows after the move, when the caller has it (the game's graph keeps it per state)."""
    def told(make: Callable[[], Divergence]) -> Divergence:
        return make() if tell else replace(UNTOLD, letter=index, direction=direction)

    if not isinstance(outcome, Move):
        fault = told(lambda: _diverge(model, index, direction, state, atoms,
                                      f"applies {_shown(options[0])}", options[0])) \
            if options else None
        return Press((), fault, None)
    if not options:
        return Press((), told(lambda: _diverge(
            model, index, direction, state, atoms,
            f"has no action: {why_blocked(model, atoms, direction, game_step(model, outcome))}"
            if why else "has no action")), None)
    if seen is None:
        seen = observe_game(model.level, outcome.state)
    shown = [model.observe(a.apply(atoms)) for a in options]
    agreeing = tuple(a for a, after in zip(options, shown, strict=True)
                     if after == seen and a.cost == outcome.cost)
    if not agreeing:
        return Press((), told(lambda: _diverge(model, index, direction, state, atoms,
                                               _disagreement(model, atoms, options[0], outcome),
                                               options[0])), None, shown[0])
    other = next((a for a in options if a not in agreeing), None)
    several = None if other is None else told(lambda: _diverge(
        model, index, direction, state, atoms,
        f"allows several outcomes for this key press (a non-determinism of the model): "
        f"{_shown(agreeing[0])} does as the game, but "
        f"{_disagreement(model, atoms, other, outcome)}", other))
    return Press(agreeing, None, several, seen)


def game_step(model: LevelModel, outcome: Move) -> GameStep:
    """The game's move as the model's schemas are matched against it (runs/blame.py)."""
    return GameStep(observe_game(model.level, outcome.state), outcome.cost)


def _also(several: Divergence | None, divergence: Divergence) -> Divergence:
    """`divergence`, saying the earlier key press the model allowed several outcomes for."""
    if several is None:
        return divergence
    return replace(divergence, model=f"{divergence.model} (earlier, at letter "
                                     f"{several.letter}, the model allows several outcomes "
                                     "for one key press)")


def along_steps(model: LevelModel, steps: tuple[GroundAction, ...]) -> Divergence | None:
    """Replay the model's own plan (its ground actions) and the key presses they stand for."""
    level = model.level
    state, atoms = level.start, model.initial()
    for index, action in enumerate(steps, start=1):
        direction = model.direction(action)
        if direction is None:
            continue
        outcome = step(level, state, direction)
        if not isinstance(outcome, Move):
            return _diverge(model, index, direction, state, atoms, f"applies {_shown(action)}",
                            action)
        if model.observe(action.apply(atoms)) != observe_game(level, outcome.state) \
                or action.cost != outcome.cost:
            return _diverge(model, index, direction, state, atoms,
                            _disagreement(model, atoms, action, outcome), action)
        state, atoms = outcome.state, action.apply(atoms)
        if is_goal(level, state) != model.goal_holds(atoms):
            return goal_divergence(model, index + 1, state, atoms)
    return None


def goal_divergence(model: LevelModel, letter: int, state: State,
                     atoms: frozenset[Atom]) -> Divergence:
    reached = is_goal(model.level, state)
    seen = observe_game(model.level, state)
    return Divergence(letter, None, describe_state(model.level, state),
                      "is won (R-G1)" if reached else "is not won",
                      "has not reached its goal" if reached else "has reached its goal",
                      seen, seen, model.observe(atoms))


def _disagreement(model: LevelModel, atoms: frozenset[Atom], action: GroundAction,
                  outcome: Move) -> str:
    seen = model.observe(action.apply(atoms))
    differences = observe_game(model.level, outcome.state).differences(seen)
    if action.cost != outcome.cost:
        differences.append(f"cost: {outcome.cost} vs {action.cost}")
    return f"applies {_shown(action)}; game vs model: {'; '.join(differences)}"
