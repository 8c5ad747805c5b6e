"""Standard output that cannot take the result, in real processes: closed before the start
(`>&-`), a full device (`>/dev/full`) and a reader gone (`| head -c0`). A closed or full
standard output is a failed run, one line and status 3; a broken pipe is 141, silent."""

from __future__ import annotations

import errno
import io
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import ROOT

from translator.cli.main import main

PLAN = "rrrr"
"""The plan of conftest's `level_file`."""

_CLOSED = ("import os, sys; os.close(1); "
           "os.execv(sys.executable, [sys.executable, '-m', 'translator.cli', *sys.argv[1:]])")
"""A wrapper that starts `helltaker` with descriptor 1 closed, as `>&-` does (a stdout of
DEVNULL is open, not closed)."""


def _closed(arguments: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", _CLOSED, *arguments], cwd=ROOT,
                          stderr=subprocess.PIPE, text=True, timeout=120)


def _full(arguments: list[str]) -> subprocess.CompletedProcess[str]:
    with open("/dev/full", "w") as full:
        return subprocess.run([sys.executable, "-m", "translator.cli", *arguments], cwd=ROOT,
                              stdout=full, stderr=subprocess.PIPE, text=True, timeout=120)


def _broken(arguments: list[str]) -> subprocess.CompletedProcess[str]:
    read, write = os.pipe()
    os.close(read)  # the reader is gone before the first byte
    try:
        return subprocess.run([sys.executable, "-m", "translator.cli", *arguments], cwd=ROOT,
                              stdout=write, stderr=subprocess.PIPE, text=True, timeout=120)
    finally:
        os.close(write)


Run = Callable[[list[str]], "subprocess.CompletedProcess[str]"]
CASES: list[tuple[Run, int, str]] = [
    (_closed, 3, "helltaker: cannot write to standard output: it is closed"),
    (_full, 3, "helltaker: cannot write to standard output: No space left on device"),
    (_broken, 141, ""),
]
"""Each way to break standard output, the status and the whole of standard error."""


@pytest.fixture(params=CASES, ids=["closed", "full", "broken-pipe"])
def broken_stdout(request: pytest.FixtureRequest) -> tuple[Run, int, str]:
    return request.param  # type: ignore[no-any-return]


def _expect(run: subprocess.CompletedProcess[str], status: int, stderr: str) -> None:
    assert (run.returncode, run.stderr) == (status, stderr + "\n" if stderr else "")


def test_validate(broken_stdout: tuple[Run, int, str], level_file: str) -> None:
    start, status, stderr = broken_stdout
    _expect(start(["validate", level_file, PLAN]), status, stderr)


def test_show(broken_stdout: tuple[Run, int, str], level_file: str) -> None:
    start, status, stderr = broken_stdout
    _expect(start(["show", level_file, "--plan", PLAN, "--color", "never"]), status, stderr)


def test_solve(broken_stdout: tuple[Run, int, str], level_file: str) -> None:
    """The level is solved but its plan is lost: the run failed, and says so alone. (The
    exhaustive search starts no external planner; every planner prints through one
    `SolveOutput`.)"""
    start, status, stderr = broken_stdout
    _expect(start(["solve", level_file, "--planner", "search"]), status, stderr)


class _Full(io.StringIO):
    """Standard output on a full device, in this process."""

    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def test_pddl_on_a_full_standard_output(level_file: str, tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    """`pddl` in this process (it imports unified-planning, over a second a process): the
    files are written, the list of them is not, and that is said."""
    capsys.readouterr()
    monkeypatch.setattr(sys, "stdout", _Full())
    assert main(["pddl", level_file, "-o", str(tmp_path / "out")]) == 3
    assert capsys.readouterr().err == f"{CASES[1][2]}\n"
    assert sorted(path.name for path in (tmp_path / "out").iterdir()) == \
        ["domain.pddl", "problem.pddl"]


def test_help(broken_stdout: tuple[Run, int, str]) -> None:
    """The help argparse prints while it parses goes through the same writer: a help that
    was not shown is not a success."""
    start, status, stderr = broken_stdout
    _expect(start(["--help"]), status, stderr)


@pytest.mark.parametrize("stdout", [None, _Full()], ids=["closed", "full"])
def test_a_command_help_in_this_process(stdout: io.StringIO | None,
                                        monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    monkeypatch.setattr(sys, "stdout", stdout)
    assert main(["solve", "--help"]) == 3
    assert capsys.readouterr().err == f"{CASES[0 if stdout is None else 1][2]}\n"
