"""`solve --results FILE`: records appended as levels finish, a rerun skips what is there, and a
run killed mid-way then restarted finishes the corpus with no duplicate and no lost record."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import ROOT, SHARED_ABSENT, shared_path

from strips_model.errors import InputError
from translator.cli.main import main
from translator.runtime.results_file import ResultsFile, open_results


def _records(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines()]


def test_a_partial_last_line_is_dropped_and_a_bad_line_named(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    path.write_text('{"level": "a", "planner": "fd", "budget": 1}\n{"level": "b', "utf-8")
    results = ResultsFile(str(path), ("level", "planner", "budget")).open()
    assert list(results.done) == [("a", "fd", 1)]
    results.append({"level": "c", "planner": "fd", "budget": 2})
    results.close()
    assert [r["level"] for r in _records(path)] == ["a", "c"]
    path.write_text('{"level": "a"}\nnot json\n', "utf-8")
    with pytest.raises(InputError, match=r"r\.jsonl:2:1: not a JSON record"):
        ResultsFile(str(path), ("level",)).open()


def test_the_resume_keeps_the_items_not_done_and_says_how_many_it_skipped(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "r.jsonl"
    path.write_text('{"level": "a", "planner": "fd"}\n', "utf-8")
    with open_results(str(path), ("level", "planner")) as results:
        assert results is not None
        # A key of None is an item no record can stand for (an unreadable level).
        kept = results.not_done(["a", "b", None], lambda name: (name, "fd") if name else None)
        assert kept == ["b", None]
        results.append({"level": "b", "planner": "fd"})
    assert capsys.readouterr().err == f"{path}: 1 level(s) already there, skipped\n"
    assert [record["level"] for record in _records(path)] == ["a", "b"]
    with open_results(None, ("level",)) as nothing:
        assert nothing is None


@pytest.mark.planner
def test_a_rerun_skips_the_levels_already_there(tmp_path: Path, capsys) -> None:
    levels = [str(ROOT / "levels" / name) for name in ("boulder_wait.txt", "static_spikes.txt")]
    results = tmp_path / "r.jsonl"
    assert main(["solve", levels[0], "--results", str(results), "--jobs", "1"]) == 0
    capsys.readouterr()
    assert main(["solve", *levels, "--results", str(results), "--jobs", "1"]) == 0
    assert "1 level(s) already there, skipped" in capsys.readouterr().err
    assert sorted(str(r["level"]) for r in _records(results)) == sorted(levels)
    # Another budget is another item: solved again, recorded beside the first.
    assert main(["solve", levels[0], "--budget", "4", "--results", str(results)]) == 1
    assert len(_records(results)) == 3


@pytest.mark.planner
def test_a_killed_run_restarted_finishes_with_no_duplicate_and_no_loss(tmp_path: Path) -> None:
    classic = sorted(shared_path("levels/classic").glob("level*.txt"))
    if not classic:
        pytest.skip(SHARED_ABSENT)
    paths = [str(path) for path in classic]
    results = tmp_path / "r.jsonl"
    command = [sys.executable, "-m", "translator.cli", "solve", *paths, "--jobs", "1",
               "--results", str(results)]
    run = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not results.exists() or
                                           results.read_text("utf-8").count("\n") < 2):
        time.sleep(0.05)
    run.send_signal(signal.SIGKILL)
    run.wait()
    before = len(_records(results))
    assert 2 <= before < len(paths), "the run was not killed mid-way"
    assert subprocess.run(command, cwd=ROOT, capture_output=True, check=False).returncode == 0
    levels = [str(record["level"]) for record in _records(results)]
    assert sorted(levels) == sorted(paths)  # each level once: no duplicate, none lost
    assert all(record["status"] == "solved" for record in _records(results))
