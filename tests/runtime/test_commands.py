"""External commands (translator/runtime/commands.py): timeouts that end every process a
command started, and private working directories."""

from __future__ import annotations

import os
import time
from pathlib import Path

from translator.runtime.commands import own_working_directory, run_command


def test_a_command_timeout_kills_its_children_too(tmp_path: Path) -> None:
    """The command starts a grandchild that would outlive it; the timeout stops both."""
    marker = tmp_path / "grandchild-finished"
    script = f"sleep 1 && touch {marker} & echo started; wait"
    run = run_command(["sh", "-c", script], str(tmp_path), timeout=0.3)
    assert run.timed_out and run.exit_code is None and "started" in run.output
    time.sleep(1.2)
    assert not marker.exists()
    finished = run_command(["sh", "-c", "echo out; echo err >&2; exit 3"], str(tmp_path), None)
    assert (finished.exit_code, sorted(finished.output.split())) == (3, ["err", "out"])


def test_own_working_directory_is_fresh_and_removed() -> None:
    before = os.getcwd()
    with own_working_directory("test") as work:
        assert os.getcwd() == os.path.realpath(work) and os.listdir(work) == []
    assert os.getcwd() == before and not os.path.exists(work)


def test_a_command_past_its_folder_cap_is_stopped_soon(tmp_path: Path) -> None:
    """A command that writes files without end (as a top-k search writes plans) is stopped
    once they pass the cap, not at the time limit."""
    script = "i=0; while true; do i=$((i+1)); head -c 65536 /dev/zero > plan.$i; done"
    started = time.monotonic()
    run = run_command(["sh", "-c", script], str(tmp_path), timeout=30, folder_cap=2**20)
    assert run.overflowed and run.exit_code is None and not run.timed_out
    assert time.monotonic() - started < 5
    written = sum(path.stat().st_size for path in tmp_path.iterdir())
    assert 2**20 < written < 2**20 + 65536 * 400  # a poll's worth of writing past the cap
