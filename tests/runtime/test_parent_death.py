"""No orphan, nothing left behind, even on SIGKILL (translator/runtime/parent_death.py,
temporary_folders.py, the local Dask cluster of executors.py).

The command runs as a real process in a session of its own, with TMPDIR in the test's folder:
its processes are found by scanning /proc for that session, its folders by listing TMPDIR.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import ROOT, open_room

from translator.runtime.temporary_folders import remove_orphaned_folders

LEVEL1 = str(ROOT / "levels" / "level1.txt")


def _room(folder: Path, side: int) -> str:
    return open_room(folder, side, 5000)


def _start(arguments: list[str], scratch: Path) -> subprocess.Popen[str]:
    scratch.mkdir(exist_ok=True)
    return subprocess.Popen(
        [sys.executable, "-m", "translator.cli.main", *arguments], cwd=ROOT,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
        env={**os.environ, "TMPDIR": str(scratch)})


def _session(session: int) -> list[int]:
    """Live processes of the session and every process they started, in a session of its
    own or not (external commands are), from /proc; zombies are already dead."""
    parents: dict[int, int] = {}
    members = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except (OSError, IndexError):
                continue
            if fields[0] != "Z":
                parents[int(entry)] = int(fields[1])
                if int(fields[3]) == session:
                    members.add(int(entry))
    grown = True
    while grown:
        below = {pid for pid, parent in parents.items() if parent in members} - members
        members |= below
        grown = bool(below)
    return sorted(members)


def _kill_and_check(process: subprocess.Popen[str], scratch: Path) -> None:
    """SIGKILL `process`; within `SETTLE_SECONDS` none of the processes of its run (those seen
    now) runs and its TMPDIR is empty (2 s was once the wait, and a child of a loaded CI
    machine took longer to remove its folder)."""
    run = _session(process.pid)
    process.kill()
    process.wait(timeout=10)

    def running() -> list[int]:
        return [pid for pid in run if _state(pid) not in ("Z", None)]

    _wait_for(lambda: not running() and not os.listdir(scratch), SETTLE_SECONDS)
    assert running() == [] and os.listdir(scratch) == []
    for stream in (process.stdout, process.stderr):
        if stream is not None:
            stream.close()


def _state(pid: int) -> str | None:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return None


def _wait_for(condition: object, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:  # type: ignore[operator]
        time.sleep(0.05)


def test_sigkill_of_solve_leaves_no_process_and_no_folder(tmp_path: Path) -> None:
    """SIGKILL of the command while two workers search: 2 s later every process of the run
    is gone and so is every folder it made; all of them named for their owners."""
    scratch = tmp_path / "tmp"
    big = _room(tmp_path, 220)
    process = _start(["solve", big, big, "--planner", "search", "--jobs", "2"], scratch)
    # The main process, two workers and their two attempts.
    _wait_for(lambda: len(_session(process.pid)) >= 5, 30)
    members = _session(process.pid)
    assert len(members) >= 5
    folders = os.listdir(scratch)
    assert folders and all(name.split("-")[1] in map(str, members) for name in folders)
    _kill_and_check(process, scratch)


_COMMANDS_IN_WORKERS = """
import sys
from translator.runtime.commands import run_command
from translator.runtime.processes import run_in_child
from translator.runtime.workers import run_completed

def attempt(seconds):
    return run_command(["sleep", seconds], ".", None).exit_code

def task(seconds):
    return run_in_child("attempt", attempt, seconds)

print("started", flush=True)
for result in run_completed(task, ["30", "30"], jobs=2):
    print(result, flush=True)
"""


def test_sigkill_ends_the_external_commands_of_the_attempts_too(tmp_path: Path) -> None:
    """Two workers, each an attempt running an external command (as Fast Downward's search
    binary runs): SIGKILL of the parent ends the commands too, however deep."""
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    process = subprocess.Popen([sys.executable, "-c", _COMMANDS_IN_WORKERS], cwd=ROOT,
                               stdout=subprocess.PIPE, text=True, start_new_session=True,
                               env={**os.environ, "TMPDIR": str(scratch)})
    # The parent, two workers, two attempts and their two commands.
    _wait_for(lambda: len(_session(process.pid)) >= 7, 30)
    assert len(_session(process.pid)) >= 7
    _kill_and_check(process, scratch)


_RESERVED_CHILDREN = """
import functools, sys, time
from translator.runtime.processes import reserve_child

# One still preparing, one waiting for its job.
for prepare in (functools.partial(time.sleep, 60), functools.partial(time.sleep, 0)):
    reserve_child(prepare)
print("reserved", flush=True)
time.sleep(60)
"""


def test_sigkill_ends_reserved_children_and_removes_their_folders(tmp_path: Path) -> None:
    """Children reserved ahead of their job (the command line forks one before it reads its
    level), preparing or waiting: SIGKILL of the parent ends them and their folders go."""
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    process = subprocess.Popen([sys.executable, "-c", _RESERVED_CHILDREN], cwd=ROOT,
                               stdout=subprocess.PIPE, text=True, start_new_session=True,
                               env={**os.environ, "TMPDIR": str(scratch)})
    assert process.stdout is not None and process.stdout.readline() == "reserved\n"
    assert len(_session(process.pid)) == 3 and len(os.listdir(scratch)) == 2
    _kill_and_check(process, scratch)


def test_a_later_command_removes_the_folders_of_a_killed_one(tmp_path: Path) -> None:
    """What a killed process could not remove (its own folders) goes at the next command."""
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    dead = subprocess.Popen(["true"])
    dead.wait()
    (scratch / f"helltaker-{dead.pid}-fd-x").mkdir()
    assert remove_orphaned_folders(str(scratch)) != []
    assert os.listdir(scratch) == []


SETTLE_SECONDS = 10.0
"""How long the test waits, on a loaded machine, for the run's processes and folders to go;
the time it takes on a quiet one (well under a second) is measured for the issue's note, not
asserted here."""


@pytest.mark.planner
def test_sigterm_stops_a_local_dask_cluster_quietly_leaving_nothing(tmp_path: Path) -> None:
    """`--cluster local:2`, SIGTERM once its workers run tasks: exit 143 with one line, and
    no process of the run (Dask's workers, their attempts, Python's resource tracker) and no
    folder (Dask's scratch space, the attempts') left. Two such runs at once must not disturb
    each other either (no warning of a taken port)."""
    pytest.importorskip("distributed")
    scratch = tmp_path / "tmp"
    big = _room(tmp_path, 220)
    process = _start(["solve", big, big, "--planner", "search", "--cluster", "local:2"],
                     scratch)
    # The main process, two Dask workers, Python's resource tracker and two attempts.
    _wait_for(lambda: process.poll() is not None or len(_session(process.pid)) >= 6, 120)
    run = _session(process.pid)
    assert len(run) >= 6
    process.send_signal(signal.SIGTERM)
    _, err = process.communicate(timeout=60)
    assert (process.returncode, err) == (143, "helltaker: terminated\n")

    def left() -> list[int]:
        return [pid for pid in run if _state(pid) not in ("Z", None)] + _session(process.pid)

    _wait_for(lambda: not left() and not os.listdir(scratch), SETTLE_SECONDS)
    assert left() == [] and os.listdir(scratch) == []
