"""`--planner symk`, `pyperplan`, `asp` and `sat`: the shared test maps solved at their par,
budgets below par proven unsolvable, and clear exit-3 errors for missing or unfit planners;
the registry, Fast Downward's exit codes and the decoding every planner's plan goes through."""

from __future__ import annotations

import json
import sys

import pytest
from helpers import ROOT, SHARED, make_level

from strips_model.level_file import load_level
from strips_model.moves import parse_plan
from strips_model.validator import validate
from translator.cli.main import main
from translator.planners.outcome import PlannerOptions, Status
from translator.planners.registry import (
    ALL_PLANNERS,
    ENUMERATING_PLANNERS,
    PLANNERS,
    Mode,
    describe_planners,
    run_planner,
)
from translator.solving.solve import solve_level

NEW_PLANNERS = ("symk", "pyperplan", "asp", "sat")


def _solve(capsys, *args: str) -> tuple[int, list[dict], str]:  # type: ignore[type-arg]
    code = main(["solve", *args, "--json"])
    captured = capsys.readouterr()
    return code, _in_input_order(captured.out, args), captured.err


def _in_input_order(out: str, args: tuple[str, ...]) -> list[dict]:  # type: ignore[type-arg]
    """The records as the levels were given (they are printed as each level finishes)."""
    position = {arg: index for index, arg in enumerate(args)}
    return sorted((json.loads(line) for line in out.splitlines()),
                  key=lambda record: position.get(record["level"], -1))


ONE_MAP_PER_MECHANIC = ("tests/locknkey.txt", "tests/spikes3.txt", "tests/trapsUUU.txt",
                        "tests/trapsmob1.txt")
"""The key and the lock, spikes (kicks on them included), traps raised at the start, traps
with skeletons and slack in the budget: the maps the slow planners (a second or more of
start-up per level) are run on; asp and sat, fast, run on all eleven."""


@pytest.mark.planner
@pytest.mark.parametrize("planner", NEW_PLANNERS)
def test_shared_test_maps_solved_at_par(planner: str, capsys, level_table) -> None:
    rows = [case for case in level_table if case.label.startswith("tests/")]
    if not rows:
        pytest.skip("../shared is absent: PAR.md and the shared levels cannot be read")
    if planner not in ("asp", "sat"):
        rows = [case for case in rows if case.label in ONE_MAP_PER_MECHANIC]
        assert len(rows) == len(ONE_MAP_PER_MECHANIC)
    paths = [str(case.path) for case in rows]
    code, results, err = _solve(capsys, "--planner", planner, "--jobs", "2", *paths)
    assert code == 0, err
    for case, result in zip(rows, results, strict=True):
        relpath, budget, par = case.label, case.budget, case.par
        # Both planners are optimal, so they must meet PAR.md's exhaustive optimum (spikes3
        # only with kicks on spikes costing 2, RULES.md E10).
        assert (result["status"], result["cost"], result["valid"]) == ("solved", par, True), \
            relpath
        assert result["optimal"] is True and result["planner"].startswith(planner)
        assert result["budget"] == budget
        level = load_level(result["level"])
        assert validate(level, parse_plan(result["plan"])).cost == par


@pytest.mark.planner
@pytest.mark.parametrize("planner", NEW_PLANNERS)
def test_budget_below_par_is_proven_unsolvable(planner: str, capsys) -> None:
    paths = [str(ROOT / "levels" / name)
             for name in ("trap_lowered_start.txt", "skeleton_on_spikes.txt")]
    # Both levels have par 10 (levels/README.md, checked by tests/solving/test_solve.py).
    code, results, err = _solve(capsys, "--planner", planner, "--budget", "9", "--jobs", "2",
                                *paths)
    assert code == 1, err
    assert [(r["status"], r["plan"]) for r in results] == [("unsolvable", None)] * 2


@pytest.mark.planner
def test_pyperplan_reports_a_cheapest_plan_over_the_budget_as_unsolvable(level_file) -> None:
    """Its breadth-first search has no bound: it finds the optimum, then we compare. The
    one-row level (a kick, spikes) is the smallest whose cheapest plan costs more than its
    length."""
    level = load_level(level_file)
    outcome = run_planner("pyperplan", level, PlannerOptions(budget=4))
    assert outcome.status is Status.UNSOLVABLE and outcome.steps is None
    assert "costs 5 > budget 4" in outcome.log_tail


@pytest.mark.planner
def test_pyperplan_plan_length_is_its_cost(level_file) -> None:
    """`rrrr` costs 5: the compiled plan's length counts the damage of the spikes."""
    level = load_level(level_file)
    solution = solve_level(level, "pyperplan", PlannerOptions(budget=5))
    assert solution.status is Status.SOLVED and solution.verdict is not None
    assert solution.outcome.cost == solution.verdict.cost == 5


@pytest.mark.planner
def test_unreachable_demon_is_unsolvable_for_both() -> None:
    level = make_level("""
        #####
        #H#D#
        #####
    """, budget=5)
    for planner in NEW_PLANNERS:
        outcome = run_planner(planner, level, PlannerOptions(budget=5))
        assert outcome.status is Status.UNSOLVABLE, (planner, outcome.log_tail)


@pytest.mark.parametrize(("planner", "package"), [("symk", "up-symk"),
                                                  ("pyperplan", "up-pyperplan"),
                                                  ("fd", "up-fast-downward"),
                                                  ("asp", "clingo"), ("sat", "python-sat")])
def test_missing_package_is_named_and_exits_3(planner: str, package: str, monkeypatch,
                                              capsys) -> None:
    module = {"python-sat": "pysat"}.get(package, package.replace("-", "_"))
    monkeypatch.setitem(sys.modules, module, None)
    code = main(["solve", "--planner", planner, str(ROOT / "levels" / "boulder_wait.txt")])
    err = capsys.readouterr().err
    assert code == 3
    assert f"needs the Python package {package}" in err
    assert "Traceback" not in err


def test_engine_that_cannot_take_the_problem_names_the_features() -> None:
    from translator.model.level_facts import level_facts
    from translator.model.model_cache import helltaker_parts
    from translator.model.up_problem import build_problem
    from translator.planners.oneshot import require_support
    from translator.planners.packages import PlannerUnavailable

    level = load_level(str(ROOT / "levels" / "boulder_wait.txt"))
    problem = build_problem(helltaker_parts(), level_facts(level), level.name)
    with pytest.raises(PlannerUnavailable) as error:
        require_support("pyperplan", problem, "pyperplan")  # before the compilations
    assert "NEGATIVE_CONDITIONS" in str(error.value) and "ACTIONS_COST" in str(error.value)
    require_support("symk-opt", problem, "symk")  # SymK takes it as it is


@pytest.mark.planner
def test_pyperplan_timeout_stops_its_process(capsys) -> None:
    path = str(SHARED / "levels" / "classic" / "level9.txt")
    if not SHARED.is_dir():
        path = str(ROOT / "levels" / "level6_report.txt")
    code = main(["solve", "--planner", "pyperplan", "--timeout", "0.5", path])
    err = capsys.readouterr().err
    assert code == 3 and "timeout" in err


@pytest.mark.planner
def test_symk_timeout_is_exit_3(capsys) -> None:
    code = main(["solve", "--planner", "symk", "--timeout", "0.01",
                 str(ROOT / "levels" / "level1.txt")])
    assert code == 3 and "timeout" in capsys.readouterr().err


def test_every_planner_is_described_for_help() -> None:
    assert all(f"{name} = {backend.description}" in describe_planners()
               for name, backend in PLANNERS.items())
    assert "pattern database" in PLANNERS["fd"].description
    assert "astar(blind())" in PLANNERS["fd-up"].description


def test_the_registry_says_what_each_planner_does() -> None:
    """One table: `--planner` of solve takes the planners that solve, `plans` those that
    enumerate (symk first, its default); K* only enumerates."""
    assert list(PLANNERS) == ["auto", "fd", "fd-translate", "fd-up", "symk", "pyperplan", "asp",
                              "sat", "search"]
    assert ENUMERATING_PLANNERS == ("symk", "kstar", "asp")
    assert ALL_PLANNERS["kstar"].solve is None


@pytest.mark.parametrize("mode", Mode)
def test_every_entry_point_names_a_function_of_its_module(mode: Mode) -> None:
    """The table names back-ends by strings (they are imported on first use): each must
    exist."""
    import importlib

    for name, planner in ALL_PLANNERS.items():
        entry = planner.entry(mode)
        if entry is None:
            continue
        module = importlib.import_module(f"translator.planners.{entry.module}")
        assert callable(getattr(module, entry.function)), name
        if entry.warm_up is not None:
            assert callable(getattr(module, entry.warm_up)), name
        for preloaded in entry.preload:
            importlib.import_module(preloaded)
