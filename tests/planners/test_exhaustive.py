"""The exhaustive search reproduces ../shared/PAR.md (R-G3: least total cost, damage included);
the best-first search under it finds cheapest paths within a bound, the same one every run."""

from __future__ import annotations

import pytest
from helpers import make_level

from strips_model.level_file import load_level
from strips_model.validator import validate
from translator.planners import best_first
from translator.planners.best_first import SearchTimeout, best_first_search
from translator.planners.exhaustive import solve_exhaustively


def test_par_table_lists_every_shared_level(level_table) -> None:
    """Test data: PAR.md is parsed into 20 rows (9 classic levels, 11 test maps)."""
    rows = [case for case in level_table if case.shared]
    if not rows:
        pytest.skip("../shared is absent: PAR.md cannot be read")
    assert len(rows) == 20
    assert sum(case.label.startswith("classic/") for case in rows) == 9


def test_search_reaches_par_and_proves_par_minus_one(shared_case) -> None:
    """R-G1..R-G3: an optimal plan costs exactly the par, validates, and par - 1 has no plan."""
    par = shared_case.par
    level = load_level(str(shared_case.path))
    assert level.budget == shared_case.budget
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


GRAPH = {"a": [("ab", "b", 1), ("ac", "c", 4)], "b": [("bc", "c", 1), ("bd", "d", 5)],
         "c": [("cd", "d", 1)], "d": []}
"""a -> b -> c -> d costs 3; a -> c -> d costs 5; a -> b -> d costs 6."""


def _successors(node: str) -> list[tuple[str, str, int]]:
    return GRAPH[node]


def test_best_first_finds_the_cheapest_path_within_the_bound() -> None:
    found = best_first_search("a", _successors, lambda node: node == "d", bound=10)
    assert (found.plan, found.cost) == (("ab", "bc", "cd"), 3)
    assert best_first_search("a", _successors, lambda node: node == "d", bound=3).cost == 3
    tight = best_first_search("a", _successors, lambda node: node == "d", bound=2)
    assert (tight.plan, tight.cost) == (None, None)
    assert best_first_search("d", _successors, lambda node: node == "d", bound=0).plan == ()


def test_best_first_breaks_ties_by_discovery_order() -> None:
    """Two plans of cost 2: the one whose first step comes first in `successors` wins."""
    square = {"s": [("left", "l", 1), ("right", "r", 1)], "l": [("up", "g", 1)],
              "r": [("up", "g", 1)], "g": []}
    found = best_first_search("s", square.__getitem__, lambda node: node == "g", bound=5)
    assert found.plan == ("left", "up")


def test_a_heuristic_that_never_overestimates_keeps_the_optimum_and_expands_less() -> None:
    remaining = {"a": 3, "b": 2, "c": 1, "d": 0}
    blind = best_first_search("a", _successors, lambda node: node == "d", bound=10)
    guided = best_first_search("a", _successors, lambda node: node == "d", bound=10,
                               heuristic=remaining.__getitem__)
    assert guided.plan == blind.plan and guided.expanded <= blind.expanded


def test_best_first_stops_at_its_time_limit() -> None:
    def endless(node: int) -> list[tuple[int, int, int]]:
        return [(1, node + 1, 1)]

    with pytest.raises(SearchTimeout, match="stopped after 0 s"):
        best_first_search(0, endless, lambda node: False, bound=10**9, time_limit=0.0)


def test_slow_expansions_are_stopped_near_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each expansion takes 10 ms of a fake clock: a 2 s limit stops the search after about
    200 of them, not after the next multiple of the 1,024 expansions it once waited for."""
    clock = [0.0]
    monkeypatch.setattr(best_first.time, "perf_counter", lambda: clock[0])

    def slow(node: int) -> list[tuple[int, int, int]]:
        clock[0] += 0.01
        return [(1, node + 1, 1)]

    with pytest.raises(SearchTimeout, match=r"stopped after 2 s \((\d+) states") as stopped:
        best_first_search(0, slow, lambda node: False, bound=10**9, time_limit=2.0)
    expanded = int(str(stopped.value).split("(")[1].split()[0])
    assert 200 <= expanded <= 210
