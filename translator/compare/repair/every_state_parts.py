"""The comparison of fixed models with the game on every state (every_state.py), cut into
parts that share nothing but the models: run one after another, or at once on several cores.

A fix shown by `compare --repair` on four classic levels is compared on some 14,000 states
(the levels' and the generated boards'): for ours with a slip, 6 s of one core, the largest
share of the command. Each level is a part, the small ones (the probes') together, and the
generated boards are cut into `BOARD_PARTS` runs of consecutive boards. With more than one
job the parts run in forked workers (workers.py), their outcomes are taken in the parts'
order, and the first difference ends a model's comparison (the parts after it are stopped
once every model has one): the verdict is the one a single core reaches, word for word,
states counted included. One job (the repair bench: each mutant runs in a worker of its own
already) runs them here, cheapest first, as the module doc of every_state.py says, and skips
a model past its first difference.

Several models (a first fix and its alternatives, `fixes_on_every_state`) are compared on a
part one after the other in the same process, where the grounding memo (grounding_memo.py)
grounds the schemas they share once: they differ in a schema each.
"""

from __future__ import annotations

from collections.abc import Container, Generator, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Final

from strips_model.errors import HelltakerError
from translator.compare.models.protocols import ComparedModel
from translator.compare.runs.board_check import check_board
from translator.compare.runs.evidence import Case
from translator.compare.runs.mechanic_boards import Board
from translator.compare.runs.state_space import compare_states
from translator.runtime.progress import tasks_unshown
from translator.runtime.workers import run_ordered

FORMER_LEVEL_STATES: Final = 2_000
"""The bound of the former verifier (the cases' plans, then each level's first 2,000 states,
and no generated board): kept only to tell which fixes it accepted that this one rejects (the
repair bench's `rejected, formerly accepted`)."""

BOARD_PARTS: Final = 4
"""The runs the generated boards are cut into (some 370 boards of a few milliseconds each):
enough for two cores to share them beside the levels, few enough that a fork is paid a few
times, not once a board."""

Part = tuple[Case | Board, ...]
"""Levels and boards compared one after the other, stopping at the first difference."""


@dataclass(frozen=True, slots=True)
class PartOutcome:
    """A part's comparison: the states compared up to its first difference, if any."""

    states: int
    bounded: tuple[str, ...] = ()
    """Its levels compared on their first `bound` states only."""
    at: str | None = None
    """The level or board where the model first differs."""
    differs: str | None = None
    """There, the claim as the verdict words it."""
    unseen_before: bool = False
    """The difference lies where the former verifier did not look (a board, or past a level's
    first `FORMER_LEVEL_STATES` states)."""


def cheapest_first(cases: Sequence[Case]) -> tuple[list[Case], list[Case]]:
    """The cases judged on states: the small ones (before the boards), then the others by
    their size (after them)."""
    levels = [case for case in cases if case.judged is None]
    return [case for case in levels if case.small], sorted(
        (case for case in levels if not case.small),
        key=lambda case: case.level.height * case.level.width)


def parts_of(cases: Sequence[Case], boards: Sequence[Board]) -> list[Part]:
    """The small levels as one part, the boards in `BOARD_PARTS` runs, each other level alone:
    the order of a comparison on one core."""
    small, large = cheapest_first(cases)
    size = max(1, -(-len(boards) // BOARD_PARTS))
    parts: list[Part] = [tuple(small)]
    parts += [tuple(boards[start:start + size]) for start in range(0, len(boards), size)]
    parts += [(case,) for case in large]
    return [part for part in parts if part]


def part_outcomes(models: Sequence[ComparedModel], parts: Sequence[Part], bound: int,
                  jobs: int, settled: Container[int] = ()
                  ) -> Generator[tuple[PartOutcome | None, ...], None, None]:
    """Each part's outcomes, one per model, in the parts' order, on up to `jobs` cores;
    closing the iterator stops the parts still running. A part run here skips the models
    `settled` names (by number: the caller has their verdict), None in their place."""
    if jobs <= 1:
        for part in parts:
            yield tuple(None if number in settled else compared_part(model, bound, part)
                        for number, model in enumerate(models))
        return
    # The parts are one step of the repair: its progress counts the step, not them.
    with tasks_unshown():
        yield from run_ordered(partial(_each_model, models, bound), parts, jobs)


def _each_model(models: Sequence[ComparedModel], bound: int, part: Part
                ) -> tuple[PartOutcome, ...]:
    """The part compared for each model in turn in one process: a first fix and its
    alternatives differ in a schema each, and the others are ground once for all of them
    (grounding_memo.py)."""
    return tuple(compared_part(model, bound, part) for model in models)


def compared_part(model: ComparedModel, bound: int, part: Part) -> PartOutcome:
    """`model` against the game on the part's levels and boards, in order, to the first
    difference."""
    compared, bounded = 0, list[str]()
    for check in part:
        if isinstance(check, Board):
            try:
                result = check_board(model, check)
            except HelltakerError as error:
                return PartOutcome(compared, tuple(bounded), check.name,
                                   f"the board {check.name} cannot be run: {error}", True)
            compared += result.states
            if result.divergence is not None:
                return PartOutcome(compared, tuple(bounded), check.name, f"the board "
                                   f"{check.name}: first divergence {result.divergence}", True)
            continue
        level = compare_states(model.on(check.level), bound)
        compared += level.states_compared
        if not level.complete:
            bounded.append(check.name)
        if level.divergence is not None:
            return PartOutcome(compared, tuple(bounded), check.name,
                               f"{check.name}: {level.claim}",
                               level.states_compared > FORMER_LEVEL_STATES)
    return PartOutcome(compared, tuple(bounded))
