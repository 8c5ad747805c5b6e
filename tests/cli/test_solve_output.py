"""`helltaker solve --table` (translator/cli/solve_output.py): the par column comes from the
solutions themselves, and the exhaustive search runs only for a level its planner gave no
answer for."""

from __future__ import annotations

import argparse
from dataclasses import replace

import pytest
from helpers import ROOT

import translator.cli.solve_output as solve_output
from strips_model.level_file import load_level
from translator.cli.exit_codes import ExitCode
from translator.cli.main import main
from translator.cli.solve_output import SolveOutput
from translator.planners.outcome import PlannerOptions, Status
from translator.solving.solve import solve_level

LEVEL1 = str(ROOT / "levels" / "level1.txt")


def _no_second_solve(*arguments: object) -> None:
    raise AssertionError("the level was solved a second time")


def test_the_table_reuses_an_optimal_solution(monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(solve_output, "solve_level", _no_second_solve)
    assert main(["solve", LEVEL1, "--planner", "search", "--table", "--jobs", "1"]) == 0
    header, rule, row = capsys.readouterr().out.splitlines()
    assert header.split() == ["level", "budget", "cost", "par", "plan", "seconds"]
    assert row.split()[:4] == ["level1", "23", "23", "23"]


def test_an_unsolvable_level_has_no_par_and_is_not_solved_again(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(solve_output, "solve_level", _no_second_solve)
    assert main(["solve", LEVEL1, "--planner", "search", "--budget", "22", "--table",
                 "--jobs", "1"]) == 1
    row = capsys.readouterr().out.splitlines()[2]
    assert row.split()[:5] == ["level1", "22", "-", "-", "unsolvable"]


def test_a_level_without_an_answer_gets_its_par_from_the_exhaustive_search(
        monkeypatch: pytest.MonkeyPatch) -> None:
    level = load_level(LEVEL1)
    solved = solve_level(level, "search", PlannerOptions(level.budget))
    timed_out = replace(solved, outcome=replace(solved.outcome, status=Status.TIMEOUT,
                                                log_tail=""),
                        directions=None, verdict=None)
    searches: list[object] = []

    def search(*arguments: object) -> object:
        searches.append(arguments)
        return solved

    monkeypatch.setattr(solve_output, "solve_level", search)
    args = argparse.Namespace(json=False, table=True, alphabet="en", planner="fd",
                              timeout=None)
    output = SolveOutput(args, 1, None, None)
    assert output.solution(level, timed_out, 0) is ExitCode.RUN_FAILED
    assert output.rows[0][2:5] == ("-", "23", "timeout") and len(searches) == 1
