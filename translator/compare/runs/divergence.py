"""Where a model first departs from the game: the two replayed side by side, key by key.

Along a plan, each key press is applied in the game (the simulator, which our model matches:
tests/compare/test_equivalence.py) and in the model's exact view. They agree on a key press when the
model has an action for it whose successor looks the same (translator/compare/models/observation.py)
and costs the same; the first key press where that fails is the divergence, told with the state
it happens in. When the model has no action, the schema that came closest says why.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from strips_model.level import Level, State
from strips_model.moves import Direction
from strips_model.schema import Literal, Schema
from strips_model.simulator import Move, is_goal, step
from strips_model.validator import cell_text, event_text, obstacle_text
from translator.compare.models.observation import Observation, observe_game
from translator.compare.models.protocols import LevelModel
from translator.compare.vocabulary.words import name_direction
from translator.ground.exact_semantics import unify
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
    return f"{action.schema}({', '.join(f'{name}={value}' for name, value in action.binding)})"


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
                      action is not None, action is not None and action.cost == cost)


def along_directions(model: LevelModel, directions: Sequence[Direction]) -> Divergence | None:
    """Replay a plan of key presses in both; the model may pick any action of the key."""
    return replay_directions(model, directions)[0]


def replay_directions(model: LevelModel, directions: Sequence[Direction]
                      ) -> tuple[Divergence | None, Divergence | None]:
    """The first divergence along a plan of key presses, and the first key press for which the
    model allows several outcomes. The replay goes on with an action that does what the game
    does, so only a key press that no applicable action matches diverges; one for which the
    model also allows another outcome is a fault of the model all the same (a non-determinism
    the game does not have), returned second, and named in a later divergence."""
    level = model.level
    state, atoms = level.start, model.initial()
    several: Divergence | None = None
    for index, direction in enumerate(directions, start=1):
        outcome = step(level, state, direction)
        options = [a for a in _in_order(model.applicable(atoms)) if model.direction(a) == direction]
        if not isinstance(outcome, Move):
            if options:
                return _also(several, _diverge(model, index, direction, state, atoms,
                                               f"applies {_shown(options[0])}", options[0])), \
                    several
            return None, several  # both ignore it; the validator rejects such plans anyway
        if not options:
            return _also(several, _diverge(
                model, index, direction, state, atoms,
                f"has no action: {why_blocked(model, atoms, direction)}")), several
        seen = observe_game(level, outcome.state)
        agreeing = [a for a in options
                    if model.observe(a.apply(atoms)) == seen and a.cost == outcome.cost]
        if not agreeing:
            return _also(several, _diverge(model, index, direction, state, atoms,
                                           _disagreement(model, atoms, options[0], outcome),
                                           options[0])), several
        other = next((a for a in options if a not in agreeing), None)
        if other is not None and several is None:
            several = _diverge(model, index, direction, state, atoms,
                               f"allows several outcomes for this key press (a "
                               f"non-determinism of the model): {_shown(agreeing[0])} does "
                               f"as the game, but {_disagreement(model, atoms, other, outcome)}",
                               other)
        state, atoms = outcome.state, agreeing[0].apply(atoms)
        if is_goal(level, state) != model.goal_holds(atoms):
            return _also(several, _goal_divergence(model, index + 1, state, atoms)), several
    return None, several


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
            return _goal_divergence(model, index + 1, state, atoms)
    return None


def _goal_divergence(model: LevelModel, letter: int, state: State,
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


# -- why no action applies ------------------------------------------------------------------


def why_blocked(model: LevelModel, atoms: frozenset[Atom], direction: Direction) -> str:
    """The schema of this key press that came closest to applying, and the literal that failed."""
    facts = atoms | model.static()
    best: tuple[int, str] | None = None
    for schema, fixed in model.schemas_for(direction):
        for score, reason in _attempts(schema, fixed, facts):
            if best is None or score > best[0]:
                best = (score, f"{schema.name} fails on {reason}")
    why = best[1] if best is not None else "no schema stands for this key press"
    # A schema left out of the model (models/left_out.py) may be the one this key needed.
    left = tuple(part for part in model.left_out
                 if name_direction(part.schema, "en") in (None, Direction(direction)))
    if left:
        named = "; ".join(f"{part.schema} at {part.position}: {part.reason}" for part in left[:3])
        more = f" (and {len(left) - 3} more)" if len(left) > 3 else ""
        return f"{why}; left out of the model: {named}{more}"
    return why


def _ground(literal: Literal, binding: dict[str, str]) -> str:
    args = ", ".join(binding.get(t.name, t.name) if t.is_variable else t.name
                     for t in literal.args)
    return f"{'' if literal.positive else '-'}{literal.predicate}({args})"


def precondition_attempts(schema: Schema, fixed: dict[str, str], facts: frozenset[Atom]
                          ) -> Iterator[tuple[int, Literal | None, dict[str, str], Atom | None]]:
    """For each way of matching the preconditions, positive ones first, in order: (literals
    satisfied, the literal then failing, the binding, the atom that makes a negative literal
    fail). A binding that satisfies every precondition yields its count and no literal.
    Shared by the divergence's explanation and the repair's ranking (repair/blocked.py)."""
    positive = [lit for lit in schema.preconditions if lit.positive]
    negative = [lit for lit in schema.preconditions if not lit.positive]
    by_predicate: dict[str, list[Atom]] = {}
    for atom in sorted(facts):
        by_predicate.setdefault(atom[0], []).append(atom)

    def extend(position: int, binding: dict[str, str]
               ) -> Iterator[tuple[int, Literal | None, dict[str, str], Atom | None]]:
        if position == len(positive):
            for count, literal in enumerate(negative):
                atom = (literal.predicate,
                        *(binding.get(t.name, t.name) if t.is_variable else t.name
                          for t in literal.args))
                if atom in facts:
                    yield position + count, literal, binding, atom
                    return
            yield len(schema.preconditions), None, binding, None
            return
        literal = positive[position]
        matched = False
        for atom in by_predicate.get(literal.predicate, ()):
            extended = unify(literal, atom, binding)
            if extended is not None:
                matched = True
                yield from extend(position + 1, extended)
        if not matched:
            yield position, literal, binding, None

    yield from extend(0, dict(fixed))


def _attempts(schema: Schema, fixed: dict[str, str],
              facts: frozenset[Atom]) -> Iterator[tuple[int, str]]:
    """(literals satisfied, the failing literal in words) for each way of matching the
    preconditions; a binding that satisfies everything yields nothing."""
    for score, literal, binding, atom in precondition_attempts(schema, fixed, facts):
        if literal is None:
            continue
        if atom is not None:
            yield score, f"{_ground(literal, binding)}: {atom[0]}({', '.join(atom[1:])}) holds"
        else:
            yield score, f"{_ground(literal, binding)}, which does not hold"
