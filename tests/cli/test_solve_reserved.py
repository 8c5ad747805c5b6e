"""`helltaker solve --planner fd` on one level forks its attempt's child before it reads the level
(translator/cli/solve.py): the child is the one the attempt takes, its outcome is the one a
child forked for the attempt gives, and when no attempt takes it (a level that does not load,
Ctrl-C or SIGTERM meanwhile) it is ended and its folder removed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import ROOT, shared_path

from strips_model.level_file import load_level
from translator.cli.main import main
from translator.planners.outcome import PlannerOptions
from translator.runtime import processes
from translator.runtime.processes import Child
from translator.solving.solve import solve_level


@pytest.fixture
def reserved(monkeypatch: pytest.MonkeyPatch) -> tuple[list[Child], list[Child | None]]:
    """The children the command reserves, and those it hands a job (None: none reserved)."""
    made: list[Child] = []
    taken: list[Child | None] = []

    def reserve(prepare: object) -> Child:
        made.append(real_reserve(prepare))  # type: ignore[arg-type]
        return made[-1]

    def hand_over(*arguments: object) -> Child | None:
        taken.append(real_hand_over(*arguments))  # type: ignore[arg-type]
        return taken[-1]

    real_reserve, real_hand_over = processes.reserve_child, processes._hand_over
    monkeypatch.setattr(processes, "reserve_child", reserve)
    monkeypatch.setattr(processes, "_hand_over", hand_over)
    return made, taken


def _gone(child: Child) -> bool:
    """Reaped by us (not merely dead) and its folder removed."""
    try:
        os.waitpid(child.pid, os.WNOHANG)
    except ChildProcessError:
        return not os.path.exists(child.scratch)
    return False


def test_a_level_that_does_not_load_ends_the_reserved_child(
        tmp_path: Path, reserved: tuple[list[Child], list[Child | None]],
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "--optimal", "--planner", "fd", str(tmp_path / "missing.txt")]) == 2
    assert "no such file" in capsys.readouterr().err
    made, taken = reserved
    assert len(made) == 1 and taken == [] and _gone(made[0])


def test_several_levels_or_the_search_reserve_no_child(
        level_file: str, reserved: tuple[list[Child], list[Child | None]]) -> None:
    """Several levels run in workers forked later; `search` imports nothing worth it."""
    assert main(["solve", level_file, level_file, "--planner", "search", "--jobs", "1"]) == 0
    assert main(["solve", level_file, "--planner", "search"]) == 0
    assert reserved == ([], [None, None, None])


@pytest.mark.planner
@pytest.mark.parametrize("name", ["level1.txt", "level9.txt"])
def test_the_reserved_child_solves_as_a_forked_one(
        name: str, reserved: tuple[list[Child], list[Child | None]],
        capsys: pytest.CaptureFixture[str]) -> None:
    path = str(shared_path(f"levels/classic/{name}"))
    assert main(["solve", "--optimal", "--json", "--planner", "fd", path]) == 0
    record = json.loads(capsys.readouterr().out)
    made, taken = reserved
    assert len(made) == 1 and [child.pid for child in taken if child] == [made[0].pid]
    assert _gone(made[0])
    level = load_level(path)
    alone = solve_level(level, "fd", PlannerOptions(level.budget))  # a child of its own
    assert taken[-1] is None
    assert alone.verdict is not None and alone.directions is not None
    assert (record["status"], record["cost"], record["plan"]) == \
        (alone.status.value, alone.verdict.cost,
         "".join(direction.value for direction in alone.directions))


_SIGNALLED = """
import os, signal, sys, time
import translator.cli.solve_run as run
from translator.runtime import processes

def signalled(args):
    [reservation] = processes._RESERVED
    children.append(reservation.child)
    os.kill(os.getpid(), getattr(signal, sys.argv[1]))
    time.sleep(30)

children = []
run.solve_levels = signalled
from translator.cli.main import main
status = main(["solve", "--optimal", "--planner", "fd", sys.argv[2]])
try:  # still ours to reap: it was not stopped
    os.waitpid(children[0].pid, os.WNOHANG)
    print("left running", flush=True)
except ChildProcessError:
    print("reaped", os.path.exists(children[0].scratch), flush=True)
sys.exit(status)
"""


@pytest.mark.parametrize(("name", "status"), [("SIGINT", 130), ("SIGTERM", 143)])
def test_a_signal_while_reserved_ends_the_child(name: str, status: int, level_file: str,
                                                 tmp_path: Path) -> None:
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    run = subprocess.run([sys.executable, "-c", _SIGNALLED, name, level_file], cwd=ROOT,
                         capture_output=True, text=True, timeout=60,
                         env={**os.environ, "TMPDIR": str(scratch)})
    assert run.returncode == status, run.stderr
    assert run.stdout == "reaped False\n"
    assert os.listdir(scratch) == []
    assert run.stderr.strip() == f"helltaker: {'interrupted' if status == 130 else 'terminated'}"
