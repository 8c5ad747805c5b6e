"""Decoding (translator/solving/key_presses.py): a planner's plan to key presses, replayed by
the simulator before anything is shown."""

from __future__ import annotations

import pytest
from helpers import make_level

from strips_model.moves import Direction
from translator.planners.outcome import PlannerOptions, PlannerOutcome, Status
from translator.solving.solve import Solution, solve_level


def test_plan_steps_are_decoded_to_key_presses_and_replayed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    solution = _solve_with_planner_returning(monkeypatch, PlannerOutcome(
        Status.SOLVED, "stub", True, steps=(_step("right"),), cost=2))
    assert solution.status is Status.SOLVED and solution.directions == ("r",)
    assert solution.verdict is not None and solution.verdict.cost == 2
    assert [name for name, _ in solution.phases] == ["planner", "decode", "validate"]


def test_key_presses_of_a_planner_over_the_simulator_are_replayed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    solution = _solve_with_planner_returning(monkeypatch, PlannerOutcome(
        Status.SOLVED, "stub", True, key_presses=(Direction.RIGHT,), cost=2), budget=1)
    assert solution.status is Status.INVALID
    assert solution.verdict is not None and solution.verdict.rule == "R-G3"


def test_a_plan_the_rules_reject_is_invalid(monkeypatch: pytest.MonkeyPatch) -> None:
    solution = _solve_with_planner_returning(monkeypatch, PlannerOutcome(
        Status.SOLVED, "stub", True, steps=(_step("left"),), cost=1))
    assert solution.status is Status.INVALID and solution.directions == ("l",)


def test_an_action_without_key_press_is_a_planner_error(
        monkeypatch: pytest.MonkeyPatch) -> None:
    solution = _solve_with_planner_returning(monkeypatch, PlannerOutcome(
        Status.SOLVED, "stub", True, steps=(("fly", ("c0_1",)),), log_tail="planner log"))
    assert solution.status is Status.ERROR and solution.directions is None
    assert solution.outcome.log_tail.splitlines() == ["planner log",
                                                      "action (fly c0_1) is not in the model"]


def _solve_with_planner_returning(monkeypatch: pytest.MonkeyPatch, outcome: PlannerOutcome,
                                  budget: int = 2) -> Solution:
    """`solve_level` on `#HSD#` (across the spikes costs 2) with a planner stub."""
    import translator.solving.solve as solve

    monkeypatch.setattr(solve, "run_planner", lambda name, level, options: outcome)
    return solve_level(make_level("#HSD#", budget=budget), "stub", PlannerOptions(budget))


def _step(direction: str) -> tuple[str, tuple[str, ...]]:
    return ("step_hurt", ("c0_1", "c0_2", direction, "even", "odd", "limbo_even", "limbo_odd",
                          "no", "yes"))
