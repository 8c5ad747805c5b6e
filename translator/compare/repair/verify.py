"""Whether a model agrees with the game on every case of the evidence, and where it does not.

On each case (a level or probe in one orientation, evidence.py): the game's optimal plan
replayed in the model state by state (`replay_directions`: the first letter whose successor
differs, where no action applies, or where the model allows another outcome); on the small
cases, the model's own cheapest plan (an exhaustive search of its exact view) replayed in the
game and its cost compared; a plan probe judged alike by both. The first case that fails is
the counterexample a repair search learns from.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from strips_model.errors import HelltakerError
from strips_model.ground_plan import PlanStep
from strips_model.moves import Direction
from strips_model.reports.document import Report
from strips_model.reports.vocabulary import Vocabulary
from strips_model.schema import Literal, Schema
from strips_model.validator import validate
from translator.compare.models.compared import ModelOrDefect, UnbuildableModel, compared_model
from translator.compare.models.observation import Observation
from translator.compare.models.protocols import ComparedModel, LevelModel
from translator.compare.repair.blocked import blocked
from translator.compare.repair.uses import followed
from translator.compare.runs.counter_count import Counter, counter_of, miscount_along
from translator.compare.runs.divergence import Divergence, along_steps, replay_directions
from translator.compare.runs.evidence import Case
from translator.compare.runs.model_run import accepts
from translator.ground.ground_action import GroundAction
from translator.model.level_facts import Atom
from translator.planners.best_first import SearchTimeout, best_first_search
from translator.runtime.asked_often import asked_often

CASE_SEARCH_SECONDS = 2.0
"""The bound of the model's own exhaustive search on one small case: a probe of a few cells
takes a right model milliseconds; a wrong one may open a larger space, then it is not run."""
JUDGED_STATES = 64
"""The states a candidate may reach after one key press of a plan judged (`accepts`): the
game reaches one. A repair of fresh model D with its counter's precondition dropped followed
every branch of a candidate's in one case: past 240 CPU s under a 60 s bound (53 s with it)."""

_APPLIED = re.compile(r"applies ([A-Za-z_][\w']*)\(")
_CLOSEST = re.compile(r"([A-Za-z_][\w']*) fails on ")


@dataclass(frozen=True, slots=True)
class Failure:
    case: str
    rules: tuple[str, ...]
    letter: int | None
    what: str
    suspects: tuple[str, ...]
    """The schemas the failure points at, most likely first (exact names)."""
    blocked: tuple[tuple[str, Literal], ...] = ()
    """Where no action applies: each schema of the key press and the literal it fails on."""


def rebuilt(report: Report, schemas: tuple[Schema, ...], label: str,
            vocabulary: Vocabulary | None) -> ModelOrDefect:
    """The model with `schemas` in place of its own, read in the vocabulary it was read in
    (never inferred again: a repair must not change how a level is read); unbuildable, with
    why, when the edited schemas cannot be built."""
    edited = replace(report, schemas=schemas)
    try:
        return compared_model(edited, label, vocabulary)
    except HelltakerError as error:
        return UnbuildableModel(edited, label, vocabulary, str(error))


def _suspects(model: LevelModel, divergence: Divergence,
              plan: Sequence[Direction] = ()) -> tuple[str, ...]:
    """The schema the model applied or came closest to applying, then those it used before
    (a hidden fact one of them left wrong shows only later), latest first, then every schema
    of the key press."""
    named = [m.group(1) for pattern in (_APPLIED, _CLOSEST)
             for m in pattern.finditer(divergence.model)]
    if plan:
        before = followed(model, model.level, plan[:divergence.letter - 1])
        named += [action.schema for action in reversed(before)]
    if divergence.direction is not None:
        named += [schema.name for schema, _ in model.schemas_for(divergence.direction)]
    return tuple(dict.fromkeys(named))


class _Remembered(LevelModel):
    """A level model whose applicable actions are ground once per state: the replays and the
    exhaustive search of one case meet the same states again and again. Everything else is
    the model's own."""

    def __init__(self, on: LevelModel) -> None:
        self._on = on
        self._known: dict[frozenset[Atom], list[GroundAction]] = {}
        self.level, self.init_note, self.goal_note = on.level, on.init_note, on.goal_note
        self.notes, self.search, self.cost_limit = on.notes, on.search, on.cost_limit
        self.left_out = on.left_out

    def applicable(self, atoms: frozenset[Atom]) -> list[GroundAction]:
        found = self._known.get(atoms)
        if found is None:
            found = self._known[atoms] = self._on.applicable(atoms)
        return found

    def initial(self) -> frozenset[Atom]:
        return self._on.initial()

    def forced_after(self, atoms: frozenset[Atom]) -> tuple[frozenset[Atom], int] | None:
        return self._on.forced_after(atoms)

    def direction(self, action: GroundAction) -> Direction | None:
        return self._on.direction(action)

    def observe(self, atoms: frozenset[Atom]) -> Observation:
        return self._on.observe(atoms)

    def goal_holds(self, atoms: frozenset[Atom]) -> bool:
        return self._on.goal_holds(atoms)

    def pddl_texts(self) -> tuple[str, str]:
        return self._on.pddl_texts()

    def decode(self, step: PlanStep) -> tuple[str, dict[str, str]] | None:
        return self._on.decode(step)

    def static(self) -> frozenset[Atom]:
        return self._on.static()

    def schemas_for(self, direction: Direction) -> list[tuple[Schema, dict[str, str]]]:
        return self._on.schemas_for(direction)


def check_case(model: ComparedModel, case: Case, tell: bool = True) -> Failure | None:
    """The first way the model departs from the game on `case`, or None. With `tell` False,
    a departure along the game's plan is not put into words (no `what`, no suspects): a
    candidate's search needs only which case fails, and the words cost more than the check."""
    try:
        inner = model.on(case.level)
        return _check(_Remembered(inner), case, tell, counter_of(inner))
    except (HelltakerError, SearchTimeout) as error:
        return Failure(case.name, case.rules, None, f"cannot be run: {error}", ())


def _failure(on: LevelModel, case: Case, divergence: Divergence, side: str,
             plan: Sequence[Direction] = ()) -> Failure:
    stuck: list[tuple[str, Literal]] = []
    if plan and divergence.direction is not None and "has no action" in divergence.model:
        atoms = on.initial()
        for action in followed(on, case.level, plan[:divergence.letter - 1]):
            atoms = action.apply(atoms)
        stuck = blocked(on, atoms, divergence.direction, divergence)
    suspects = tuple(dict.fromkeys([*(name for name, _ in stuck),
                                    *_suspects(on, divergence, plan)]))
    return Failure(case.name, case.rules, divergence.letter, f"{side}: {divergence}",
                   suspects, tuple(stuck))


def _check(on: LevelModel, case: Case, tell: bool = True, counter: Counter | None = None
           ) -> Failure | None:
    if case.judged is not None:
        taken = accepts(on, case.judged, on.cost_limit, JUDGED_STATES)
        if taken is None:
            return Failure(case.name, case.rules, None, "reaches more than "
                           f"{JUDGED_STATES} states after one key press of the plan judged, "
                           "where the game reaches one", ())
        if taken != case.valid:
            departs = replay_directions(on, case.judged)[0]
            if departs is not None:
                return _failure(on, case, departs, "on the plan judged", case.judged)
            every = tuple(s.name for d in set(case.judged) for s, _ in on.schemas_for(d))
            return Failure(case.name, case.rules, None, "judges the plan otherwise than the "
                           f"game ({'valid' if case.valid else 'invalid'} in the game)",
                           tuple(dict.fromkeys(every)))
        return None
    if case.plan is not None:
        divergence, several = replay_directions(on, case.plan, tell)
        untold = divergence or several
        if not tell and untold is not None:
            return Failure(case.name, case.rules, untold.letter, "on the game's plan", ())
        if divergence is not None:
            return _failure(on, case, divergence, "on the game's plan", case.plan)
        if several is not None:
            return _failure(on, case, several, "on the game's plan", case.plan)
        miscount = None if counter is None else miscount_along(on, counter, case.plan)
        if miscount is not None:
            return _failure(on, case, miscount, "on the game's plan", case.plan) if tell \
                else Failure(case.name, case.rules, miscount.letter, "on the game's plan", ())
    if not case.small:
        return None
    found = search_exact_bounded(on)
    if found is None:
        return None
    steps, cost = found
    if steps is None:
        if case.plan is None:
            return None
        return Failure(case.name, case.rules, None, f"the model finds no plan within "
                       f"{on.cost_limit}; the game's costs {case.cost}", ())
    mine = along_steps(on, steps)
    if mine is not None:
        return _failure(on, case, mine, "on its own plan")
    letters = tuple(d for d in map(on.direction, steps) if d is not None)
    verdict = validate(case.level, letters)
    if not verdict.valid or cost != case.cost:
        shown = [s.schema for s in steps]
        return Failure(case.name, case.rules, None, "its own plan "
                       f"{''.join(letters) or '(empty)'} costs {cost} "
                       f"({'valid' if verdict.valid else verdict.reason}); the game's costs "
                       f"{case.cost}", tuple(dict.fromkeys(shown)))
    return None


def search_exact_bounded(on: LevelModel
                         ) -> tuple[tuple[GroundAction, ...] | None, int | None] | None:
    """The model's cheapest plan (steps, cost) by Dijkstra over its exact view (as
    `search_exact` of runs/model_run.py, bounded in time), (None, None) when it has none
    within its limit, or None when the search passes `CASE_SEARCH_SECONDS`."""

    def successors(state: frozenset[Atom]) -> list[tuple[GroundAction, frozenset[Atom], int]]:
        return [(action, action.apply(state), action.cost) for action in
                sorted(on.applicable(state), key=lambda a: (a.schema, a.binding))]

    try:
        result = best_first_search(on.initial(), successors, on.goal_holds, on.cost_limit,
                                   time_limit=CASE_SEARCH_SECONDS)
    except SearchTimeout:
        return None
    return (tuple(result.plan) if result.plan is not None else None), result.cost


class OutOfTime(BaseException):
    """The search's bound passed before every case was checked: the candidate is unjudged.
    Raised inside a case too (`asked_often`): no `except Exception` on the way may take it
    for the case's own failure."""


def verify(model: ComparedModel, cases: Sequence[Case], first: Iterable[str] = (),
           tell: bool = True, in_time: Callable[[], bool] | None = None) -> Failure | None:
    """The first failing case, the cases named in `first` tried first (the counterexamples
    seen so far reject most wrong candidates at once); None when every case agrees. `tell`:
    as `check_case`. `in_time`, asked before each case and every few hundredths of a CPU
    second within one (runtime/asked_often.py): false raises `OutOfTime` (a candidate whose
    case takes minutes would otherwise hold the search past its bound)."""
    front = set(first)
    ordered = [c for c in cases if c.name in front] + [c for c in cases if c.name not in front]
    if in_time is None:
        return _first_failure(model, ordered, tell)
    with asked_often(in_time, OutOfTime):
        return _first_failure(model, ordered, tell, in_time)


def _first_failure(model: ComparedModel, cases: Sequence[Case], tell: bool,
                   in_time: Callable[[], bool] | None = None) -> Failure | None:
    for case in cases:
        if in_time is not None and not in_time():
            raise OutOfTime
        failure = check_case(model, case, tell)
        if failure is not None:
            return failure
    return None


_LINE = re.compile(r":(\d+)(?::\d+)?: ")


def schema_at(reason: str, schemas: Sequence[Schema]) -> tuple[str, ...]:
    """The schema a build error points into (the last one starting before its line)."""
    found = _LINE.search(reason)
    if found is None:
        return ()
    line = int(found.group(1))
    before = [s for s in schemas if (s.position.line or 0) <= line]
    return (max(before, key=lambda s: s.position.line or 0).name,) if before else ()
