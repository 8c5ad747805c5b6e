"""`--jobs` decides how fast a grade comes, never what it is: each attempt's memory is the
machine's share for the tasks that really run at once, so that jobs beyond a model's tasks
(its levels and its probes) change no limit and no verdict. `--jobs 200` once divided the
memory by 200 (some 90 MiB an attempt) and every level and rule came out `not run`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import ROOT

from strips_model.errors import InputError
from translator.cli.main import main
from translator.compare.runs.coverage import distinct_probes
from translator.runtime.memory_limits import default_memory_limit
from translator.runtime.processes import Limits

OUR_MODEL = str(ROOT / "strips_model" / "helltaker.strips")
LEVEL = str(ROOT / "levels" / "level1.txt")
SMALL_LEVEL = str(ROOT / "levels" / "lock_and_key.txt")
"""Where the verdicts are compared: any level shows the claim (a memory divided by 200 left
every attempt `not run`, the probes' too); a small one takes half the time of level 1."""


class _Stop(InputError):
    """Raised where the limits are handed over, once they are recorded."""


def _limits_of_one_model(jobs: int, monkeypatch: pytest.MonkeyPatch) -> Limits:
    seen: list[Limits] = []

    def record(path: str, levels: object, planner: str, limits: Limits, *rest: object,
               **options: object) -> None:
        seen.append(limits)
        raise _Stop("recorded")

    monkeypatch.setattr("translator.compare.check.checked_model", record)
    assert main(["compare", OUR_MODEL, LEVEL, "--jobs", str(jobs)]) == 2
    return seen[0]


def _limits_of_a_class(jobs: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Limits:
    seen: list[Limits] = []

    def record(ours: object, levels: object, planner: str, limits: Limits, *rest: object
               ) -> None:
        seen.append(limits)
        raise _Stop("recorded")

    monkeypatch.setattr("translator.compare.runs.our_columns.our_columns_on", record)
    monkeypatch.setattr("translator.compare.grading.class_grading.prepare_grading",
                        lambda *arguments: None)
    second = tmp_path / "copy.strips"
    second.write_text(Path(OUR_MODEL).read_text("utf-8"), "utf-8")
    assert main(["compare", OUR_MODEL, str(second), LEVEL, "--jobs", str(jobs)]) == 2
    return seen[0]


def test_jobs_past_the_tasks_leave_the_memory_as_it_is(monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    tasks = 1 + len(distinct_probes())  # one level and every probe, at most, at once
    expected = default_memory_limit(tasks)
    for jobs in (tasks, tasks + 1, 200, 10_000):
        assert _limits_of_one_model(jobs, monkeypatch).memory == expected, jobs
    assert _limits_of_one_model(1, monkeypatch).memory == default_memory_limit(1)
    assert _limits_of_one_model(2, monkeypatch).memory == default_memory_limit(2)


def test_a_class_shares_the_memory_among_what_runs(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    tasks = 1 + len(distinct_probes())
    expected = default_memory_limit(2 * tasks)  # two models, each its level and probes
    for jobs in (2 * tasks, 200, 10_000):
        assert _limits_of_a_class(jobs, tmp_path, monkeypatch).memory == expected, jobs


Verdicts = tuple[int, list[tuple[str, str]], list[tuple[str, str]]]
"""The exit status, each level's verdict and each rule's."""


def _verdicts(jobs: int) -> Verdicts:
    """`compare` in a process of its own: one forked from this one would inherit its address
    space, which tests that ran Dask clusters here leave hundreds of megabytes larger (glibc
    keeps a thread's malloc arena reserved after the thread ends), against the memory limit
    a share of 200 jobs' gives each attempt."""
    done = subprocess.run([sys.executable, "-m", "translator.cli", "compare", OUR_MODEL,
                           SMALL_LEVEL, "--json", "--jobs", str(jobs)],
                          capture_output=True, text=True, cwd=ROOT, check=False)
    record = json.loads(done.stdout)
    return (done.returncode, [(level["level"], level["verdict"]) for level in record["levels"]],
            [(rule["rule"], rule["verdict"]) for rule in record["coverage"]])


@pytest.mark.planner
def test_jobs_200_grades_as_jobs_1() -> None:
    one = _verdicts(1)
    assert one[0] == 0 and [verdict for _, verdict in one[1]] == ["agrees"]
    assert len(one[2]) == 21 and {verdict for _, verdict in one[2]} != {"not run"}
    assert _verdicts(200) == one
