"""`fd` chooses its search by the level's size (translator/planners/size_choice.py): small
levels are always grounded; on a large one the simulator's search answers when it settles the
level within its budget of expansions, with the same cost, and says so in the label."""

from __future__ import annotations

import pytest
from helpers import ROOT, SHARED, shared_level_files

from strips_model.level_file import load_level, parse_level
from translator.planners import size_choice
from translator.planners.exhaustive import solve_exhaustively
from translator.planners.fast_downward import solve_direct
from translator.planners.outcome import PlannerOptions, Status
from translator.planners.size_choice import simulator_first, tries_simulator


def _room(size: int, budget: int) -> str:
    inner = [" " * (size - 2) for _ in range(size - 2)]
    inner[0] = "H" + inner[0][1:]
    inner[-1] = inner[-1][:-1] + "D"
    rows = ["#" * size, *(f"#{row}#" for row in inner), "#" * size]
    return f"room\n{budget}\n" + "\n".join(rows) + "\n"


ROOM = parse_level(_room(13, 40))
"""121 open cells: above `MIN_CELLS`."""


def test_shipped_levels_are_always_grounded() -> None:
    paths = [*(ROOT / "levels").glob("*.txt"),
             *(SHARED / "levels" / name for name in shared_level_files())]
    assert paths
    assert not any(tries_simulator(load_level(str(path))) for path in paths)


def test_a_large_level_is_settled_by_the_simulator_with_the_same_cost() -> None:
    assert tries_simulator(ROOM)
    outcome = solve_direct(ROOM, PlannerOptions(ROOM.budget, 60.0))
    assert outcome.status is Status.SOLVED and outcome.optimal
    assert outcome.planner.startswith("fd -> search (A* over the simulator")
    assert outcome.cost == solve_exhaustively(ROOM).cost
    assert [phase for phase, _ in outcome.timings] == ["simulator"]


def test_a_budget_too_small_is_settled_as_unsolvable() -> None:
    tight = ROOM.with_budget(10)
    outcome = simulator_first(tight, PlannerOptions(tight.budget, 60.0))
    assert outcome is not None and outcome.status is Status.UNSOLVABLE and outcome.optimal


def test_past_the_budget_of_expansions_fd_grounds_the_task(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(size_choice, "EXPANSIONS_PER_CELL", 0)
    assert simulator_first(ROOM, PlannerOptions(ROOM.budget, 60.0)) is None


@pytest.mark.planner
def test_past_the_budget_of_expansions_fd_finds_the_same_cost(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(size_choice, "EXPANSIONS_PER_CELL", 0)
    outcome = solve_direct(ROOM, PlannerOptions(ROOM.budget, 60.0))
    assert outcome.status is Status.SOLVED and outcome.planner.startswith("fd astar")
    assert outcome.cost == solve_exhaustively(ROOM).cost
    assert [phase for phase, _ in outcome.timings][:2] == ["simulator", "model"]
