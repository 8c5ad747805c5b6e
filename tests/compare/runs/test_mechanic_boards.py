"""The generated boards per mechanic and pair of mechanics (issue 41 item 3): each a valid
level the game reaches finitely few states of, all within its budget; correct models equal to
the game on every state of every board; single faults of our model caught on a board exactly
when they show there, with key presses that replay in the game to the difference."""

from __future__ import annotations

import os
from collections.abc import Callable

import pytest
from compare.runs.test_state_space import first_difference, game_states
from helpers import ROOT
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strips_model.level_file import format_level, parse_level
from strips_model.moves import parse_plan
from strips_model.simulator import Move, is_goal, step
from strips_model.validator import validate
from translator.compare.check import our_model, read_model
from translator.compare.models.compared import UnbuildableModel, model_or_defect
from translator.compare.models.protocols import ComparedModel
from translator.compare.repair.edits import apply_edits
from translator.compare.repair.mirror import direction_words
from translator.compare.repair.mutants import mutants
from translator.compare.repair.verify import rebuilt
from translator.compare.runs.board_check import check_board
from translator.compare.runs.divergence import replay_directions
from translator.compare.runs.mechanic_boards import (
    BOARD_STATES,
    MECHANICS,
    Board,
    board_groups,
    distinct_boards,
)
from translator.planners.exhaustive import solve_exhaustively

EXAMPLES = int(os.environ.get("HELLTAKER_FUZZ_EXAMPLES") or 0)
BOARDS = distinct_boards()
AS_GIVEN = tuple(board for board in BOARDS if board.orientation == "as given")
TEXTBOOK = ROOT / "translator" / "measure" / "repair_models" / "textbook.txt"


def test_every_mechanic_and_pair_has_its_boards_in_every_orientation() -> None:
    groups = board_groups()
    assert len(groups) == len(MECHANICS) + len(MECHANICS) * (len(MECHANICS) - 1) // 2
    for group in groups:
        layouts = {board.layout for board in group.boards}
        # Each layout in its eight copies, less those that draw the same board.
        for layout in layouts:
            copies = [b for b in group.boards if b.layout == layout]
            assert 4 <= len(copies) <= 8 and len({b.level for b in copies}) == len(copies)
        parts = [m for m in MECHANICS if m.name in group.mechanics and not m.end]
        assert len(layouts) >= len(parts)  # a pair of parts in both orders


def _valid(board: Board) -> None:
    # The simulator's reader takes the board as drawn, and the game reaches few states.
    text = format_level(board.level)
    assert parse_level(text, "<board>") == board.level
    states = game_states(board.level)
    assert states == board.states <= BOARD_STATES
    # Its budget reaches every state the board has: more budget reaches none more.
    more = parse_level(text.replace(f"\n{board.level.budget}\n", "\n999\n", 1), "<board>")
    assert game_states(more) == states
    found = solve_exhaustively(board.level)
    assert found.cost == board.cost
    if found.plan is not None:
        verdict = validate(board.level, found.plan)
        assert verdict.valid and verdict.cost == board.cost


@settings(max_examples=max(EXAMPLES, 25), derandomize=not EXAMPLES, deadline=None)
@given(board=st.sampled_from(BOARDS))
def test_a_board_is_a_valid_level_with_few_states_all_within_its_budget(board: Board) -> None:
    _valid(board)


@pytest.mark.fuzz
def test_every_board_is_valid_with_few_states() -> None:
    for board in BOARDS:
        _valid(board)
    assert max(board.states for board in BOARDS) <= BOARD_STATES


def _agrees_on(model: ComparedModel, boards: tuple[Board, ...]) -> None:
    for board in boards:
        checked = check_board(model, board)
        assert checked.verdict == "agrees", (board.name, checked.divergence)
        assert checked.states == board.states


def test_ours_agrees_on_every_layout() -> None:
    _agrees_on(our_model()[1], AS_GIVEN)


def test_a_textbook_model_agrees_on_every_layout(
        agreeing_model: Callable[[str], ComparedModel]) -> None:
    _agrees_on(agreeing_model("textbook-direction-parameter"), AS_GIVEN)


@settings(max_examples=max(EXAMPLES, 10), derandomize=not EXAMPLES, deadline=None)
@given(board=st.sampled_from(BOARDS))
def test_ours_agrees_on_a_board_in_any_orientation(board: Board) -> None:
    _agrees_on(our_model()[1], (board,))


@pytest.mark.fuzz
def test_ours_and_the_textbook_model_agree_on_every_board() -> None:
    textbook = model_or_defect(read_model(str(TEXTBOOK)).report, str(TEXTBOOK))
    assert not isinstance(textbook, UnbuildableModel)
    _agrees_on(our_model()[1], BOARDS)
    _agrees_on(textbook, BOARDS)


@settings(max_examples=max(EXAMPLES, 8), derandomize=not EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), board=st.sampled_from(BOARDS))
def test_a_single_fault_of_ours_is_caught_on_a_board_where_it_shows(seed: int,
                                                                     board: Board) -> None:
    report, ours = our_model()
    schemas = report.schemas
    (faults,) = mutants(schemas, 1, 1, seed, direction_words(schemas, ours.words))
    variant = rebuilt(report, apply_edits(schemas, faults), "variant", ours.words)
    if isinstance(variant, UnbuildableModel):
        return
    on = variant.on(board.level)
    checked = check_board(variant, board)
    differs = first_difference(on)
    assert (checked.verdict == "diverges") == (differs is not None), (faults, checked.claim)
    if checked.counterexample is None:
        return
    presses = parse_plan(checked.counterexample)
    # The presses but the last are moves of the game within the budget, to the difference...
    state, spent = board.level.start, 0
    for direction in presses[:-1]:
        move = step(board.level, state, direction)
        assert isinstance(move, Move) and not is_goal(board.level, state)
        state, spent = move.state, spent + move.cost
    assert spent == differs and spent <= board.level.budget
    # ... which the variant shows at their end.
    fault, several = replay_directions(on, presses)
    shown = fault or several
    assert shown is not None and shown.letter in (len(presses), len(presses) + 1)
