"""The exhaustive search reproduces ../shared/PAR.md (R-G3: least total cost, damage included)."""

from __future__ import annotations

import pytest
from conftest import make_level, par_table, shared_level, shared_params

from strips_model.validator import validate
from translator.planners.exhaustive import solve_exhaustively


def test_par_table_lists_every_shared_level() -> None:
    """Test data: PAR.md is parsed into 20 rows (9 classic levels, 11 test maps)."""
    rows = par_table()
    if not rows:
        pytest.skip("../shared is absent: PAR.md cannot be read")
    assert len(rows) == 20
    assert sum(relpath.startswith("classic/") for relpath, _, _ in rows) == 9


@pytest.mark.parametrize(
    "row", shared_params([pytest.param(row, id=row[0]) for row in par_table()])
)
def test_search_reaches_par_and_proves_par_minus_one(row: tuple[str, int, int]) -> None:
    """R-G1..R-G3: an optimal plan costs exactly the par, validates, and par - 1 has no plan."""
    relpath, budget, par = row
    level = shared_level(f"levels/{relpath}")
    assert level.budget == budget
    found = solve_exhaustively(level)
    assert found.plan is not None and found.cost == par
    verdict = validate(level, found.plan)
    assert verdict.valid, verdict.reason
    assert verdict.cost == par
    tighter = solve_exhaustively(level, budget=par - 1)
    assert tighter.plan is None and tighter.cost is None


def test_search_empty_plan_at_the_start() -> None:
    """R-G2: when the hero starts next to a demon the optimal plan is empty, cost 0."""
    result = solve_exhaustively(make_level("#HD#", budget=0))
    assert result.plan == () and result.cost == 0


def test_search_counts_damage() -> None:
    """R-E3/R-G3: the cost is damage included: across the spikes costs 2, not 1.

    #####
    #HSD#       across: 1 action onto spikes, cost 2 (the optimum)
    #   #       around: 3 actions, cost 3
    #####
    """
    level = make_level("""
        #####
        #HSD#
        #   #
        #####
        """, budget=3)
    result = solve_exhaustively(level)
    assert result.cost == 2 and result.plan == ("r",)
    assert solve_exhaustively(level, budget=1).plan is None
