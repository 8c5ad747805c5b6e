"""The eight turned and mirrored copies of a level: the game's plan, turned alike, is still
an optimal plan of the copy. The levels a reading is tested on, solved in a child aside."""

from __future__ import annotations

import os

import pytest
from helpers import shared_level
from hypothesis import given, settings
from hypothesis import strategies as st

from strips_model.validator import validate
from translator.compare.runs import evidence
from translator.compare.runs.coverage import distinct_probes
from translator.compare.runs.evidence import SYMMETRIES, probe_cases
from translator.planners.exhaustive import solve_exhaustively
from translator.runtime import processes


def test_the_eight_copies_of_a_probe_are_eight_different_grids() -> None:
    level = distinct_probes()[2].level()  # R-A3: a boulder, not symmetric itself
    copies = {(s.level(level).walls, s.level(level).start) for s in SYMMETRIES}
    assert len(copies) == 8


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([c for c in probe_cases() if c.plan is not None and c.judged is None]))
def test_the_turned_plan_is_an_optimal_plan_of_the_turned_level(case: object) -> None:
    from translator.compare.runs.evidence import Case

    assert isinstance(case, Case) and case.plan is not None
    verdict = validate(case.level, case.plan)
    assert verdict.valid and verdict.cost == case.cost
    assert solve_exhaustively(case.level, case.level.budget).cost == case.cost


def test_every_rule_has_its_probes_in_eight_orientations() -> None:
    names = [c.name for c in probe_cases()]
    assert len(names) == 8 * len(distinct_probes()) == len(set(names))
    rules = {rule for c in probe_cases() for rule in c.rules}
    assert {"R-A1", "R-A5", "R-E3", "E12", "E13"} <= rules


def test_levels_solved_aside_are_the_levels_solved_here(monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    """Inside `levels_solved_aside` (two cores) the cases come from its child: none is solved
    in this process, and they equal those solved here; a level past the limit is left out
    alike. A child that dies leaves them to be solved here; none is left running."""
    levels = [shared_level(f"levels/classic/level{n}.txt") for n in (2, 3, 4)]
    monkeypatch.setattr(evidence, "_SOLVED", {})
    here = evidence.solved_level_cases(levels, 2_000)
    assert [case.name for case in here] == ["level2", "level3"]  # level 4 needs more
    monkeypatch.setattr(evidence, "_SOLVED", {})

    def never(*_: object, **__: object) -> None:
        raise AssertionError("solved in this process")

    with evidence.levels_solved_aside(levels, 2_000, jobs=2):
        monkeypatch.setattr(evidence, "solve_exhaustively", never)
        assert evidence.solved_level_cases(levels, 2_000) == here
    monkeypatch.undo()
    monkeypatch.setattr(evidence, "_SOLVED", {})
    monkeypatch.setattr(evidence, "_all_solved", lambda _: os._exit(3))
    with evidence.levels_solved_aside(levels, 2_000, jobs=2):
        assert evidence.solved_level_cases(levels, 2_000) == here
    with evidence.levels_solved_aside(levels[:1], 2_000, jobs=2):
        pass  # kept already: no child
    monkeypatch.setattr(evidence, "_SOLVED", {})
    with evidence.levels_solved_aside(levels, 2_000, jobs=2):
        pass  # never asked for: stopped on exit
    assert not processes._LIVE
