"""A model compared with the game on every state of the generated boards (mechanic_boards.py),
the way a level's states are (state_space.py `compare_states`), with one verdict per mechanic
or pair of mechanics: `agrees` when equal on every state of every board of the group,
`diverges` with the first board that differs named and the shortest key presses that show it,
`not run` with the reason when a board could not be tried.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Final

from strips_model.errors import HelltakerError
from translator.compare.models.protocols import ComparedModel
from translator.compare.runs.mechanic_boards import (
    BOARD_STATES,
    Board,
    board_groups,
    distinct_boards,
)
from translator.compare.runs.state_space import compare_states
from translator.runtime.processes import NO_LIMITS, Limits, WorkerFailed, run_in_child

BOARD_SECONDS: Final = 30.0
"""The bound of the model's attempt on the boards of one layout (its orientations) when
`--timeout` gives none: they take our model a tenth of a second."""


@dataclass(frozen=True, slots=True)
class BoardResult:
    board: Board
    states: int
    """States compared (all the board reaches, for a model that can follow the game)."""
    claim: str
    counterexample: str | None
    """The key presses (`udlr`) from the start to the first difference, when there is one."""
    divergence: str | None
    """Where the model first departs from the game, with those key presses."""
    not_run: str | None = None

    @property
    def verdict(self) -> str:
        if self.not_run is not None:
            return "not run"
        return "diverges" if self.divergence is not None else "agrees"

    def as_json(self) -> dict[str, object]:
        board = self.board
        return {"board": board.name, "level": "\n".join(board.grid),
                "budget": board.level.budget, "game_states": board.states,
                "game_cost": board.cost, "verdict": self.verdict, "why": self.not_run,
                "states_compared": self.states, "claim": self.claim,
                "counterexample": self.counterexample, "divergence": self.divergence}


@dataclass(frozen=True, slots=True)
class GroupResult:
    """The verdict of one mechanic or pair of mechanics, over all its boards."""

    name: str
    mechanics: tuple[str, ...]
    boards: tuple[BoardResult, ...]

    @property
    def verdict(self) -> str:
        verdicts = {result.verdict for result in self.boards}
        return "diverges" if "diverges" in verdicts else \
            "not run" if "not run" in verdicts else "agrees"

    @property
    def agrees(self) -> bool:
        return self.verdict == "agrees"

    @property
    def witness(self) -> BoardResult | None:
        """The first board that differs, or failing that the first not run."""
        return next((r for r in self.boards if r.verdict == "diverges"),
                    next((r for r in self.boards if r.verdict == "not run"), None))

    @property
    def states(self) -> int:
        return sum(result.states for result in self.boards)

    def as_json(self) -> dict[str, object]:
        witness = self.witness
        return {"group": self.name, "verdict": self.verdict, "boards": len(self.boards),
                "states_compared": self.states,
                "diverging": [r.board.name for r in self.boards if r.verdict == "diverges"],
                "witness": witness.as_json() if witness is not None else None}


def check_board(model: ComparedModel, board: Board, why: bool = True) -> BoardResult:
    """`why` False: where the model has no action, the schema to blame is not named
    (state_space.py `compare_states`)."""
    checked = compare_states(model.on(board.level), BOARD_STATES, why)
    divergence = None if checked.divergence is None else \
        f"{checked.where}, {checked.divergence}"
    return BoardResult(board, checked.states_compared, checked.claim, checked.counterexample,
                       divergence)


def bounded_boards(model: ComparedModel, boards: Sequence[Board], limits: Limits = NO_LIMITS
                   ) -> tuple[BoardResult, ...]:
    """`check_board` on each board, the orientations of one layout in a forked child under
    `limits` (`BOARD_SECONDS` when they set no time): boards the model cannot be tried on, or
    whose comparison passes the bound, are `not run` with the reason."""
    bound = Limits(limits.seconds if limits.seconds is not None else BOARD_SECONDS,
                   limits.memory)
    results: list[BoardResult] = []
    for layout in _by_layout(boards):
        try:
            results += run_in_child(f"the compared model on the boards {layout[0].layout!r}",
                                    _boards_here, (model, layout), bound)
        except WorkerFailed as failure:
            results += [BoardResult(board, 0, "not compared", None, None,
                                    f"its attempt on the board failed: {failure}")
                        for board in layout]
    return tuple(results)


def board_batches(count: int) -> list[tuple[Board, ...]]:
    """The distinct boards dealt into `count` batches, the orientations of a layout in one."""
    layouts = _by_layout(distinct_boards())
    return [tuple(b for layout in layouts[start::count] for b in layout)
            for start in range(count)]


def _by_layout(boards: Sequence[Board]) -> list[tuple[Board, ...]]:
    layouts: dict[str, list[Board]] = {}
    for board in boards:
        layouts.setdefault(board.layout, []).append(board)
    return [tuple(group) for group in layouts.values()]


def _boards_here(task: tuple[ComparedModel, tuple[Board, ...]]) -> list[BoardResult]:
    model, boards = task
    results = []
    told: set[str] = set()
    for board in boards:
        try:
            # A group shows only its first board that differs (`GroupResult.witness`), and a
            # group's boards come layout by layout, each layout's orientations in one order:
            # so only a layout's first board that differs is told in full. Naming the schema
            # to blame costs a search (blame.py): seed 000 differs on 312 of the 352 boards,
            # and those searches were 3/4 of its boards' time.
            result = check_board(model, board, why=False)
            if result.divergence is not None and board.layout not in told:
                told.add(board.layout)
                result = check_board(model, board)
            results.append(result)
        except HelltakerError as error:
            # Caught in the child: only its one line crosses back.
            results.append(BoardResult(board, 0, "not compared", None, None,
                                       f"cannot be run on the board: {error}"))
    return results


def group_results(results: Iterable[BoardResult]) -> tuple[GroupResult, ...]:
    """One verdict per mechanic and pair of mechanics, from the results of the distinct
    boards (mechanic_boards.py `distinct_boards`)."""
    by_level = {result.board.level: result for result in results}
    # A board two groups draw is compared once, and named in each by its group.
    return tuple(GroupResult(group.name, group.mechanics,
                             tuple(replace(by_level[b.level], board=b) for b in group.boards))
                 for group in board_groups())


def not_run_groups(reason: str) -> tuple[GroupResult, ...]:
    """Every group `not run`, for a model that cannot be run at all."""
    return tuple(GroupResult(group.name, group.mechanics, tuple(
        BoardResult(board, 0, "not compared", None, None, reason) for board in group.boards))
        for group in board_groups())


def first_causes(groups: Sequence[GroupResult]) -> tuple[GroupResult, ...]:
    """The groups that differ where their mechanics alone do not: a mechanic alone, or a pair
    of mechanics that each agree alone (a pair's difference is news only then)."""
    alone = {group.mechanics[0]: group.agrees for group in groups
             if len(group.mechanics) == 1}
    return tuple(group for group in groups if group.verdict == "diverges" and (
        len(group.mechanics) == 1 or all(alone.get(m, False) for m in group.mechanics)))
