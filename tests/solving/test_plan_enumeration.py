"""`helltaker plans`: the plans SymK enumerates are exactly the words a brute-force walk of the
simulator finds, on every mechanic of the game and the course's test maps that combine two, with
a bound that leaves room for slack and loops."""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

import pytest
from helpers import ROOT, SHARED, make_level, shared_level, shared_params, shared_path

from strips_model.level import Level, State
from strips_model.level_file import load_level
from strips_model.moves import Direction, parse_plan
from strips_model.simulator import Move, is_goal, step
from strips_model.validator import validate
from translator.cli.main import main
from translator.measure.plan_counts import PUBLISHED_SEED_003, count_by_simulation
from translator.planners.outcome import Status
from translator.planners.registry import ENUMERATING_PLANNERS
from translator.solving.plan_enumeration import enumerate_plans

BIG_REPO_LEVELS = {"level1", "level6_report"}
"""Classic-sized: thousands of plans once the bound leaves slack."""
SMALL_LEVELS = [
    *(p for p in sorted((ROOT / "levels").glob("*.txt")) if p.stem not in BIG_REPO_LEVELS),
    *sorted((SHARED / "levels" / "tests").glob("*.txt")),
]
ONE_LEVEL_PER_MECHANIC = [p for p in SMALL_LEVELS if p.parent == ROOT / "levels"]
"""The repo's small levels, each built around one mechanic (levels/README.md): every engine
(SymK, K*, ASP) runs on these: what an engine's encoding can get wrong is a mechanic, and every
mechanic meets every engine here."""
SHARED_COMBINATIONS = ("spikes3", "traps1", "trapsmob2")
"""The course's test maps that put two mechanics together where no repo level does: a boulder
by spikes, a boulder by both kinds of trap, a skeleton on a lowered trap. SymK, the default,
also runs on these; the other shared test maps repeat one repo level's mechanic alone (spikes1,
spikes4: static_spikes; spikes2: skeleton_on_spikes; trapsTTT: trap_lowered_start; trapsUUU:
trap_raised_start; trapsmob1: skeleton_on_trap; locknkey: lock_and_key; corridor: walking,
which every level does); the simulation's count is still checked on every small level
(test_counting_by_simulation_agrees_with_the_brute_force)."""
EXTRA = 2
"""Bound = budget + 2: plans that spend slack, damage instead of steps, and loops."""


def brute_force_plans(level: Level, max_cost: int) -> dict[str, int]:
    """The brute-force words, computed once per level and bound for the whole module (each
    is compared against several engines)."""
    return dict(_brute_force_plans(level, max_cost))


@functools.cache
def _brute_force_plans(level: Level, max_cost: int) -> dict[str, int]:
    """Every word of key presses of cost <= max_cost that ends at the first goal state (R-G2),
    by depth-first search over the simulator, with its cost.

    Memoised on (state, moves left), and cut when the hero cannot reach a cell next to a
    demon with the moves left (each action moves the hero at most one cell for >= 1)."""
    goals = level.goal_cells()
    memo: dict[tuple[State, int], dict[str, int]] = {}

    def distance(state: State) -> int:
        return min((abs(state.hero[0] - g[0]) + abs(state.hero[1] - g[1]) for g in goals),
                   default=max_cost + 1)

    def words(state: State, left: int) -> dict[str, int]:
        if (state, left) in memo:
            return memo[(state, left)]
        found: dict[str, int] = {}
        if is_goal(level, state):
            found[""] = 0
        else:
            for letter in Direction:
                outcome = step(level, state, letter)
                if not isinstance(outcome, Move):
                    continue
                if outcome.cost + distance(outcome.state) > left:
                    continue
                for rest, cost in words(outcome.state, left - outcome.cost).items():
                    found[letter + rest] = outcome.cost + cost
        memo[(state, left)] = found
        return found

    return words(level.start, max_cost)


def enumerated(level: Level, max_cost: int, **options: object) -> dict[str, int]:
    result = enumerate_plans(level, max_cost, **options)  # type: ignore[arg-type]
    assert result.status in (Status.SOLVED, Status.UNSOLVABLE), result.message
    words = {"".join(plan.directions): plan.cost for plan in result.plans}
    assert len(words) == len(result.plans), "duplicate plans"
    return words


ENGINE_LEVELS = [
    *((engine, path) for engine in ENUMERATING_PLANNERS for path in ONE_LEVEL_PER_MECHANIC),
    *((ENUMERATING_PLANNERS[0], path) for path in SMALL_LEVELS if path.stem in SHARED_COMBINATIONS),
]


@pytest.mark.planner
@pytest.mark.parametrize(("engine", "path"), shared_params(ENGINE_LEVELS),
                         ids=lambda value: str(getattr(value, "stem", value)))
def test_plans_are_exactly_the_brute_force_words(path: Path, engine: str) -> None:
    level = load_level(str(path))
    expected = brute_force_plans(level, level.budget + EXTRA)
    assert enumerated(level, level.budget + EXTRA, engine=engine) == expected


@pytest.mark.planner
@pytest.mark.parametrize("engine", ENUMERATING_PLANNERS)
def test_level1_plans_within_its_budget_are_the_brute_force_words(engine: str) -> None:
    level = load_level(str(ROOT / "levels" / "level1.txt"))
    expected = brute_force_plans(level, level.budget)
    assert enumerated(level, level.budget, engine=engine) == expected
    # Seed 003 publishes 8 solutions for level 1, counted by a different encoding.
    assert len(expected) == 8


@pytest.mark.planner
@pytest.mark.parametrize("engine", ENUMERATING_PLANNERS)
@pytest.mark.parametrize("name", ["static_spikes.txt", "trap_raised_start.txt"])
def test_optimal_only_keeps_the_minimum_cost_words(name: str, engine: str) -> None:
    level = load_level(str(ROOT / "levels" / name))
    words = brute_force_plans(level, level.budget + EXTRA)
    cheapest = min(words.values())
    expected = {word: cost for word, cost in words.items() if cost == cheapest}
    assert len(words) > len(expected) > 0  # the bound leaves something to filter out
    assert enumerated(level.with_budget(level.budget + EXTRA), level.budget + EXTRA,
                      optimal_only=True, engine=engine) == expected


@pytest.mark.planner
@pytest.mark.parametrize("engine", ENUMERATING_PLANNERS)
def test_limit_gives_the_cheapest_plans_and_says_the_list_may_be_cut(engine: str) -> None:
    level = load_level(str(ROOT / "levels" / "static_spikes.txt"))
    everything = brute_force_plans(level, level.budget + EXTRA)
    result = enumerate_plans(level, level.budget + EXTRA, limit=3, engine=engine)
    assert len(result.plans) == 3 and not result.complete
    assert [plan.cost for plan in result.plans] == sorted(everything.values())[:3]
    for plan in result.plans:
        assert everything["".join(plan.directions)] == plan.cost


@pytest.mark.planner
@pytest.mark.parametrize("engine", ENUMERATING_PLANNERS)
def test_no_plan_within_the_bound_is_a_proof(engine: str) -> None:
    level = load_level(str(ROOT / "levels" / "lock_and_key.txt"))
    result = enumerate_plans(level, level.budget - 1, engine=engine)
    assert (result.status, result.plans, result.complete) == (Status.UNSOLVABLE, (), True)


@pytest.mark.planner
@pytest.mark.parametrize("engine", ENUMERATING_PLANNERS)
def test_hero_next_to_a_demon_has_the_empty_plan_only(engine: str) -> None:
    level = make_level("""
        #####
        #HD #
        #####
    """, budget=3)
    assert enumerated(level, 3, engine=engine) == {"": 0}


@pytest.mark.planner
@pytest.mark.parametrize("number", shared_params(list(range(1, 10))))
def test_kstar_reproduces_seed_003s_counts_on_the_classic_levels(number: int) -> None:
    """The second engine, independent of SymK, against the counts seed 003 published."""
    level = shared_level(f"levels/classic/level{number}.txt")
    result = enumerate_plans(level, level.budget, engine="kstar")
    assert result.complete and len(result.plans) == PUBLISHED_SEED_003[number]


@pytest.mark.planner
def test_json_output(capsys) -> None:
    path = str(ROOT / "levels" / "boulder_wait.txt")
    assert main(["plans", path, "--max-cost", "7", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    level = load_level(path)
    expected = brute_force_plans(level, 7)
    assert report["count"] == len(report["plans"]) == len(expected)
    assert dict(zip(report["plans"], report["costs"], strict=True)) == expected
    assert report["max_cost"] == 7 and report["complete"] is True
    assert report["min_cost"] == min(expected.values())
    for word in report["plans"]:
        assert validate(level.with_budget(7), parse_plan(word)).valid


@pytest.mark.planner
def test_text_output_lists_plans_cheapest_first_and_counts_on_stderr(capsys) -> None:
    path = str(ROOT / "levels" / "static_spikes.txt")
    assert main(["plans", path, "--max-cost", "9", "--alphabet", "fr"]) == 0
    captured = capsys.readouterr()
    rows = [line.split("\t") for line in captured.out.splitlines()]
    costs = [int(cost) for _, cost in rows]
    assert costs == sorted(costs)
    level = load_level(path)
    for word, cost in rows:
        assert validate(level.with_budget(9), parse_plan(word, "fr")).cost == int(cost)
    assert f"{len(rows)} plans of cost <= 9" in captured.err


@pytest.mark.planner
def test_unsolvable_bound_exits_1_and_bad_arguments_exit_2(capsys) -> None:
    path = str(ROOT / "levels" / "lock_and_key.txt")
    assert main(["plans", path, "--max-cost", "13"]) == 1
    assert "no plan of cost <= 13" in capsys.readouterr().err
    for bad in (["--max-cost", "-1"], ["--limit", "0"], ["--max-cost", "3", "--optimal-only"]):
        with pytest.raises(SystemExit) as exit_info:
            main(["plans", path, *bad])
        assert exit_info.value.code == 2


def test_missing_symk_is_named_with_exit_3(monkeypatch, capsys) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "up_symk", None)
    assert main(["plans", str(ROOT / "levels" / "boulder_wait.txt")]) == 3
    assert "up-symk" in capsys.readouterr().err


@pytest.mark.parametrize("path", shared_params(SMALL_LEVELS), ids=lambda p: p and p.stem)
def test_counting_by_simulation_agrees_with_the_brute_force(path: Path) -> None:
    """The cross-check column of docs/plan-counts.md."""
    level = load_level(str(path))
    words = brute_force_plans(level, level.budget + EXTRA)
    counts: dict[int, int] = {}
    for cost in words.values():
        counts[cost] = counts.get(cost, 0) + 1
    assert count_by_simulation(level, level.budget + EXTRA) == dict(sorted(counts.items()))


def test_published_counts_are_seed_003s_table() -> None:
    seeds = sorted(shared_path("seeds").glob("003_*.txt"))
    assert seeds, "seed 003 is missing from ../shared/seeds"
    table = re.findall(r"^\| level (\d+) \| (\d+)\s*\|", seeds[0].read_text("utf-8"), re.M)
    assert {int(level): int(count) for level, count in table} == PUBLISHED_SEED_003


@pytest.mark.parametrize("number", [1, 2, 3, 5, 8])
def test_plan_counts_doc_agrees_with_the_simulator(number: int) -> None:
    """docs/plan-counts.md (regenerate with `helltaker bench --plan-counts --out docs`) on the
    levels the simulation counts in well under a second."""
    level = load_level(str(shared_path(f"levels/classic/level{number}.txt")))
    rows = {int(cells[0]): cells for cells in (
        [cell.strip() for cell in line.strip("|").split("|")]
        for line in (ROOT / "docs" / "plan-counts.md").read_text("utf-8").splitlines()
        if re.match(r"^\| \d+ \|", line))}
    _, budget, min_cost, published, within, cheapest, simulated, _ = rows[number]
    counts = count_by_simulation(level, level.budget)
    assert int(budget) == level.budget and int(min_cost) == min(counts)
    assert int(published) == PUBLISHED_SEED_003[number]
    assert int(within) == int(simulated) == sum(counts.values())
    assert int(cheapest) == counts[min(counts)]


@pytest.mark.planner
def test_timeout_is_exit_3(capsys) -> None:
    assert main(["plans", str(ROOT / "levels" / "level1.txt"), "--timeout", "0.01"]) == 3
    assert "timeout" in capsys.readouterr().err
