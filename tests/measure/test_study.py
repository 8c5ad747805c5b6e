"""`helltaker study`: a tiny study writes its files, checks every plan, agrees with the
exhaustive search, and resumes from its results file."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from helpers import ROOT

import translator.cli.study as study_command
from strips_model.errors import InputError, Position
from translator.cli.main import main
from translator.measure.study import KEY_FIELDS, StudyRequest
from translator.measure.study_grades import grade_of
from translator.planners.registry import PLANNERS
from translator.runtime.results_file import ResultsFile
from translator.runtime.results_records import parse_record

COUNT = 3
"""Three levels of three grades: every file, table and plot is written from them, each
plan is checked, and the resume has runs to skip; more levels only repeat the same runs."""


def study(folder: Path, results: Path, *extra: str) -> int:
    return main(["study", "--count", str(COUNT), "--seed", "3", "--planners", "fd,search",
                 "--timeout", "20", "--jobs", "2", "--results", str(results),
                 "-o", str(folder), *extra])


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("study")
    results = folder / "results.jsonl"
    assert study(folder / "out", results) == 0
    return folder / "out", results


@pytest.mark.planner
def test_files_written(tiny: tuple[Path, Path]) -> None:
    out, _ = tiny
    names = {path.name for path in out.iterdir()}
    assert {"study.md", "study.json", "study-solved.png", "study-solved.svg",
            "study-time.png", "study-time.svg", "study-memory.png"} <= names
    text = (out / "study.md").read_text()
    assert "## Per planner" in text and "| fd |" in text and "| search |" in text
    document = json.loads((out / "study.json").read_text())
    assert document["count"] == COUNT and document["planners"] == ["fd", "search"]


@pytest.mark.planner
def test_runs_valid_and_costs_agree(tiny: tuple[Path, Path]) -> None:
    _, results = tiny
    records = lines(results)
    levels = {record["level"]: record for record in records if record["kind"] == "level"}
    assert len(levels) == COUNT
    assert [levels[name]["grade"] for name in sorted(levels)] == \
        [grade_of(index).number for index in range(1, COUNT + 1)]
    runs = [record for record in records if record["kind"] == "run"]
    # Seen twice on a loaded machine with no run recorded: the records say what was written.
    assert len(runs) == 2 * COUNT, records
    cost: dict[tuple[str, str], int] = {}
    for run in runs:
        assert run["status"] == "solved", run
        assert run["valid"] is True and run["within_budget"] is True
        assert run["seconds"] > 0 and run["cpu"] >= 0 and run["peak_mb"] > 0
        cost[(run["planner"], run["level"])] = run["cost"]
    for name, level in levels.items():
        assert cost[("fd", name)] == cost[("search", name)] == level["optimum"]


@pytest.mark.planner
def test_resume_runs_nothing_new(tiny: tuple[Path, Path],
                                 capsys: pytest.CaptureFixture[str]) -> None:
    out, results = tiny
    before = results.read_text()
    capsys.readouterr()
    assert study(out, results) == 0
    assert results.read_text() == before
    assert "to go" not in capsys.readouterr().err


def test_bad_planners_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["study", "--planners", "fd,nope", "-o", str(tmp_path / "out")]) == 2
    error = capsys.readouterr().err.strip()
    assert error.count("\n") == 0 and "nope" in error
    assert not (tmp_path / "out").exists()


def test_an_output_folder_that_is_a_file_is_bad_input_before_any_level(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 42: `-o FILE` was `File exists`, exit 3, once the levels were made; the file
    is left as it was and nothing is written."""
    taken = tmp_path / "taken"
    taken.write_text("a user's file\n", encoding="utf-8")
    assert main(["study", "--count", "1", "--planners", "search", "-o", str(taken)]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line == (f"helltaker: {taken}/study-results.jsonl: cannot write there: {taken} "
                    "is not a directory")
    assert taken.read_text(encoding="utf-8") == "a user's file\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["taken"]


def test_make_study_resumes_from_the_committed_results(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/study/study-results.jsonl starts with the header this project's study run wrote
    (its parameters are `make study`'s; its machine is docs/study/study.json's): `make study`
    on that kind of machine resumes from it rather than refusing it, every record kept."""
    shipped = ROOT / "docs" / "study" / "study-results.jsonl"
    machine = json.loads((ROOT / "docs" / "study" / "study.json").read_text())["machine"]
    monkeypatch.setattr(study_command, "machine_facts", lambda: machine)
    copy = tmp_path / "study-results.jsonl"
    shutil.copyfile(shipped, copy)
    # The Makefile's `study` target: --count 1000 --seed 1 --timeout 10 --memory-limit 2G.
    request = StudyRequest(1000, 1, tuple(PLANNERS), 10.0, 2 << 30)
    with ResultsFile(str(copy), KEY_FIELDS, study_command.RECORD_FIELDS,
                     header=study_command.results_header(request)).open() as results:
        assert len(results.done) == len(shipped.read_text().splitlines()) - 1 > 1000


@pytest.mark.parametrize("field", ["seconds", "cpu", "peak_mb"])
def test_a_forged_negative_measure_in_a_resumed_file_is_refused(field: str) -> None:
    """Issue 42: a results file edited to hold -1e300 s was resumed and published as the
    time of a run; a time or a memory peak below 0 is no record."""
    record = {"kind": "run", "level": "g1-0001", "planner": "fd", field: -1e300}
    with pytest.raises(InputError, match=rf"^r:3: not a results record: field '{field}' is "
                                         r"-1e\+300, below 0$"):
        parse_record(json.dumps(record), Position("r", 3), KEY_FIELDS,
                     study_command.RECORD_FIELDS)
    record[field] = 0.0
    assert parse_record(json.dumps(record), Position("r", 3), KEY_FIELDS,
                        study_command.RECORD_FIELDS) == record
