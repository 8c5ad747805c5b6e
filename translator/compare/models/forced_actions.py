"""Actions taking no key press that a key press forces: a model may charge the damage of
spikes by a second action (`Damage`, clearing a flag `hurt` that every move requires absent),
which the planner must take before any other. For the player it is part of the key press
before it: its cost is the key press's, its effects too.

A key press's action is followed by such actions while nothing else can be done: no action
with a key press applies, exactly one state follows from those without one that may apply,
and the goal does not hold yet, or still holds after it (a model may flip the traps' phase
by an action every move leaves due, `Tick`, which ends the winning turn too). An action that
raises the goal (goal_blocks.py `goal_raisers`) is never one of them, nor in their way: it
is taken at the end, if at all.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field, replace

from strips_model.moves import Direction
from translator.ground.ground_action import GroundAction
from translator.model.level_facts import Atom

FORCED_CHAIN = 4
"""At most this many actions follow one key press's, besides one per trap of the level: a
turn may walk the traps one action each (vocabulary/trap_walk.py: a start, a toggle per trap,
the damage paid). A chain past that, or one that comes back to a state it passed, is no
turn's bookkeeping: a candidate fix that breaks the walk is then judged at once, not after
dozens of actions per key press (a repair of fresh model D ran minutes past its bound)."""
KNOWN_STATES = 20_000
"""States whose actions are kept at once, past which they are forgotten (the bound on every
state of a level is 5,000: runs/state_bound.py)."""

State = frozenset[Atom]


@dataclass(frozen=True, slots=True)
class KeyPressed:
    """How a level model reads its ground actions: what applies, the key press of each,
    whether the goal holds, and the actions without a key press that may be forced."""

    applicable: Callable[[State], list[GroundAction]]
    direction: Callable[[GroundAction], Direction | None]
    goal_holds: Callable[[State], bool]
    forcible: Collection[str]
    """The schemas taking no key press that raise no goal."""
    traps: int = 0
    """The level's traps: `FORCED_CHAIN` and one action per trap follow a key press's."""
    known: dict[State, list[GroundAction]] = field(default_factory=dict)
    """What applies in the states met, with forcible actions only: each key press's
    successor is asked once to see what it forces, and again when it is explored."""

    def ground(self, state: State) -> list[GroundAction]:
        found = self.known.get(state)
        if found is None:
            if len(self.known) >= KNOWN_STATES:
                self.known.clear()
            found = self.known[state] = self.applicable(state)
        return found


def composed(first: GroundAction, then: GroundAction) -> GroundAction:
    """`first` and then `then`, as one action: what `then` deletes of `first`'s additions
    is gone, its own additions are there, the costs add up."""
    return replace(first, add=(first.add - then.delete) | then.add,
                   delete=first.delete | then.delete, cost=first.cost + then.cost,
                   then=(*first.then, then.schema))


def with_forced(model: KeyPressed, state: State) -> list[GroundAction]:
    """The actions applicable in `state`, each of those with a key press followed by the
    actions it forces (module doc)."""
    if not model.forcible:
        return model.applicable(state)
    actions = model.ground(state)
    return [action if model.direction(action) is None else _followed(model, action, state)
            for action in actions]


def _followed(model: KeyPressed, action: GroundAction, state: State) -> GroundAction:
    for then in _forced(model, action.apply(state)):
        action = composed(action, then)
    return action


def forced_from(model: KeyPressed, after: State) -> tuple[State, int] | None:
    """The state the actions forced from `after` (a key press's action just taken) lead to,
    and what they cost; None for a model with no action that may be forced."""
    if not model.forcible:
        return None
    cost = 0
    for then in _forced(model, after):
        after, cost = then.apply(after), cost + then.cost
    return after, cost


def _forced(model: KeyPressed, after: State) -> list[GroundAction]:
    """The actions forced one after the other from `after` (module doc)."""
    chain: list[GroundAction] = []
    passed = {after}
    for _ in range(FORCED_CHAIN + model.traps):
        options = model.ground(after)
        if any(model.direction(option) is not None for option in options):
            break
        # An action raising the goal beside them is taken at the end, if at all.
        forced = [option for option in options if option.schema in model.forcible]
        if not forced or len({option.apply(after) for option in forced}) != 1:
            break
        # Asked last, the dearest questions. Once the goal holds the player has won: an
        # action that would undo it is not taken; one that keeps it (the traps' toggle
        # ending every turn, `Tick`, as the game's own turn ends) still is.
        if model.goal_holds(after) and not model.goal_holds(forced[0].apply(after)):
            break
        after = forced[0].apply(after)
        if after in passed:
            break
        passed.add(after)
        chain.append(forced[0])
    return chain
