"""The process runner (translator/planners/processes.py) and the forked workers (workers.py):
order, errors, timeouts that stop children, private working directories."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from translator.planners.processes import (
    WorkerDied,
    WorkerTimeout,
    own_working_directory,
    run_command,
    run_in_child,
)
from translator.planners.workers import run_ordered


def test_parallel_results_come_in_input_order() -> None:
    assert list(run_ordered(_square, list(range(7)), jobs=3)) == [0, 1, 4, 9, 16, 25, 36]
    assert list(run_ordered(_square, [5], jobs=3)) == [25]


def test_parallel_errors_reach_the_caller() -> None:
    results = run_ordered(_fail_on_three, [1, 2, 3, 4], jobs=2)
    assert next(results) == 1 and next(results) == 2
    with pytest.raises(ValueError, match="three"):
        next(results)
    with pytest.raises(WorkerDied):
        list(run_ordered(_die_on_two, [1, 2, 3], jobs=2))


def test_a_function_in_a_child_is_stopped_at_its_timeout() -> None:
    assert run_in_child("sleeper", _sleep, 0.0, timeout=5) == 0.0
    with pytest.raises(WorkerTimeout, match="sleeper stopped after 0.2 s"):
        run_in_child("sleeper", _sleep, 30.0, timeout=0.2)
    with pytest.raises(WorkerDied, match="exit code 9"):
        run_in_child("dier", _die_on_two, 2, timeout=5)
    with pytest.raises(ValueError, match="three"):
        run_in_child("failer", _fail_on_three, 3, timeout=5)


def test_a_command_timeout_kills_its_children_too(tmp_path: Path) -> None:
    """The command starts a grandchild that would outlive it; the timeout stops both."""
    marker = tmp_path / "grandchild-finished"
    script = f"sleep 1 && touch {marker} & echo started; wait"
    run = run_command(["sh", "-c", script], str(tmp_path), timeout=0.3)
    assert run.timed_out and run.exit_code is None and "started" in run.output
    import time

    time.sleep(1.2)
    assert not marker.exists()
    finished = run_command(["sh", "-c", "echo out; echo err >&2; exit 3"], str(tmp_path), None)
    assert (finished.exit_code, sorted(finished.output.split())) == (3, ["err", "out"])


def test_own_working_directory_is_fresh_and_removed() -> None:
    before = os.getcwd()
    with own_working_directory("helltaker-test-") as work:
        assert os.getcwd() == os.path.realpath(work) and os.listdir(work) == []
    assert os.getcwd() == before and not os.path.exists(work)


def _square(value: int) -> int:
    return value * value


def _fail_on_three(value: int) -> int:
    if value == 3:
        raise ValueError("three")
    return value


def _die_on_two(value: int) -> int:
    if value == 2:
        os._exit(9)
    return value


def _sleep(seconds: float) -> float:
    import time

    time.sleep(seconds)
    return seconds
