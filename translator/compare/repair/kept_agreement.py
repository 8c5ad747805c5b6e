"""A fix keeps the model's agreement with the game wherever the model as written had it.

A model with several faults differs from the game somewhere whatever fix of one of them is
applied, so a fix of one fault (partial.py) cannot be judged as a complete one is
(every_state.py: equal to the game on every reachable state). What it must not do is lose
ground: in each reachable state of a case's level, for each key press, where the model as
written does what the game does (the game's outcome as seen, at its cost, and no other, its
counter left with one value, as state_space.py judges a key press; or no action where the game
ignores the key), the fixed model must too, and its goal must hold where the written model's
held as the game's does. An added precondition that never holds where its
schema is needed passes the cases' plans that never needed it, but not this: the game moves
there, the model as written moved as it did, the fixed one has no action. A schema that did as
the game nowhere loses no agreement when switched off, so the schemas each model applies on
some state judged are noted too (`KeptAgreement.switched_off`): partial.py turns down a fix
that switches off a schema a failing case still points at. What a fix gains is counted too
(`KeptAgreement.gained`): the key presses (and goals) where it does as the game and the model
as written did not; partial.py puts the fix that gains more first among a fault's.

The states are the game's, explored in order of cost from the start as state_space.py explores
them, each model carried along the cheapest key presses by its first action that does as the
game, through the key presses where both do as the game; at most `STATES` a level, the verdict's
own bound (state_space.py; the generated boards: every_state.py `kept_on_boards`). A
level's exploration stops at the first state where an agreement is lost, with the key presses
that lead to it: the cheapest that show it. A search checks many fixes of one model: what the
model as written does in each state is kept (`Memo`), and a key press the fixed model meets
with the written model's very actions in the same atoms is not judged again.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from strips_model.level import State
from strips_model.moves import Direction
from strips_model.simulator import Move, NotAnAction, is_goal, step
from translator.compare.models.protocols import ComparedModel, LevelModel
from translator.compare.runs.counter_count import (
    Counter,
    counter_divergence,
    counter_of,
    miscounted,
)
from translator.compare.runs.divergence import (
    Divergence,
    Press,
    by_direction,
    goal_divergence,
    judge_press,
)
from translator.compare.runs.evidence import Case
from translator.compare.runs.state_bound import STATES
from translator.ground.ground_action import GroundAction
from translator.model.level_facts import Atom


@dataclass(frozen=True, slots=True)
class Lost:
    """Where the fixed model first loses an agreement of the model as written."""

    presses: str
    """The key presses (`udlr`) from the start, the one judged last (none for the goal)."""
    cost: int
    """What the game's state it happens in costs from the start (the least)."""
    told: str
    """What the game and the fixed model do there (a divergence in words)."""
    disabled: str | None = None
    """The schema the model as written took for the last key press, which the fixed model
    can no longer apply there; None when the fixed model does something else."""

    def __str__(self) -> str:
        if self.disabled is not None:
            return f"disables {self.disabled} on a state the game plays: '{self.presses}'"
        return f"loses an agreement of the model as written after '{self.presses}'"


@dataclass(frozen=True, slots=True)
class KeptAgreement:
    """A fix against the model as written, on every state of the cases' levels."""

    states: int
    """States judged, over every case."""
    case: Case | None = None
    """The case on whose level the fixed model loses an agreement, if it does."""
    lost: Lost | None = None
    """Where, on that level."""
    switched_off: frozenset[str] = frozenset()
    """The schemas the model as written applied on some state judged and the fixed one on
    none (an added precondition that never holds there switches its schema off)."""
    gained: int = 0
    """Key presses (and goals), over the states judged, where the fixed model does as the game
    and the model as written did not: of two fixes that each keep every agreement, the one that
    gains more explains more of the game (partial.py orders a fault's fixes by it)."""
    unjudged: bool = False
    """The search's bound passed before every case's level was judged: no fix on that."""

    @property
    def why(self) -> str | None:
        """Why a fix is rejected, as a report says it after the fix: what it loses, then the
        case and the divergence there."""
        if self.unjudged:
            return (f"it was judged on {self.states:,} states only: the bound passed before "
                    "every level's states were")
        if self.case is None or self.lost is None:
            return None
        return f"it {self.lost} ({self.case.name}: {self.lost.told})"


_Written = tuple[dict[Direction, list[GroundAction]], dict[Direction, tuple[Press, bool]]]
"""The written model's actions in a state by key press, and each key press judged, with
whether it does as the game (`_judged`)."""
Memo = dict[str, dict[tuple[State, frozenset[Atom]], _Written]]
"""What the written model does in each state met, by case: kept across the fixes checked
against one model (a search checks many), since judging a key press costs."""


def keeps_agreement(written: ComparedModel, fixed: ComparedModel, cases: Sequence[Case],
                    bound: int = STATES, memo: Memo | None = None,
                    in_time: Callable[[], bool] | None = None) -> KeptAgreement:
    """`fixed` against `written` on each case's level (a plan probe judges a plan, not states:
    left out), at most `bound` states a level, in the cases' order; it stops at the first
    agreement lost. `memo`: the written model's judgements, for the next fix. `in_time`,
    asked before each case: false leaves the fix unjudged (a model whose bookkeeping follows
    each key press, as a trap walk does, takes seconds a level)."""
    judged, tally = 0, Tally()
    for case in cases:
        if case.judged is not None:
            continue
        if in_time is not None and not in_time():
            return KeptAgreement(judged, unjudged=True)
        known = {} if memo is None else memo.setdefault(case.name, {})
        states, lost = kept_on_level(written.on(case.level), fixed.on(case.level), bound,
                                     known, tally)
        judged += states
        if lost is not None:
            return KeptAgreement(judged, case, lost)
    return KeptAgreement(judged, switched_off=frozenset(tally.written - tally.fixed),
                         gained=tally.gained)


@dataclass(slots=True)
class Tally:
    """What the two models did over the states judged: the schemas each applied somewhere,
    and the key presses and goals the fixed model gained (`KeptAgreement.gained`)."""

    written: set[str] = field(default_factory=set)
    fixed: set[str] = field(default_factory=set)
    gained: int = 0

    def note(self, written: dict[Direction, list[GroundAction]],
             fixed: dict[Direction, list[GroundAction]]) -> None:
        self.written.update(a.schema for actions in written.values() for a in actions)
        self.fixed.update(a.schema for actions in fixed.values() for a in actions)


_Node = tuple[State, str, frozenset[Atom], frozenset[Atom]]
"""A game state, the key presses to it, and the written and the fixed model's atoms there."""


def kept_on_level(written: LevelModel, fixed: LevelModel, bound: int = STATES,
                  known: dict[tuple[State, frozenset[Atom]], _Written] | None = None,
                  tally: Tally | None = None) -> tuple[int, Lost | None]:
    """The states judged on one level (the two models on the same level), and where the
    fixed model first loses an agreement of the written one; `known`, the written model's
    judgements on this level, is read and completed; `tally`, what the two models did in the
    states judged, completed."""
    known = {} if known is None else known
    level = written.level
    # Ordered by cost, then first pushed first: the order of state_space.py.
    queue: list[tuple[int, int, _Node]] = [
        (0, 0, (level.start, "", written.initial(), fixed.initial()))]
    best = {level.start: 0}
    judged = pushed = 0
    counters = (counter_of(written), counter_of(fixed))
    while queue and judged < bound:
        spent, _, node = heapq.heappop(queue)
        if best[node[0]] < spent:
            continue
        judged += 1
        lost, successors = _judge((written, fixed), counters, node, spent, known, tally)
        if lost is not None:
            return judged, lost
        for total, following in successors:
            if total < best.get(following[0], total + 1):
                best[following[0]] = total
                pushed += 1
                heapq.heappush(queue, (total, pushed, following))
    return judged, None


def _judge(models: tuple[LevelModel, LevelModel], counters: tuple[Counter | None, Counter | None],
           node: _Node, spent: int, known: dict[tuple[State, frozenset[Atom]], _Written],
           tally: Tally | None) -> tuple[Lost | None, list[tuple[int, _Node]]]:
    """Every key press in one state judged for both models (the written and the fixed one,
    with their counters): the first agreement the fixed model loses, else the successors
    where both do as the game, with their cost."""
    written, fixed = models
    level = written.level
    state, presses, before, after = node
    letter = len(presses) + 1
    won = is_goal(level, state)
    if written.goal_holds(before) == won:
        if fixed.goal_holds(after) != won:
            return Lost(presses, spent, str(goal_divergence(fixed, letter, state, after))), []
    elif tally is not None and fixed.goal_holds(after) == won:
        tally.gained += 1
    if won:
        return None, []
    if (state, before) not in known:
        known[state, before] = _as_written(written, counters[0], state, before)
    as_written, presses_as_written = known[state, before]
    as_fixed = by_direction(fixed, after)
    if tally is not None:
        tally.note(as_written, as_fixed)
    successors: list[tuple[int, _Node]] = []
    for direction in Direction:
        outcome = step(level, state, direction)
        if isinstance(outcome, Move) and spent + outcome.cost > level.budget:
            continue  # past the budget the game ends, and the model may do either
        options, (was, was_right) = as_written.get(direction, []), presses_as_written[direction]
        # The same actions in the same atoms do the same: most states, as most schemas are
        # not edited, and judging a key press (what each action shows after it) costs.
        now, now_right = (was, was_right) if (after, as_fixed.get(direction, [])) == (
            before, options) else _judged(fixed, counters[1], letter, state, after, direction,
                                          outcome, as_fixed.get(direction, []))
        if was_right and not now_right:
            return _lost(fixed, counters[1], node, spent, direction, was,
                         as_fixed.get(direction, [])), []
        if tally is not None and now_right and not was_right:
            tally.gained += 1
        if isinstance(outcome, Move) and was.agreeing and now.agreeing:
            successors.append((spent + outcome.cost, (
                outcome.state, presses + str(direction), was.agreeing[0].apply(before),
                now.agreeing[0].apply(after))))
    return None, successors


def _as_written(written: LevelModel, counter: Counter | None, state: State,
                atoms: frozenset[Atom]) -> _Written:
    """The written model's actions in `atoms` (the game in `state`), and every key press
    judged, whatever the budget left."""
    actions = by_direction(written, atoms)
    return actions, {direction: _judged(
        written, counter, 0, state, atoms, direction, step(written.level, state, direction),
        actions.get(direction, [])) for direction in Direction}


def _judged(model: LevelModel, counter: Counter | None, letter: int, state: State,
            atoms: frozenset[Atom], direction: Direction, outcome: Move | NotAnAction,
            options: list[GroundAction]) -> tuple[Press, bool]:
    """The key press judged, and whether it does as the game: its outcomes, as seen and in
    cost, are the game's (an ignored key: none), and the model's counter, if it keeps one,
    holds one value after each (counter_count.py), as the comparison on every state judges
    it (state_space.py)."""
    press = judge_press(model, letter, state, atoms, direction, outcome, options, tell=False)
    right = press.fault is None and press.several is None and (
        counter is None or not isinstance(outcome, Move)
        or miscounted(counter, counter.values(atoms), press.agreeing) is None)
    return press, right


def _lost(fixed: LevelModel, counter: Counter | None, node: _Node, spent: int,
          direction: Direction, was: Press, options: list[GroundAction]) -> Lost:
    """The agreement lost on `direction`, told (a fault is put into words only here);
    `options` are the fixed model's actions for it."""
    state, presses, _, after = node
    outcome = step(fixed.level, state, direction)
    now = judge_press(fixed, len(presses) + 1, state, after, direction, outcome, options)
    disabled = was.agreeing[0].schema if was.agreeing and not options else None
    told = now.fault or now.several or _miscount(fixed, counter, node, spent, direction, now)
    return Lost(presses + str(direction), spent, str(told), disabled)


def _miscount(fixed: LevelModel, counter: Counter | None, node: _Node, spent: int,
              direction: Direction, now: Press) -> Divergence | None:
    """The fixed model's counter left with other than one value by the key press, told."""
    state, presses, _, after = node
    outcome = step(fixed.level, state, direction)
    if counter is None or not isinstance(outcome, Move):
        return None
    wrong = miscounted(counter, counter.values(after), now.agreeing)
    return None if wrong is None else counter_divergence(
        fixed, counter, len(presses) + 1, state, direction, outcome, spent + outcome.cost,
        *wrong, now.after)
