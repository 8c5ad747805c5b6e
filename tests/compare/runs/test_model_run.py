"""The compared model's Fast Downward run (translator/compare/runs/model_run.py): its planning view
as the fast writer's PDDL text, planned by the planners' one Fast Downward runner
(translator/planners/fd_search.py), plans decoded back to the model's own names."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import cast

import pytest
from helpers import ROOT, make_level, shared_path

from strips_model.moves import Direction
from strips_model.pddl_names import pddl_symbol
from strips_model.reports.document import load_report
from strips_model.schema import build_domain
from strips_model.validator import validate
from translator.compare.models.compared import compared_model
from translator.compare.models.protocols import ComparedModel, LevelModel
from translator.compare.models.report_model import ReportModel
from translator.compare.models.report_planning import typed_domain
from translator.compare.runs.model_run import accepts, solve_model
from translator.model.pddl_text import domain_text
from translator.planners.exit_codes import status_of_exit
from translator.planners.fast_downward import run_driver
from translator.planners.outcome import Status

ROOM = """\
    #######
    #H B  #
    #    D#
    #######
    """
"""Kick the boulder on, walk round it: 4 moves."""


@cache
def _seed() -> ReportModel:
    model = compared_model(load_report(str(shared_path("seeds/001_1103b020ed6d817c.txt"))),
                           "seed 001")
    assert isinstance(model, ReportModel)
    return model


@cache
def _ours() -> ComparedModel:
    return compared_model(load_report(str(ROOT / "strips_model" / "helltaker.strips")), "ours")


def test_plan_steps_decode_to_the_models_own_names() -> None:
    # Fast Downward writes the PDDL names, lowercased: `goup n4 n3`, never `goUp 4 3`.
    on_level = _seed().on(make_level(ROOM, budget=6))
    domain, problem = on_level.pddl_texts()
    schema = next(s for s in _seed().planning.schemas if s.name.startswith("go"))
    symbol = pddl_symbol(schema.name)
    assert f"(:action {symbol}\n" in domain and symbol == symbol.lower()
    numbers = [value for value in ("n1", "n2", "n3", "n4") if f" {value} " in problem
               or f" {value})" in problem]
    assert numbers, problem
    arguments = tuple(numbers[0] for _ in schema.parameters)
    decoded = on_level.decode((symbol, arguments))
    assert decoded is not None
    name, binding = decoded
    assert name in {s.name for s in _seed().exact.schemas} and pddl_symbol(name) == symbol
    assert set(binding.values()) == {numbers[0][1:]}  # n4 -> 4, the Init's spelling


@pytest.mark.planner
def test_names_that_differ_only_in_case_stay_two_actions() -> None:
    # Fast Downward lowercases every token: `goUp` and `goup` must not meet in its task.
    schema = next(s for s in _seed().planning.schemas if s.name != s.name.lower())
    twin = replace(schema, name=schema.name.lower())
    text = domain_text(typed_domain(build_domain((schema, twin), "twins")))
    assert text.count("(:action ") == 2
    assert {pddl_symbol(schema.name), pddl_symbol(twin.name)} == {
        line.split()[1] for line in text.splitlines() if line.startswith(" (:action ")}


def test_the_run_finds_the_plan_fast_downwards_driver_finds(tmp_path: Path) -> None:
    # Seed 001's model takes this path too (tests/compare/test_comparison.py, level 6); ours
    # keeps the test to one model's runs.
    level = make_level(ROOM, budget=6)
    on_level = _ours().on(level)
    run = solve_model(on_level)
    assert run.status is Status.SOLVED and run.replay_failure is None
    assert run.directions is not None and validate(level, run.directions).valid
    # The same PDDL text through Fast Downward's own driver: the same plan, step by step.
    domain, problem = tmp_path / "domain.pddl", tmp_path / "problem.pddl"
    for path, text in zip((domain, problem), on_level.pddl_texts(), strict=True):
        path.write_text(text, encoding="utf-8")
    driver = run_driver(str(domain), str(problem), on_level.search)
    assert status_of_exit(driver.exit_code or 0) is Status.SOLVED
    decoded = [step for step in map(on_level.decode, driver.steps) if step is not None]
    steps = run.steps or ()
    assert [schema for schema, _ in decoded] == [step.schema for step in steps]
    for (_, binding), step in zip(decoded, steps, strict=True):
        assert binding.items() <= dict(step.binding).items()


@pytest.mark.planner
def test_a_budget_too_small_is_a_proof_of_no_plan() -> None:
    run = solve_model(_ours().on(make_level(ROOM, budget=3)))
    assert run.status is Status.UNSOLVABLE and run.steps is None and run.directions is None


class _Unparsable:
    """Planning text Fast Downward's translator cannot read (a model the fast writer should
    never give, but whose failure must stay the level's, not the comparison's)."""

    search = "astar(blind())"

    def pddl_texts(self) -> tuple[str, str]:
        return "(define (domain d)", "(define (problem p)"

    def planning_task(self) -> None:
        """Nothing to count: the grounding budget lets it through to the translator."""
        return None


def test_text_the_translator_cannot_read_is_an_error_of_the_run() -> None:
    run = solve_model(_Unparsable())  # type: ignore[arg-type]
    assert run.status is Status.ERROR and run.steps is None
    assert run.log_tail.startswith("exit code 31\ntranslator: ")


class _Branching:
    """A model whose every key press may end in one of three states: the game's ends in one."""

    @dataclass(frozen=True)
    class Step:
        to: int
        cost: int = 1

        def apply(self, state: int) -> int:
            return self.to

    def initial(self) -> int:
        return 0

    def applicable(self, state: int) -> list[_Branching.Step]:
        return [self.Step(3 * state + branch) for branch in (1, 2, 3)]

    def direction(self, action: object) -> Direction:
        return Direction.RIGHT

    def goal_holds(self, state: int) -> bool:
        return state % 2 == 0


def test_a_model_branching_past_the_bound_is_left_undecided_not_followed() -> None:
    """3^k states after k key presses: past `most` after the fourth (81 > 64), and the answer
    without a bound, by every branch, is still given."""
    model = cast(LevelModel, _Branching())
    presses = (Direction.RIGHT,) * 6
    assert accepts(model, presses, 100) is True
    assert accepts(model, presses, 100, most=64) is None
    assert accepts(model, presses[:3], 100, most=64) is True
    assert accepts(model, presses, 3, most=64) is False  # past the budget after three
