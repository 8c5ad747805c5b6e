"""`helltaker solve` with Fast Downward: every level solved within budget, validated, optimal
costs equal to PAR.md and to the exhaustive search, budget par - 1 proven unsolvable."""

from __future__ import annotations

import json

import pytest
from helpers import ROOT

from strips_model.level_file import load_level
from strips_model.moves import parse_plan
from strips_model.validator import validate
from translator.cli.main import main
from translator.planners.exhaustive import solve_exhaustively
from translator.planners.fast_downward import first_values, search_configuration

pytestmark = pytest.mark.planner

REPO_LEVELS = sorted(str(p) for p in (ROOT / "levels").glob("*.txt"))


def _solve(capsys, *args: str) -> tuple[int, list[dict]]:  # type: ignore[type-arg]
    code = main(["solve", "--planner", "fd", *args, "--json"])
    captured = capsys.readouterr()
    if code not in (0, 1):
        pytest.fail(f"exit {code}; stderr:\n{captured.err}")
    # Records come as levels finish: put them back in the order the levels were given.
    position = {arg: index for index, arg in enumerate(args)}
    return code, sorted((json.loads(line) for line in captured.out.splitlines()),
                        key=lambda record: position.get(record["level"], -1))


def test_shared_levels_solved_optimally_within_budget(capsys, level_table) -> None:
    rows = [case for case in level_table if case.shared]
    if not rows:
        pytest.skip("../shared is absent: PAR.md and the shared levels cannot be read")
    code, results = _solve(capsys, *(str(case.path) for case in rows))
    assert code == 0
    for case, result in zip(rows, results, strict=True):
        par = case.par
        assert result["status"] == "solved", case.label
        assert result["valid"] is True
        assert result["cost"] == par, case.label
        assert result["budget"] == case.budget
        assert result["optimal"] is True
        assert result["planner"].startswith("fd astar(")
        level = load_level(result["level"])
        assert validate(level, parse_plan(result["plan"])).cost == par


def test_repo_levels_solved_and_agree_with_the_exhaustive_search(capsys) -> None:
    code, results = _solve(capsys, "--optimal", *REPO_LEVELS)
    assert code == 0
    for path, result in zip(REPO_LEVELS, results, strict=True):
        reference = solve_exhaustively(load_level(path))
        assert result["valid"] is True and result["cost"] == reference.cost, path


def test_budget_par_minus_one_is_proven_unsolvable(shared_case, capsys) -> None:
    code, results = _solve(capsys, "--budget", str(shared_case.par - 1), str(shared_case.path))
    assert code == 1
    assert results[0]["status"] == "unsolvable"
    assert results[0]["plan"] is None


def test_repo_levels_below_par_are_proven_unsolvable(capsys) -> None:
    for path in REPO_LEVELS:
        par = solve_exhaustively(load_level(path)).cost
        assert par is not None
        if par == 0:
            continue  # no budget below 0
        code, results = _solve(capsys, "--budget", str(par - 1), path)
        assert (code, results[0]["status"]) == (1, "unsolvable"), path


def test_french_alphabet_output(capsys) -> None:
    code = main(["solve", str(ROOT / "levels" / "level1.txt"), "--alphabet", "fr"])
    plan = capsys.readouterr().out.strip()
    assert code == 0
    assert set(plan) <= set("hbgd")
    assert validate(load_level(str(ROOT / "levels" / "level1.txt")),
                    parse_plan(plan, "fr")).valid


def test_timeout_is_a_planner_failure_with_log_lines(capsys) -> None:
    code = main(["solve", str(ROOT / "levels" / "level1.txt"), "--timeout", "0.001"])
    captured = capsys.readouterr()
    assert code == 3
    assert "timeout" in captured.err
    assert captured.out == ""


def test_plain_output_is_the_plan_and_a_summary(capsys) -> None:
    path = str(ROOT / "levels" / "lock_and_key.txt")
    assert main(["solve", path]) == 0
    captured = capsys.readouterr()
    assert validate(load_level(path), parse_plan(captured.out.strip())).valid
    assert f"{path}: solved, cost 14/14 (optimal)" in captured.err


def test_search_uses_a_hero_pattern_database_when_the_task_has_one() -> None:
    sas = "\n".join(["begin_variable", "var0", "-1", "2", "Atom won(yes)", "NegatedAtom won(yes)",
                     "end_variable", "begin_variable", "var1", "-1", "2", "Atom phase(even)",
                     "Atom phase(odd)", "end_variable", "begin_variable", "var2", "-1", "2",
                     "Atom hero(c1_1)", "Atom hero(c1_2)", "end_variable"])
    assert search_configuration(23, first_values(sas)) == \
        "astar(pdb(pattern=manual_pattern([0,2])),bound=24)"
    assert search_configuration(23, first_values("begin_metric\n1\nend_metric")) == \
        "astar(blind(),bound=24)"


@pytest.mark.planner
def test_both_fast_downward_paths_agree(capsys) -> None:
    """`fd` (hot path) and `fd-up` (through OneshotPlanner) find plans of the same cost, on
    the repo's small levels: one per mechanic, which is what the two paths could translate
    differently. fd-up's blind search spends seconds on each classic-sized level (level1,
    level6_report) and adds no mechanic; fd alone is checked on them against the exhaustive
    search above."""
    paths = [path for path in REPO_LEVELS
             if not path.endswith(("/level1.txt", "/level6_report.txt"))]
    costs = {}
    for planner in ("fd", "fd-up"):
        assert main(["solve", "--json", "--planner", planner, *paths]) == 0
        costs[planner] = {json.loads(line)["level"]: json.loads(line)["cost"]
                          for line in capsys.readouterr().out.split("\n") if line}
    assert costs["fd"] == costs["fd-up"]


@pytest.mark.parametrize("planner", ["fd", "fd-translate", "fd-up"])
def test_each_fast_downward_planner_says_its_own_name(capsys, planner: str) -> None:
    # Issue 30: fd-translate (and fd-up) printed `fd ...`, as if fd had run.
    level = str(ROOT / "levels" / "lock_and_key.txt")
    code, results = _solve(capsys, level, "--planner", planner)
    assert code == 0 and results[0]["status"] == "solved"
    assert results[0]["planner"].split()[0] == planner
