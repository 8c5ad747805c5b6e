"""translator/runtime/executors.py and `--cluster`: tasks come back as they finish, a failed
task is its own error (never the batch's end), a Dask cluster gives the same records as the
local workers, `--results` resumes under it, and bad addresses are one-line errors."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import ROOT

from strips_model.errors import InputError
from translator.cli.main import main
from translator.runtime import executors
from translator.runtime.executors import LocalExecutor, open_executor
from translator.runtime.processes import WorkerDied
from translator.runtime.workers import run_completed

SMALL_LEVELS = [str(ROOT / "levels" / name) for name in (
    "boulder_wait.txt", "static_spikes.txt", "trap_raised_start.txt", "lock_and_key.txt")]


def _sleep_then_echo(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def _task(item: str) -> str:
    """'ok', 'fail' (raises) or 'die' (the process ends without a result)."""
    if item == "fail":
        raise ValueError("task failed on purpose")
    if item == "die":
        os._exit(9)
    return item.upper()


def test_local_results_come_as_tasks_finish() -> None:
    order = [index for index, _ in run_completed(_sleep_then_echo, [0.6, 0.0, 0.3], jobs=3)]
    assert order == [1, 2, 0]


def test_local_failures_are_their_tasks_results() -> None:
    results = dict(LocalExecutor(jobs=2).run(_task, ["a", "fail", "die", "b"]))
    assert results[0] == "A" and results[3] == "B"
    assert isinstance(results[1], ValueError) and "on purpose" in str(results[1])
    assert isinstance(results[2], WorkerDied) and "exit code 9" in str(results[2])
    # One job: run in this process, failures still handed back, not raised.
    inline = dict(LocalExecutor(jobs=1).run(_task, ["a", "fail"]))
    assert inline[0] == "A" and isinstance(inline[1], ValueError)


def _records(text: str) -> dict[str, dict[str, object]]:
    """JSON records by level, without the times (which differ from run to run)."""
    records = [json.loads(line) for line in text.splitlines() if line.strip()]
    return {str(record["level"]): {key: value for key, value in record.items()
                                   if key != "seconds"} for record in records}


@pytest.mark.parametrize("cluster", ["foo", "local:0", "tcp://host", "local:x"])
def test_a_bad_cluster_value_is_bad_input(cluster: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", SMALL_LEVELS[0], "--cluster", cluster]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("helltaker: --cluster"), err


def test_more_local_workers_than_the_machine_runs_is_bad_input_before_any_starts(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # Issue 30 case 5: local:500 on 2 cores ran at a load of 145 and ended in tracebacks.
    cores = executors.default_jobs()
    started: list[int] = []
    monkeypatch.setattr(executors, "_start_local_cluster",
                        lambda _, workers, __: started.append(workers))
    too_many = executors.WORKERS_PER_CORE * cores + 1
    assert main(["solve", SMALL_LEVELS[0], "--cluster", f"local:{too_many}"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"helltaker: --cluster local:{too_many}: more workers than this machine can "
                   f"run ({executors.WORKERS_PER_CORE} per core, {cores} cores: at most "
                   f"{too_many - 1})"]
    monkeypatch.setattr(executors, "default_memory_limit", lambda: 3 * executors.WORKER_MEMORY)
    with pytest.raises(InputError, match="more workers than memory allows .* at most 3"):
        executors.check_local_workers(4)
    executors.check_local_workers(3)
    assert started == []


def test_an_unreachable_scheduler_is_a_one_line_run_error(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("distributed")
    monkeypatch.setattr(executors, "CONNECT_SECONDS", 1.0)
    assert main(["solve", SMALL_LEVELS[0], "--cluster", "tcp://127.0.0.1:1"]) == 3
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err
    assert err[0].startswith("helltaker: cannot reach the Dask scheduler at tcp://127.0.0.1:1")


def _server(answer: bytes | None) -> tuple[str, Callable[[], None]]:
    """A local TCP server that, to each connection, says `answer` (None: nothing, ever, the
    connection held open); its address and how to stop it."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    held: list[socket.socket] = []

    def serve() -> None:
        with contextlib.suppress(OSError):
            while True:
                connection, _ = listener.accept()
                held.append(connection)
                if answer is not None:
                    connection.sendall(answer)

    server = threading.Thread(target=serve, daemon=True)
    server.start()

    def stop() -> None:
        # Shut down first: a close alone leaves the thread blocked in accept(), and each
        # thread left holds its stack and malloc arena in this process's address space,
        # which every child forked later inherits against its memory limit.
        with contextlib.suppress(OSError):
            listener.shutdown(socket.SHUT_RDWR)
        listener.close()
        server.join(timeout=5)
        for connection in held:
            connection.close()

    return f"tcp://127.0.0.1:{listener.getsockname()[1]}", stop


@pytest.mark.parametrize(("answer", "reason"), [
    (None, "no answer within 1 s"),
    (b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello" * 20,
     "what answers there does not speak Dask's protocol ("),
])
def test_a_server_that_is_no_scheduler_is_one_line_within_the_deadline(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        answer: bytes | None, reason: str) -> None:
    """Issue 42: a server that accepted and never answered held `--cluster` runs past 120 s
    (the client's timeout bounds the connection, not its handshake); one that answered HTTP
    ended after 22 s with a `Client.__del__` traceback."""
    pytest.importorskip("distributed")
    monkeypatch.setattr(executors, "CONNECT_SECONDS", 1.0)
    address, stop = _server(answer)
    try:
        assert main(["solve", SMALL_LEVELS[0], "--cluster", address]) == 3
    finally:
        stop()
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert line.startswith(f"helltaker: cannot reach the Dask scheduler at {address}: {reason}")


@pytest.mark.planner
def test_a_dask_cluster_hands_back_failures_and_keeps_its_workers() -> None:
    pytest.importorskip("distributed")
    with open_executor("local:2", jobs=1) as executor:
        results = dict(executor.run(_task, ["a", "fail", "die", "b", "c"]))
        # A task that kills its process ended a forked child, not the Dask worker.
        assert len(executor.client.scheduler_info()["workers"]) == 2  # type: ignore[attr-defined]
    assert results[0] == "A" and results[3] == "B" and results[4] == "C"
    assert isinstance(results[1], ValueError) and "on purpose" in str(results[1])
    assert isinstance(results[2], WorkerDied)


@pytest.mark.planner
def test_a_dask_cluster_gives_the_local_records_and_resumes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("distributed")
    assert main(["solve", "--json", "--jobs", "2", *SMALL_LEVELS]) == 0
    local = _records(capsys.readouterr().out)
    results = tmp_path / "out.jsonl"
    # Half the batch by local workers, the rest resumed on the cluster: one cluster started
    # (seconds each), its records the same as the local ones and in the same file.
    assert main(["solve", "--json", "--jobs", "2", "--results", str(results),
                 *SMALL_LEVELS[:2]]) == 0
    first = capsys.readouterr()
    assert main(["solve", "--json", "--cluster", "local:2", "--results", str(results),
                 *SMALL_LEVELS]) == 0
    second = capsys.readouterr()
    assert "2 level(s) already there, skipped" in second.err
    assert second.err.strip().splitlines()[-1].startswith("2 levels: 2 solved, 0 failed")
    assert _records(first.out) | _records(second.out) == local
    saved = _records(results.read_text("utf-8"))
    assert set(saved) == set(local) and len(results.read_text("utf-8").splitlines()) == 4
