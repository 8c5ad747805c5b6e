"""The process runner (translator/runtime/processes.py) and the forked workers (workers.py):
order, errors, timeouts and memory limits that stop children."""

from __future__ import annotations

import gc
import os
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from translator.runtime.processes import (
    Limits,
    WorkerDied,
    WorkerOutOfMemory,
    WorkerTimeout,
    cancel_reservation,
    reserve_child,
    run_in_child,
    start_child,
    stop_every_child,
)
from translator.runtime.workers import run_batched, run_ordered


def test_parallel_results_come_in_input_order() -> None:
    assert list(run_ordered(_square, list(range(7)), jobs=3)) == [0, 1, 4, 9, 16, 25, 36]
    assert list(run_ordered(_square, [5], jobs=3)) == [25]


@given(st.lists(st.integers(-50, 50), max_size=12), st.integers(1, 6))
@settings(max_examples=40, deadline=None)
def test_batched_results_are_one_per_item_in_input_order(items: list[int], batches: int
                                                         ) -> None:
    assert list(run_batched(_square, items, 1, batches)) == [item * item for item in items]


def test_batched_items_share_a_worker_per_batch() -> None:
    """Seven items in three batches on two cores: three workers, one per run of items."""
    pids = list(run_batched(_pid, list(range(7)), 2, 3))
    assert len(pids) == 7 and len(set(pids)) == 3 and os.getpid() not in pids
    assert pids[0] == pids[2] != pids[3] == pids[5] != pids[6]


def _pid(_: int) -> int:
    return os.getpid()


def test_a_child_leaves_what_it_inherits_to_no_collection_and_the_parent_as_it_was() -> None:
    """A forked child freezes the objects it inherits (a repair's grounding memo): its full
    collections scan only its own, and the parent's collector is untouched."""
    frozen = gc.get_freeze_count()
    held = [[index] for index in range(10_000)]  # tracked objects the child inherits
    assert run_in_child("freeze count", _freeze_count, None) >= len(held)
    # A frozen object freed meanwhile leaves the frozen set (the test workers freeze what each
    # test leaves alive: conftest.py), so the count may fall; a freeze here would add `held`.
    assert gc.get_freeze_count() < frozen + len(held)


def _freeze_count(_: None) -> int:
    return gc.get_freeze_count()


def test_parallel_workers_leave_no_folder_behind() -> None:
    folders = list(run_ordered(_write_temporary_file, [None] * 3, jobs=2))
    assert len(set(folders)) == 3
    assert not any(os.path.exists(folder) for folder in folders)


def test_parallel_errors_reach_the_caller() -> None:
    results = run_ordered(_fail_on_three, [1, 2, 3, 4], jobs=2)
    assert next(results) == 1 and next(results) == 2
    with pytest.raises(ValueError, match="three"):
        next(results)
    with pytest.raises(WorkerDied):
        list(run_ordered(_die_on_two, [1, 2, 3], jobs=2))


def test_a_function_in_a_child_is_stopped_at_its_timeout() -> None:
    assert run_in_child("sleeper", _sleep, 0.0, Limits(5)) == 0.0
    started = time.monotonic()
    with pytest.raises(WorkerTimeout, match="sleeper stopped after 0.2 s"):
        run_in_child("sleeper", _sleep, 30.0, Limits(0.2))
    assert time.monotonic() - started < 10  # stopped: the sleep alone is 30 s
    with pytest.raises(WorkerDied, match="exit code 9"):
        run_in_child("dier", _die_on_two, 2, Limits(5))
    with pytest.raises(ValueError, match="three"):
        run_in_child("failer", _fail_on_three, 3, Limits(5))


def test_a_child_past_its_memory_limit_is_out_of_memory() -> None:
    """An address-space limit: the allocation fails at once instead of swapping. The limit
    is the parent's own address space (a forked child starts with it: what earlier tests
    loaded into this worker) plus 512 MiB."""
    with open("/proc/self/statm", encoding="ascii") as statm:
        limit = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE") + 512 * 2**20
    started = time.monotonic()
    with pytest.raises(WorkerOutOfMemory, match="hog ran out of memory"):
        run_in_child("hog", _allocate, 2 * 2**30, Limits(30, limit))
    assert time.monotonic() - started < 5
    assert run_in_child("modest", _allocate, 10 * 2**20, Limits(30, limit)) == 10 * 2**20


def test_a_stopped_child_leaves_no_process_and_no_file(tmp_path: Path) -> None:
    """The child starts a command in a session of its own (as planners' drivers do) and
    writes into its temporary folder; the timeout ends both and removes the folder."""
    marker = tmp_path / "grandchild-pid"
    with pytest.raises(WorkerTimeout):
        run_in_child("spawner", _spawn_and_wait, str(marker), Limits(0.5))
    grandchild = int(marker.read_text().split()[0])
    scratch = marker.read_text().split()[1]
    assert not _alive(grandchild)
    assert not os.path.exists(scratch)


def test_a_finished_childs_folder_is_removed_too() -> None:
    scratch = run_in_child("writer", _write_temporary_file, None)
    assert scratch.startswith(tempfile.gettempdir()) and not os.path.exists(scratch)


def test_interrupting_a_parent_stops_every_child(tmp_path: Path) -> None:
    """What `main` does on Ctrl-C: children that no `finally` has stopped yet are ended."""
    marker = tmp_path / "grandchild-pid"
    child = start_child("spawner", _spawn_and_wait, str(marker))
    deadline = time.monotonic() + 10
    while not marker.exists() and time.monotonic() < deadline:
        time.sleep(0.02)
    stop_every_child()
    grandchild = int(marker.read_text().split()[0])
    assert not _alive(grandchild) and not _alive(child.pid)
    assert not os.path.exists(child.scratch)


_PREPARED = "HELLTAKER_TEST_PREPARED_IN"


@dataclass(frozen=True)
class _Prepare:
    """A reserved child's `prepare`: equal ones take the same child. It sleeps, then notes
    in the process's environment that it ran there, which the job looks for."""

    seconds: float = 0.0

    def __call__(self) -> None:
        time.sleep(self.seconds)
        os.environ[_PREPARED] = str(os.getpid())


def _prepared_in(_: None) -> tuple[int, bool]:
    return os.getpid(), os.environ.get(_PREPARED) == str(os.getpid())


def test_a_reserved_child_takes_the_job_prepared_as_it_was() -> None:
    child = reserve_child(_Prepare())
    try:
        # Another preparation forks a child of its own, which prepared too.
        other, prepared = run_in_child("other", _prepared_in, None, prepare=_Prepare(0.01))
        assert other != child.pid and prepared
        assert os.path.isdir(child.scratch)
        assert run_in_child("job", _prepared_in, None, prepare=_Prepare()) == (child.pid, True)
        assert not _alive(child.pid) and not os.path.exists(child.scratch)
        # Taken once: the next attempt forks.
        assert run_in_child("job", _prepared_in, None, prepare=_Prepare())[0] != child.pid
    finally:
        cancel_reservation(child)


def test_a_reserved_child_never_handed_a_job_is_stopped() -> None:
    for end in (cancel_reservation, lambda _: stop_every_child()):  # done, or Ctrl-C
        child = reserve_child(_Prepare(30))
        end(child)
        assert not _alive(child.pid) and not os.path.exists(child.scratch)


def test_a_reserved_childs_limits_count_from_its_job() -> None:
    """Time spent preparing before the job came is not the job's; its own time and memory
    are, and passing them ends it as any attempt."""
    child = reserve_child(_Prepare())
    time.sleep(0.5)  # past the limit and its grace, had they counted from the fork
    assert run_in_child("job", _sleep, 0.0, Limits(0.05), _Prepare()) == 0.0
    child = reserve_child(_Prepare())
    with pytest.raises(WorkerTimeout, match="sleeper stopped after 0.05 s"):
        run_in_child("sleeper", _sleep, 30.0, Limits(0.05), _Prepare())
    assert not _alive(child.pid) and not os.path.exists(child.scratch)
    child = reserve_child(_Prepare())
    with pytest.raises(WorkerOutOfMemory, match="hog ran out of memory"):
        run_in_child("hog", _allocate, 2 * 2**30, Limits(30, 512 * 2**20), _Prepare())
    assert not os.path.exists(child.scratch)


def test_a_reserved_child_stuck_preparing_still_times_out() -> None:
    """A job bigger than a pipe's usual 64 KiB does not wait for the child to read it: the
    time limit holds while the child is still preparing."""
    child = reserve_child(_Prepare(30))
    started = time.monotonic()
    with pytest.raises(WorkerTimeout, match="big job stopped after 0.05 s"):
        run_in_child("big job", len, bytes(300_000), Limits(0.05), _Prepare(30))
    assert time.monotonic() - started < 5
    assert not _alive(child.pid) and not os.path.exists(child.scratch)


def test_a_reserved_child_that_died_preparing_is_a_dead_worker() -> None:
    child = reserve_child(_die_preparing)
    with pytest.raises(WorkerDied, match="job ended .exit code 1. without a result"):
        run_in_child("job", _prepared_in, None, prepare=_die_preparing)
    assert not os.path.exists(child.scratch)


def _die_preparing() -> None:
    raise ImportError("a package the back-end needs is broken")


def _square(value: int) -> int:
    return value * value


def _fail_on_three(value: int) -> int:
    if value == 3:
        raise ValueError("three")
    return value


def _allocate(size: int) -> int:
    return len(bytearray(size))


def _spawn_and_wait(marker: str) -> None:
    process = subprocess.Popen(["sleep", "60"], start_new_session=True)
    Path(marker).write_text(f"{process.pid} {tempfile.gettempdir()}")
    Path(tempfile.gettempdir(), "half-written").write_text("...")
    process.wait()


def _write_temporary_file(_: None) -> str:
    Path(tempfile.gettempdir(), "output.sas").write_text("begin_version")
    return tempfile.gettempdir()


def _alive(pid: int) -> bool:
    """Running, not a zombie (a killed process waits for its adopter to reap it)."""
    deadline = time.monotonic() + 2
    while time.monotonic() < deadline:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            return False
        if state == "Z":
            return False
        time.sleep(0.02)
    return True


def _die_on_two(value: int) -> int:
    if value == 2:
        os._exit(9)
    return value


def _sleep(seconds: float) -> float:
    import time

    time.sleep(seconds)
    return seconds
