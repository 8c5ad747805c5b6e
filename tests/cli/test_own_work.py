"""Issue 42: `--timeout` and `--memory-limit` hold the command's own work, not only its
attempts (translator/runtime/own_work.py), and `generate` makes no level past the cap of the
commands that read it.

A model of 156 headers, each made 64 schemas by its disjunctions and conditional effects
(9,984 schemas, under every cap), took `compare --timeout 1` 223 s of wall time and 74 s of
CPU in the parent, exit 1; bounded, it ends after the floor's 5 s of CPU with one line."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import ROOT

from translator.cli import main as cli_main
from translator.runtime import own_work
from translator.runtime.own_work import OwnWorkTimeout, own_work_bounded
from translator.runtime.processes import _LIVE, start_child
from translator.runtime.workers import run_completed

LEVEL = str(ROOT / "levels" / "level1.txt")


def _heavy_model(folder: Path) -> str:
    """A model whose reading alone takes over a minute of CPU, named by the test's folder so
    that no cached reading of an earlier run is found."""
    pre = "".join(f" ∧ (a{i}(x) ∨ b{i}(x))" for i in range(3)) + \
        "".join(f" ∧ p{i}(x)" for i in range(100))
    effect = "".join(f" ∧ (c{i}(x) => d{i}(x))" for i in range(3))
    path = folder / "heavy.strips"
    path.write_text(f"# {folder.name}\n" + "".join(
        f"go{n}(x)\n  Pre: hero(x){pre}\n  Eff: hero(x){effect}\n\n" for n in range(156)),
        encoding="utf-8")
    return str(path)


def _run(tmp_path: Path, *arguments: str, prelude: str = ""
         ) -> tuple[subprocess.CompletedProcess[str], float, float]:
    """`helltaker ARGUMENTS` in a process of its own, after `prelude` (Python run first):
    the run, its wall time and its CPU time (its children's included)."""
    scratch = tmp_path / "tmp"
    scratch.mkdir(exist_ok=True)
    code = f"{prelude}\nimport sys\nfrom translator.cli.main import main\n" \
        "sys.exit(main(sys.argv[1:]))"
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    run = subprocess.run([sys.executable, "-c", code, *arguments], capture_output=True,
                         text=True, cwd=ROOT, timeout=300,
                         env={**os.environ, "TMPDIR": str(scratch),
                              "HELLTAKER_CACHE_DIR": str(tmp_path / "cache")})
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return run, time.monotonic() - started, cpu


def test_compare_of_a_model_whose_reading_runs_long_stops_at_the_timeout(
        tmp_path: Path) -> None:
    """The floor is lowered to 1 s (the default's 5 s is the same mechanism, four seconds of
    the fast loop longer)."""
    floor = 1.0
    run, wall, cpu = _run(tmp_path, "compare", _heavy_model(tmp_path), LEVEL,
                          "--timeout", "1", "-o", str(tmp_path / "report.md"),
                          prelude=f"from translator.runtime import own_work\n"
                          f"own_work.OWN_WORK_FLOOR = {floor}")
    assert run.returncode == 3
    (line,) = run.stderr.splitlines()
    assert line.startswith("helltaker: timeout: the command's own work") and \
        f"more than {floor:g} s of CPU time" in line
    # Bounds of behaviour, loose for a loaded machine: the floor's CPU time and start-up.
    assert cpu < floor + 10 and wall < 120
    assert not (tmp_path / "report.md").exists() and os.listdir(tmp_path / "tmp") == []


def test_memory_limit_holds_the_commands_own_work(tmp_path: Path) -> None:
    """Past `--memory-limit` (its floor lowered to keep the test short), the reading's own
    process is out of memory: one line naming the option, exit 3, nothing written."""
    run, _, _ = _run(tmp_path, "compare", _heavy_model(tmp_path), LEVEL,
                     "--memory-limit", "1M", "-o", str(tmp_path / "report.md"),
                     prelude="from translator.runtime import own_work\n"
                     "own_work.MEMORY_GROWTH_FLOOR = 0")
    assert run.returncode == 3
    assert run.stderr.splitlines()[-1] == (
        "helltaker: out of memory (the address space this process may use is exhausted; "
        "raise --memory-limit (given 1 MiB) or give a smaller input)")
    assert "Traceback" not in run.stderr and not (tmp_path / "report.md").exists()


def _busy(seconds: float) -> str:
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass
    return "done"


def test_the_bound_fires_in_the_main_thread_and_is_undone(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    monkeypatch.setattr(own_work, "OWN_WORK_FLOOR", 0.05)
    limit = resource.getrlimit(resource.RLIMIT_AS)
    started = time.process_time()
    with pytest.raises(OwnWorkTimeout, match=r"more than 0\.1 s of CPU time"), \
            own_work_bounded(0.1, 2**30):
        _busy(30)
    assert time.process_time() - started < 5
    assert resource.getrlimit(resource.RLIMIT_AS) == limit
    _busy(0.3)  # no timer left behind


def test_a_worker_is_bounded_from_its_own_start(monkeypatch: pytest.MonkeyPatch) -> None:
    """A fork does not inherit the timer: each worker's own work is counted afresh, and a
    worker past it is that task's failure, the others' results kept."""
    monkeypatch.setattr(own_work, "OWN_WORK_FLOOR", 0.05)
    with own_work_bounded(0.2, None):
        results = dict(run_completed(_busy, [0.01, 30.0], jobs=2))
    assert results[0] == "done" and isinstance(results[1], OwnWorkTimeout)


def test_children_running_when_the_bound_fires_are_ended(monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    """What main does on a bound that fired: every child still running is killed, its
    folder removed (the runner's own `finally` blocks aside)."""
    monkeypatch.setattr(own_work, "OWN_WORK_FLOOR", 0.05)
    child = start_child("a sleeper", time.sleep, 60)
    try:
        with pytest.raises(OwnWorkTimeout), own_work_bounded(0.1, None):
            _busy(30)
    finally:
        cli_main._stop_every_child()
    assert child.pid not in _LIVE and not os.path.exists(child.scratch)
    with pytest.raises(ChildProcessError):
        os.waitpid(child.pid, os.WNOHANG)


@pytest.mark.parametrize("command", ["generate", "suite"])
@pytest.mark.parametrize(("width", "height"), [(51, 50), (1000, 1000)])
def test_generation_past_the_cell_cap_is_refused_before_any_work(
        command: str, width: int, height: int, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    started = time.monotonic()
    extra = ["--count", "2", "-o", str(tmp_path / "suite")] if command == "suite" else []
    code = cli_main.main([command, "--width", str(width), "--height", str(height),
                          "--seed", "1", *extra])
    assert code == 2 and time.monotonic() - started < 10
    assert capsys.readouterr().err.splitlines() == [
        f"helltaker: --width {width} --height {height}: {width * height:,} cells, more than "
        "the 2,500 that compare and pddl read: ask for a smaller level"]
    assert not (tmp_path / "suite").exists()
