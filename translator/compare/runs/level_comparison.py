"""One level compared: our model solved and replayed, the compared model's attempt run under a
bound, and the verdict the two give, `agrees`, `diverges` or `not run`, with the reason.

The compared model's side of a level (its planning problem, Fast Downward on it, the replays
of both plans in its exact view) runs in one forked child under the command's limits, with
`MODEL_SECONDS` when none is given: a model whose grounding blows up, or a replay that never
ends, costs that level a bounded time and says `not run` with what happened, instead of
holding up or failing the comparison. Whatever the model's side raises as a HelltakerError (a
vocabulary its Init cannot be written in, a schema the level cannot ground) is that level's
reason too.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Final

from strips_model.errors import HelltakerError
from strips_model.level import Level
from strips_model.moves import Direction, format_plan, parse_plan
from strips_model.validator import validate
from translator.compare.models.protocols import ComparedModel, LevelModel
from translator.compare.models.unnamed_parts import unread_parts
from translator.compare.runs.divergence import Divergence, along_steps, replay_directions
from translator.compare.runs.grounding_hint import timeout_hint
from translator.compare.runs.level_verdict import Column, LevelComparison, not_run_column
from translator.compare.runs.model_run import ModelRun, solve_model
from translator.compare.runs.state_bound import STATES
from translator.compare.runs.state_space import StateCheck, compare_states
from translator.planners.outcome import FAILURES, PlannerOptions, Status, status_of_failure
from translator.runtime.processes import NO_LIMITS, Limits, WorkerFailed, run_in_child
from translator.solving.solve import solve_level

MODEL_SECONDS: Final = 300.0
"""The bound of the compared model's attempt on one level when `--timeout` gives none: seed
001's slowest classic level (7) took 66 and 85 s in two runs on 2 cores loaded five times
over; a model whose grounding blows up usually meets the memory limit first."""


def _game_check(level: Level, directions: tuple[Direction, ...] | None
                ) -> tuple[bool | None, int | None, str | None]:
    if directions is None:
        return None, None, None
    verdict = validate(level, directions)
    return verdict.valid, verdict.cost, verdict.reason


def our_column(ours: ComparedModel, level: Level, planner: str, limits: Limits) -> Column:
    """The chosen planner on our model, its plan replayed in the game."""
    solution = solve_level(level, planner,
                           PlannerOptions(level.budget, limits.seconds, limits.memory))
    outcome, directions, verdict = solution.outcome, solution.directions, solution.verdict
    valid, game_cost, reason = (verdict.valid, verdict.cost, verdict.reason) if verdict \
        else (None, None, None)
    if outcome.status in FAILURES:
        reason = outcome.log_tail.splitlines()[-1] if outcome.log_tail else outcome.status.value
    return Column(outcome.status, format_plan(directions)
                  if directions is not None else None, outcome.cost, valid, game_cost,
                  reason, solution.seconds, dict(outcome.counts).get("operators"),
                  ours.on(level).pddl_bytes(), outcome.planner)


def malformed_task(refused: str) -> str:
    """The reason of a level whose task, written for the model, the planner refused."""
    return (f"the task generated for this model is malformed ({refused}): a bug of helltaker, "
            "please report it")


def _compared_column(on_level: LevelModel, run: ModelRun) -> Column:
    """Fast Downward on the compared model's planning view, replayed in its exact view and
    in the game."""
    valid, game_cost, reason = _game_check(on_level.level, run.directions)
    if run.replay_failure is not None:
        reason = f"{run.replay_failure}; {reason}" if reason else run.replay_failure
    if run.status in FAILURES:
        reason = run.log_tail.splitlines()[-1] if run.log_tail else run.status.value
    if run.refused is not None:
        # The task is written by us from the model (report_planning.py, report_init.py):
        # the planner refusing it says nothing about the model.
        reason = malformed_task(run.refused)
    return Column(run.status, format_plan(run.directions)
                  if run.directions is not None else None, run.cost, valid, game_cost, reason,
                  run.seconds, run.ground_actions, on_level.pddl_bytes(),
                  f"fd {on_level.search}")


@dataclass(frozen=True, slots=True)
class _ModelSide:
    """What the compared model's attempt on a level computes, in its child process."""

    model: ComparedModel
    level: Level
    our_plan: tuple[Direction, ...] | None
    """Our plan when the game accepts it: the model is replayed along it."""
    limits: Limits
    states: int
    """The most states compared with the game (state_space.py); 0 for none."""


@dataclass(frozen=True, slots=True)
class _SideResult:
    init: str
    notes: tuple[str, ...]
    column: Column
    found: tuple[tuple[str, Divergence], ...]
    goal: str = ""
    states: StateCheck | None = None


def _unnamed_side(model: ComparedModel, level: Level) -> _SideResult | None:
    """The level's Init would leave a part out that no predicate of the model names, and a
    predicate the reading left unread may be it: what then differs may not be the model's,
    and the level is not run (decided here, before any child is forked for it). With no
    such predicate the model does not play that part, a fault of its own: the level is run
    without it, and its Init's note says so."""
    words = model.words
    unnamed = unread_parts(level, words, model.schemas) if words is not None else ()
    if not unnamed:
        return None
    return _SideResult("not generated", (), not_run_column(
        Status.ERROR, "not run on this level: " + "; ".join(unnamed), 0.0), ())


def _model_side(side: _ModelSide) -> _SideResult:
    started = time.perf_counter()
    try:
        on_level = side.model.on(side.level)
        run = solve_model(on_level, side.limits)
        found: list[tuple[str, Divergence]] = []
        notes = on_level.notes
        if side.our_plan is not None:
            divergence, several = replay_directions(on_level, side.our_plan)
            if divergence is not None:
                found.append(("on our plan", divergence))
            if several is not None:  # a fault of the model even where it can follow the game
                notes += (f"on our plan, letter {several.letter} '{several.direction}': the "
                          f"model {several.model}",)
        if run.steps is not None:
            divergence = along_steps(on_level, run.steps)
            if divergence is not None:
                found.append(("on its plan", divergence))
        checked = compare_states(on_level, side.states) if side.states else None
        if checked is not None and checked.divergence is not None:
            found.append((checked.where, checked.divergence))
        return _SideResult(on_level.init_note, notes, _compared_column(on_level, run),
                           tuple(found), on_level.goal_note, checked)
    except (HelltakerError, ValueError, IndexError) as error:
        # Raised here, in the child, so that only its one line crosses back. ValueError and
        # IndexError come from atoms whose arguments are not the places the vocabulary says
        # (a coordinate that is no number, a state argument missing).
        reason = f"cannot be run on this level: {error}"
        return _SideResult("not generated", (), not_run_column(
            Status.ERROR, reason, time.perf_counter() - started), ())


def compare_level(model: ComparedModel, ours: ComparedModel, level: Level, planner: str,
                  limits: Limits = NO_LIMITS, mine: Column | None = None,
                  states: int = STATES) -> LevelComparison:
    """The compared model against ours on `level`; `mine` is our model's column when it was
    solved already (a class shares it between its models:
    translator/compare/grading/class_grading.py); `states` bounds the comparison on every
    reachable state (0: none)."""
    if mine is None:
        mine = our_column(ours, level, planner, limits)
    our_plan = parse_plan(mine.plan) if mine.plan is not None and mine.valid else None
    bound = Limits(limits.seconds if limits.seconds is not None else MODEL_SECONDS,
                   limits.memory)
    started = time.perf_counter()
    unnamed = _unnamed_side(model, level)
    try:
        side = unnamed or run_in_child(
            f"the compared model on {level.source}", _model_side,
            _ModelSide(model, level, our_plan, limits, states), bound)
    except WorkerFailed as failure:
        status = status_of_failure(failure)
        reason = (f"its attempt passed its bound ({bound.seconds:g} s)"
                  + timeout_hint(model.schemas) if status is Status.TIMEOUT
                  else f"its attempt failed: {failure}")
        side = _SideResult("not generated", (), not_run_column(
            status, reason, time.perf_counter() - started), ())
    return LevelComparison(level.source, level.name, level.budget, side.init, side.notes,
                           side.column, mine,
                           tuple(f"{plan}, {found}" for plan, found in side.found), side.found,
                           side.goal, side.states,
                           dict(model.reading_questions).get(level.source, ""))
