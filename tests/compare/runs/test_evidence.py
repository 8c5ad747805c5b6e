"""The eight turned and mirrored copies of a level: the game's plan, turned alike, is still
an optimal plan of the copy."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from strips_model.validator import validate
from translator.compare.runs.coverage import distinct_probes
from translator.compare.runs.evidence import SYMMETRIES, probe_cases
from translator.planners.exhaustive import solve_exhaustively


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
