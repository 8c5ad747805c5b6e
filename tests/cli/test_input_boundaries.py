"""The cases of issue 24 at the command line: what is not a regular file, a closed standard
input, bad option values and caps are each one line and exit status 2, never a traceback, a
hang or a read without end."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import ROOT

from translator.cli.main import main

LEVEL = str(ROOT / "levels" / "boulder_wait.txt")


def _one_line(capsys: pytest.CaptureFixture[str]) -> str:
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert len(lines) == 1, captured.err
    return lines[0]


def _helltaker(arguments: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """The command in a shell of its own (for `<&-`), bounded in time: a hang fails the test."""
    command = f"exec {sys.executable} -m translator.cli {arguments}"
    return subprocess.run(["sh", "-c", command], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, env={**os.environ, "TMPDIR": str(tmp_path)})


@pytest.mark.parametrize(("arguments", "line"), [
    (["validate", "/dev/zero", "r"],
     "helltaker: /dev/zero: is not a regular file (a character device), expected a level file"),
    (["validate", LEVEL, "@/dev/zero"],
     "helltaker: /dev/zero: is not a regular file (a character device), expected a plan file"),
    (["solve", LEVEL, "--planner", "search", "--results", "/dev/zero"],
     "helltaker: /dev/zero: is not a regular file (a character device), expected a results "
     "file"),
])
def test_a_device_is_refused_before_it_is_read(arguments: list[str], line: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(arguments) == 2
    assert _one_line(capsys) == line


def test_a_solver_answer_read_from_a_device_is_refused(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    encoding = tmp_path / "level.lp"
    encoding.write_text("% helltaker asp\n", "utf-8")
    assert main(["decode", str(encoding), "/dev/zero"]) == 2
    assert _one_line(capsys) == ("helltaker: /dev/zero: is not a regular file (a character "
                                 "device), expected a solver answer")


def test_a_named_pipe_as_a_level_file_does_not_block(tmp_path: Path) -> None:
    fifo = tmp_path / "level.fifo"
    os.mkfifo(fifo)
    run = _helltaker(f"validate {fifo} r", tmp_path)
    assert run.returncode == 2
    assert run.stderr == (f"helltaker: {fifo}: is not a regular file (a named pipe), expected "
                          "a level file\n")


@pytest.mark.parametrize(("arguments", "purpose"), [
    (f"validate {LEVEL} -", "- reads the plan file from it"),
    (f"show {LEVEL} --plan rrr --step", "--step reads Enter from it"),
])
def test_a_closed_standard_input_is_bad_input(arguments: str, purpose: str,
                                              tmp_path: Path) -> None:
    run = _helltaker(f"{arguments} <&-", tmp_path)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr == f"helltaker: <stdin>: standard input is closed; {purpose}\n"


@pytest.mark.parametrize(("arguments", "line"), [
    (["solve", LEVEL, "--timeout", "x"],
     "helltaker solve: --timeout: expected a number of seconds, found 'x'"),
    (["solve", LEVEL, "--jobs", "0"], "helltaker solve: --jobs: must be at least 1, found 0"),
    (["show", LEVEL, "--color", "pink"],
     "helltaker show: --color: invalid choice: 'pink' (choose from 'auto', 'always', 'never')"),
    (["cnf", LEVEL, "--horizon", "1001"],
     "helltaker cnf: --horizon: must be at most 1000, found 1001"),
    (["study", "--count", "1"], "helltaker study: the following arguments are required: "
     "-o/--output"),
])
def test_a_bad_option_value_is_one_line(arguments: list[str], line: str,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(arguments)
    assert stopped.value.code == 2
    assert _one_line(capsys) == line


def test_help_keeps_the_usage_text(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["solve", "--help"])
    assert stopped.value.code == 0
    assert capsys.readouterr().out.startswith("usage: helltaker solve ")


def test_a_budget_past_the_horizon_cap_of_an_export_is_bad_input(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["asp", LEVEL, "--budget", "100000"]) == 2
    assert _one_line(capsys) == (f"helltaker: {LEVEL}: a cost bound of 100000 allows 100000 "
                                 "steps; this back-end grounds at most 1000")


def test_study_refuses_a_results_file_it_did_not_write(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    foreign = tmp_path / "study-results.jsonl"
    foreign.write_text('{"kind": "level", "level": "p0001", "planner": null}\n', "utf-8")
    arguments = ["study", "--count", "1", "--planners", "search", "-o", str(tmp_path)]
    assert main(arguments) == 2
    line = _one_line(capsys)
    assert line.startswith(f"helltaker: {foreign}:1: was not written by this run")
    assert sorted(os.listdir(tmp_path)) == ["study-results.jsonl"]
