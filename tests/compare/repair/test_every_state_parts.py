"""A fix's comparison on every state, cut into parts and run on two cores (every_state_parts.py),
reaches the verdict one core reaches, word for word and state for state: the first
difference in the parts' order, not the first a worker finishes."""

from __future__ import annotations

import io
from dataclasses import replace
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from translator.compare.check import our_model
from translator.compare.models.compared import UnbuildableModel
from translator.compare.models.protocols import ComparedModel
from translator.compare.repair.edits import Signature, apply_edits, local_edits
from translator.compare.repair.every_state import each_equal_to_the_game, equal_to_the_game
from translator.compare.repair.every_state_parts import (
    BOARD_PARTS,
    compared_part,
    part_outcomes,
    parts_of,
)
from translator.compare.repair.search_terms import Subject
from translator.compare.runs.evidence import Case, probe_cases
from translator.compare.runs.mechanic_boards import Board, board_groups, distinct_boards
from translator.runtime.progress import Progress, tasks_shown

BOUND = 5_000


def _boards(*mechanics: str) -> tuple[Board, ...]:
    return tuple(board for group in board_groups() if set(group.mechanics) == set(mechanics)
                 for board in group.boards)


@cache
def _forgotten_doom() -> ComparedModel:
    """Our model's hurt kick of a skeleton forgetting its doom (`remove doomed(Z)`): seen on
    a skeleton and spikes board and a skeleton and trap board, on no probe
    (test_fix_on_boards.py)."""
    report = our_model()[0]
    written = next(s for s in report.schemas if s.name == "kick_skeleton_hurt")
    edit = next(e for e in local_edits(written, Signature.of(report.schemas))
                if e.text() == "remove doomed(Z)")
    model = Subject(report, "ours", None, ()).model(apply_edits(report.schemas, (edit,)))
    assert not isinstance(model, UnbuildableModel)
    return model


def _small_cases() -> tuple[Case, ...]:
    return tuple(case for case in probe_cases(symmetric=False)
                 if case.judged is None and case.small)


def test_two_cores_find_the_first_difference_in_order_not_the_first_finished() -> None:
    """Four runs of boards, the second and the fourth showing the fault: the verdict names
    the second's board, counting the probes' states, the first run's and the second's up to
    that board."""
    agreeing = _boards("boulder", "wall")
    spikes, trap = _boards("skeleton", "spikes")[8:], _boards("skeleton", "trap raised at first")
    boards = (*agreeing, *spikes, *agreeing, *trap[8:])
    model = _forgotten_doom()
    runs = parts_of((), boards)
    assert len(runs) == BOARD_PARTS
    outcomes = [compared_part(model, BOUND, run) for run in runs]
    assert [outcome.differs is not None for outcome in outcomes] == [False, True, False, True]
    cases = probe_cases(symmetric=False)
    one, two = (equal_to_the_game(model, cases, boards, jobs=jobs) for jobs in (1, 2))
    assert two == one
    assert one.at == outcomes[1].at and one.differs == outcomes[1].differs
    probes = compared_part(model, BOUND, _small_cases())
    assert probes.differs is None
    assert one.states == probes.states + outcomes[0].states + outcomes[1].states


def test_a_model_equal_to_the_game_is_equal_on_two_cores_as_on_one() -> None:
    boards = distinct_boards()[::9]
    cases = probe_cases(symmetric=False)
    one, two = (equal_to_the_game(our_model()[1], cases, boards, jobs=jobs) for jobs in (1, 2))
    assert one.differs is None and two == one
    assert one.states >= sum(board.states for board in boards)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 40), st.lists(st.integers(0, 351), max_size=4), st.randoms())
def test_the_parts_keep_the_order_of_one_core(count: int, large: list[int],
                                              shuffler: object) -> None:
    """The small levels, then every board in order in at most `BOARD_PARTS` runs, then each
    other level alone, smallest first; nothing dropped or repeated."""
    boards = distinct_boards()[:count]
    levels = [replace(Case(board.name, board.level, None, board.cost, ()), small=False)
              for board in (distinct_boards()[n] for n in large)]
    cases = [*_small_cases(), *levels]
    shuffler.shuffle(cases)  # type: ignore[attr-defined]
    parts = parts_of(cases, boards)
    small = [case for case in cases if case.small]
    by_size = sorted((case for case in cases if not case.small),
                     key=lambda case: case.level.height * case.level.width)
    assert [check for part in parts for check in part] == [*small, *boards, *by_size]
    runs = [part for part in parts if isinstance(part[0], Board)]
    assert len(runs) <= BOARD_PARTS
    assert all(len(part) == 1 for part in parts[len(parts) - len(levels):])


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_parts_run_in_workers_count_as_no_step_of_the_progress_shown() -> None:
    """The repair's progress counts its steps (test_repair_progress.py); the workers' parts of
    one step are not steps."""
    progress = Progress(3, stream=_Terminal(), unit="steps")
    runs = parts_of((), _boards("boulder", "wall"))
    with tasks_shown(progress):
        outcomes = list(part_outcomes((our_model()[1],), runs, BOUND, jobs=2))
    assert len(outcomes) == len(runs) > 1 and progress.finished == 0


def test_models_compared_together_get_each_the_verdict_it_gets_alone() -> None:
    """A first fix and its alternatives are compared together (fixes.py): one differing
    early, one equal; on one core and on two, each verdict is the one it gets alone."""
    boards = (*_boards("boulder", "wall"), *_boards("skeleton", "spikes"))
    cases = probe_cases(symmetric=False)
    models = (_forgotten_doom(), our_model()[1], _forgotten_doom())
    alone = [equal_to_the_game(model, cases, boards) for model in models]
    assert alone[0].differs is not None and alone[1].differs is None
    for jobs in (1, 2):
        assert each_equal_to_the_game(models, cases, boards, jobs=jobs) == alone
