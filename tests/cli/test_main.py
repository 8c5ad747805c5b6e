"""The `helltaker` command line: exit statuses 0/1/2, outputs, one-line input errors."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import ROOT, shared_path

from translator.cli.main import main

SHARED_MAP = "tests/spikes3.txt"


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run in an empty directory, so that files the commands write land in the test's own."""
    monkeypatch.chdir(tmp_path)


@pytest.fixture
def shared_map_and_par(level_table) -> tuple[str, int]:
    path = shared_path(f"levels/{SHARED_MAP}")
    (par,) = [case.par for case in level_table if case.label == SHARED_MAP]
    return str(path), par


def one_error_line(stderr: str) -> str:
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    assert lines[0].startswith("helltaker: ") and "Traceback" not in stderr
    return lines[0]


def test_validate_valid_plan_exits_0(level_file: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Exit 0: the plan is valid (R-G1..R-G3)."""
    assert main(["validate", level_file, "rrrr"]) == 0
    out = capsys.readouterr().out
    assert out == "valid: skel, cost 5 <= budget 5, goal at letter 4\n"


def test_validate_invalid_plan_exits_1(level_file: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Exit 1: the plan is invalid; the reason is printed."""
    assert main(["validate", level_file, "rrr"]) == 1
    out = capsys.readouterr().out
    assert out == "invalid: plan ends with the hero at (0,3), not next to a demon (R-G1)\n"


def test_validate_plan_from_a_file(
    level_file: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """@FILE reads the plan from FILE; whitespace and newlines between letters are ignored."""
    plan = tmp_path / "plan.txt"
    plan.write_text("rr\nrr\n", encoding="utf-8")
    assert main(["validate", level_file, f"@{plan}"]) == 0
    assert capsys.readouterr().out.startswith("valid: ")


def test_validate_bad_letter_exits_2(level_file: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Exit 2: a letter outside the alphabet, reported at <plan>:line:column (F2)."""
    assert main(["validate", level_file, "rrxr"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    line = one_error_line(captured.err)
    assert line.startswith("helltaker: <plan>:1:3: ") and "'x'" in line


def test_validate_directory_as_level_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Exit 2: a directory given as LEVEL is one line of error, no traceback."""
    assert main(["validate", str(tmp_path), "r"]) == 2
    line = one_error_line(capsys.readouterr().err)
    assert line == f"helltaker: {tmp_path}: is a directory, expected a file"


def test_validate_bad_level_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Exit 2: a level error is `helltaker: path:line:col: message` (F4)."""
    path = tmp_path / "bad.txt"
    path.write_text("t\n5\n#H D#\n#X  #\n", encoding="utf-8")
    assert main(["validate", str(path), "r"]) == 2
    line = one_error_line(capsys.readouterr().err)
    assert line.startswith(f"helltaker: {path}:4:2: unknown character 'X'")


def test_validate_json_keys(level_file: str, capsys: pytest.CaptureFixture[str]) -> None:
    """--json prints one object with exactly the documented keys."""
    assert main(["validate", level_file, "rrrr", "--json"]) == 0
    (line,) = capsys.readouterr().out.splitlines()
    data = json.loads(line)
    assert list(data) == ["level", "valid", "cost", "budget", "letters", "goal_at", "reason"]
    assert data == {"level": "skel", "valid": True, "cost": 5, "budget": 5, "letters": 4,
                    "goal_at": 4, "reason": None}


def test_validate_json_invalid(level_file: str, capsys: pytest.CaptureFixture[str]) -> None:
    """--json on an invalid plan: exit 1, valid false and the reason."""
    assert main(["validate", level_file, "rrrrl", "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["valid"] is False
    assert data["reason"] == "goal reached at letter 4, 1 trailing letter (R-G2)"


def test_validate_trace(level_file: str, capsys: pytest.CaptureFixture[str]) -> None:
    """--trace: one line per letter with the rule ids it applied, then the verdict."""
    assert main(["validate", level_file, "rrrr", "--trace"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 5 and lines[-1].startswith("valid: ")
    expected = [
        (1, "[R-A4 R-E1 R-E2]", "cost 1", "spent   1"),
        (2, "[R-A5 R-E1]", "cost 1", "spent   2"),
        (3, "[R-A5 R-E1 R-E3]", "cost 2", "spent   4"),
        (4, "[R-A5 R-E1]", "cost 1", "spent   5"),
    ]
    for line, (index, rules, cost, spent) in zip(lines, expected, strict=False):
        assert line.split()[0] == str(index)
        assert rules in line and cost in line and spent in line


def test_validate_french_alphabet(level_file: str, capsys: pytest.CaptureFixture[str]) -> None:
    """--alphabet fr: `d` is right; in the default alphabet `dddd` walks into the wall below."""
    assert main(["validate", level_file, "dddd", "--alphabet", "fr"]) == 0
    assert main(["validate", level_file, "dddd"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[1] == "invalid: letter 1 'd': hero at (0,1) walks into the outside of the grid " \
        "at (1,1) (R-A0)"


def test_solve_search_prints_a_plan_that_validates(capsys: pytest.CaptureFixture[str],
                                                   shared_map_and_par: tuple[str, int]) -> None:
    """solve --planner search: the printed plan is accepted by validate at the par."""
    path, par = shared_map_and_par
    assert main(["solve", path, "--planner", "search"]) == 0
    (plan,) = capsys.readouterr().out.splitlines()
    assert main(["validate", path, plan, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["valid"] is True and data["cost"] == par


def test_solve_search_budget_below_par_exits_1(capsys: pytest.CaptureFixture[str],
                                               shared_map_and_par: tuple[str, int]) -> None:
    """solve --budget par-1: proven unsolvable, exit 1, nothing on stdout."""
    path, par = shared_map_and_par
    assert main(["solve", path, "--planner", "search", "--budget", str(par - 1)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"no plan within budget {par - 1}" in captured.err


def test_solve_search_json_lines(capsys: pytest.CaptureFixture[str],
                                 shared_map_and_par: tuple[str, int]) -> None:
    """solve --json: one object per level with the documented keys, as each finishes."""
    path, par = shared_map_and_par
    corridor = str(shared_path("levels/tests/corridor.txt"))
    assert main(["solve", path, corridor, "--planner", "search", "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    keys = {"level", "status", "plan", "cost", "budget", "optimal", "planner", "seconds", "valid",
            "message"}
    by_level = {record["level"]: record for record in map(json.loads, lines)}
    first, second = by_level[path], by_level[corridor]
    assert set(first) == keys and set(second) == keys
    assert first["status"] == "solved" and first["valid"] is True and first["optimal"] is True
    assert first["cost"] == par


def test_solve_search_json_unsolvable(capsys: pytest.CaptureFixture[str],
                                      shared_map_and_par: tuple[str, int]) -> None:
    """solve --json with budget par-1: status unsolvable, plan null, exit 1."""
    path, par = shared_map_and_par
    assert main(["solve", path, "--planner", "search", "--json", "--budget", str(par - 1)]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "unsolvable" and data["plan"] is None and data["cost"] is None
    assert data["budget"] == par - 1


def test_subprocess_bad_level_single_line_no_traceback(tmp_path: Path) -> None:
    """Exit 2 from a real process: stderr is one `helltaker:` line, never a traceback."""
    path = tmp_path / "bad.txt"
    path.write_text("title\nnot a number\n#H D#\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "translator.cli.main", "validate", str(path), "r"],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    line = one_error_line(done.stderr)
    assert line.startswith(f"helltaker: {path}:2:1: ")


def _die(task: object) -> object:
    """A worker that ends the way an out-of-memory kill ends it: no result, no exception."""
    import os

    os._exit(9)


def test_a_dying_worker_is_a_one_line_run_failure(level_file: str, monkeypatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """A worker process that dies is that level's failed run (exit 3), one line each, never a
    traceback; the batch goes on and ends with its summary line."""
    import translator.cli.solve_run as solve

    monkeypatch.setattr(solve, "solve_request", _die)
    assert main(["solve", level_file, level_file, "--planner", "search", "--jobs", "2"]) == 3
    *lines, summary = capsys.readouterr().err.splitlines()
    assert len(lines) == 2 and all("exit code 9" in line for line in lines), lines
    assert summary.startswith("2 levels: 0 solved, 2 failed, 0 unsolvable in ")


def test_exit_statuses_are_declared_once() -> None:
    """Every handler's status comes from the one enum, and an error's branch decides 2 or 3."""
    from strips_model.errors import InputError, LevelError, RunError
    from translator.cli.exit_codes import ExitCode, exit_code_of
    from translator.runtime.processes import WorkerDied

    assert [code.value for code in ExitCode] == [0, 1, 2, 3, 129, 130, 131, 138, 140, 141, 143]
    assert exit_code_of(LevelError("x")) is exit_code_of(InputError("x")) is ExitCode.BAD_INPUT
    assert exit_code_of(WorkerDied("x")) is exit_code_of(RunError("x")) is ExitCode.RUN_FAILED


def test_validate_reads_a_ground_plan_from_standard_input(level_file: str) -> None:
    """`-` in a real process: a ground plan on standard input is told from letters and read."""
    from strips_model.level_file import load_level
    from strips_model.moves import parse_plan
    from translator.solving.ground_plans import format_ground_plan, ground_plan_of

    level = load_level(level_file)
    text = format_ground_plan(ground_plan_of(level, parse_plan("rrrr")), 5)
    run = subprocess.run([sys.executable, "-m", "translator.cli.main", "validate", level_file,
                          "-"], input=text, capture_output=True, text=True, cwd=ROOT,
                         timeout=120)
    assert (run.returncode, run.stderr) == (0, "")
    assert run.stdout.startswith("valid: skel, cost 5")


def test_a_signal_raised_in_a_finalizer_is_sent_again_not_printed(
        capsys: pytest.CaptureFixture[str]) -> None:
    # A SIGHUP that lands while a `__del__` runs raises Terminated there, where Python can
    # only print it as ignored (seen once in test_signals_to_the_parent): it is sent again.
    from translator.cli import main as cli

    class Finalized:
        def __init__(self, error: BaseException) -> None:
            self.error = error

        def __del__(self) -> None:
            raise self.error

    got: list[int] = []
    previous = signal.signal(signal.SIGUSR2, lambda number, frame: got.append(number))
    saved, sys.unraisablehook = sys.unraisablehook, cli._signal_again
    try:
        Finalized(cli.Terminated(signal.SIGUSR2))  # collected at once: its __del__ raises
        for _ in range(1000):
            if got:
                break
            time.sleep(0.001)
        Finalized(ValueError("a finalizer's own error"))
    finally:
        sys.unraisablehook = saved
        signal.signal(signal.SIGUSR2, previous)
    assert got == [signal.SIGUSR2]
    err = capsys.readouterr().err
    assert "Terminated" not in err and "a finalizer's own error" in err
