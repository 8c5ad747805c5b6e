"""The boards' verdicts (translator/compare/runs/board_check.py) and how the report shows them
(translator/compare/report/board_text.py): a model that differs on one board's state has its
group `diverges`, that board named with the key presses; a board it cannot be run on is
`not run` with the reason."""

from __future__ import annotations

from functools import cache

import pytest
from compare.runs.test_verdicts import _Endless, _Unplaceable

from translator.compare.check import our_model
from translator.compare.models.compared import UnbuildableModel
from translator.compare.models.protocols import ComparedModel
from translator.compare.repair.edits import apply_edits
from translator.compare.repair.mirror import direction_words
from translator.compare.repair.mutants import mutants
from translator.compare.repair.verify import rebuilt
from translator.compare.report.board_text import board_section, board_summary
from translator.compare.runs import board_check
from translator.compare.runs.board_check import (
    BoardResult,
    board_batches,
    bounded_boards,
    check_board,
    first_causes,
    group_results,
)
from translator.compare.runs.mechanic_boards import Board, board_groups, distinct_boards

SKELETON_ALONE = next(group for group in board_groups() if group.name == "skeleton").boards


@cache
def _faulty() -> tuple[ComparedModel, BoardResult]:
    """A single fault of ours that shows on the board of the skeleton alone, and its result
    there: the first seed whose mutant differs there."""
    report, ours = our_model()
    schemas = report.schemas
    for seed in range(200):
        (faults,) = mutants(schemas, 1, 1, seed, direction_words(schemas, ours.words))
        variant = rebuilt(report, apply_edits(schemas, faults), "variant", ours.words)
        if isinstance(variant, UnbuildableModel):
            continue
        result = check_board(variant, SKELETON_ALONE[0])  # as given
        if result.verdict == "diverges":
            return variant, result
    raise AssertionError("no single fault of ours shows on the skeleton's boards")


def _others_agree(result: BoardResult) -> list[BoardResult]:
    """Every distinct board: `result` on its own, the others as a model equal there."""
    return [result if board.level == result.board.level else
            BoardResult(board, board.states, "equal", None, None)
            for board in distinct_boards()]


def test_a_difference_on_one_board_makes_its_groups_diverge_with_the_key_presses() -> None:
    _, result = _faulty()
    assert result.counterexample is not None and result.counterexample in (result.divergence
                                                                            or "")
    groups = group_results(_others_agree(result))
    differing = {group.name for group in groups if group.verdict == "diverges"}
    # The board is the skeleton's alone, which the pair of the skeleton and the demon draws too.
    assert differing == {"skeleton", "skeleton + demon"}
    assert [group.name for group in first_causes(groups)] == ["skeleton"]
    witness = next(group for group in groups if group.name == "skeleton").witness
    assert witness is not None and witness.board.level == result.board.level
    assert all(group.agrees for group in groups if group.name not in differing)
    summary = board_summary(groups)
    assert len(summary) == 1 and "it differs on skeleton (witnesses below), and 1 pairs" \
        in summary[0]
    section = "\n".join(board_section(groups))
    assert f"Witness: {witness.board.name}" in section
    assert f"'{result.counterexample}'" in section and "\n".join(witness.board.grid) in section
    as_json = next(g for g in groups if g.name == "skeleton").as_json()
    assert as_json["verdict"] == "diverges" and isinstance(as_json["witness"], dict)
    assert as_json["witness"]["counterexample"] == result.counterexample


def test_boards_checked_in_a_child_give_what_they_give_here() -> None:
    variant, result = _faulty()
    forked = bounded_boards(variant, SKELETON_ALONE)
    assert [r.board for r in forked] == list(SKELETON_ALONE)
    mine = next(r for r in forked if r.board == result.board)
    assert (mine.verdict, mine.counterexample) == ("diverges", result.counterexample)


def test_the_batches_hold_every_board_once_a_layout_in_one() -> None:
    batches = board_batches(3)
    boards: list[Board] = [board for batch in batches for board in batch]
    assert sorted(map(id, boards)) == sorted(map(id, distinct_boards()))
    for batch in batches:
        for board in batch:
            assert not any(board.layout == other.layout for b in batches if b is not batch
                           for other in b)


def test_a_board_that_cannot_run_is_not_run_with_the_reason(monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    results = bounded_boards(_Unplaceable(), SKELETON_ALONE[:2])
    assert {r.verdict for r in results} == {"not run"}
    assert all("no cell of this level" in (r.not_run or "") for r in results)
    monkeypatch.setattr(board_check, "BOARD_SECONDS", 0.2)
    (ended,) = bounded_boards(_Endless(), SKELETON_ALONE[:1])
    assert ended.verdict == "not run" and "failed" in (ended.not_run or "")


def test_every_groups_witness_names_the_schema_to_blame() -> None:
    """Only a layout's first board that differs is told in full (`_boards_here`): each group's
    witness must be one, told as `check_board` tells it alone. Ours without the adjacency
    `step_hurt` needs is blocked on the boards of many groups."""
    report, ours = our_model()
    schemas = report.schemas
    variant = next(
        model for seed in range(200)
        for (faults,) in [mutants(schemas, 1, 1, seed, direction_words(schemas, ours.words))]
        if (faults[0].schema, faults[0].kind.value, getattr(faults[0].before, "predicate", None))
        == ("step_hurt", "remove", "adjacent")
        and not isinstance(model := rebuilt(report, apply_edits(schemas, faults), "variant",
                                            ours.words), UnbuildableModel))
    groups = group_results(bounded_boards(variant, distinct_boards()))
    witnesses = [group.witness for group in groups if group.verdict == "diverges"]
    assert len(witnesses) >= 5
    for witness in witnesses:
        assert witness is not None and witness.divergence is not None
        assert witness.divergence == check_board(variant, witness.board).divergence
    assert any("has no action: step_hurt fails on" in (w.divergence or "") for w in witnesses)
