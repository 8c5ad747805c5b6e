"""A fix that holds only by accident of coordinates is found out on boards moved down and
right (translator/compare/repair/shifted.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from strips_model.validator import validate
from translator.compare.models.protocols import ComparedModel
from translator.compare.repair.edits import Clause, Edit, Kind
from translator.compare.repair.search_terms import Repair, Subject
from translator.compare.repair.shifted import by_coordinates, shifted_level
from translator.compare.runs.evidence import probe_cases

_LABEL = "textbook-direction-parameter"


@given(index=st.integers(0, len(probe_cases(symmetric=False)) - 1),
       rows=st.integers(0, 4), columns=st.integers(0, 4))
def test_the_game_plays_a_moved_board_alike(index: int, rows: int, columns: int) -> None:
    case = probe_cases(symmetric=False)[index]
    moved = shifted_level(case.level, rows, columns)
    assert (moved.height, moved.width) == (case.level.height + rows, case.level.width + columns)
    assert moved.start.hero == (case.level.start.hero[0] + rows,
                                case.level.start.hero[1] + columns)
    for plan in (case.plan, case.judged):
        if plan is not None:
            before, after = validate(case.level, plan), validate(moved, plan)
            assert (after.valid, after.cost) == (before.valid, before.cost)


def _verdict(model: ComparedModel, edits: tuple[Edit, ...]) -> str | None:
    cases = probe_cases(symmetric=False)
    subject = Subject(model.report, model.label, model.words, cases)
    return by_coordinates(subject, model.report.schemas, Repair(edits, (), (), len(cases)),
                          cases)


def test_a_right_model_keeps_every_verdict_on_a_moved_board(
        agreeing_model: Callable[[str], ComparedModel]) -> None:
    assert _verdict(agreeing_model(_LABEL), ()) is None


def test_a_precondition_on_a_row_read_as_a_column_is_found_out(
        agreeing_model: Callable[[str], ComparedModel]) -> None:
    """`¬wall(y2, x2)` beside `¬wall(x2, y2)`: a wall at the transposed cell blocks the move,
    which on some probe's board as given blocks nothing the game plays."""
    model = agreeing_model(_LABEL)
    move = next(s for s in model.report.schemas if s.name == "MoveEven")
    wall = next(lit for lit in move.preconditions if lit.predicate == "wall")
    swapped = replace(wall, args=(wall.args[1], wall.args[0]))
    edit = Edit(Kind.ADD, move.name, Clause.PRECONDITION, len(move.preconditions), None, swapped)
    found = _verdict(model, (edit,))
    assert found is not None and "moved by 2 rows, 3 columns" in found
