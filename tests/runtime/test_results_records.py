"""`--results FILE` read back: every record checked (a bad one is `FILE:LINE: ...`), a whole
last record without its newline kept, the file locked against a second run, and a file that
is not a regular file refused before it is read."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from strips_model.errors import InputError
from translator.cli.main import main
from translator.measure.benchmark import Row
from translator.runtime.results_file import ResultsFile
from translator.runtime.results_records import Field, dataclass_schema

KEY = ("level", "planner", "budget")
GOOD = '{"level": "a", "planner": "fd", "budget": 1}'


def _open(path: Path, *args: object, **kwargs: object) -> ResultsFile:
    return ResultsFile(str(path), KEY, *args, **kwargs).open()  # type: ignore[arg-type]


@pytest.mark.parametrize(("line", "words"), [
    ('{"level": ["a"], "planner": "fd", "budget": 1}',
     "field 'level' is a list, expected a string or a number"),
    ('{"level": "a", "planner": {"x": 1}, "budget": 1}',
     "field 'planner' is an object, expected a string or a number"),
    ('{"level": "a", "planner": "fd", "budget": 1' + "0" * 30 + "}",
     "the integer 10000000000000000000... is past 64 bits"),
    ('{"level": "a", "planner": "fd", "budget": ' + "9" * 5000 + "}",
     "an integer is past 64 bits"),
    ('{"level": "a", "planner": "fd", "budget": NaN}', "NaN is not a number"),
    ('{"level": "a", "x": ' + "[" * 100_000 + "]" * 100_000 + "}",
     "nested deeper than 4 levels"),
    ("[1, 2]", "not a JSON object"),
])
def test_a_bad_record_is_one_line_naming_its_line(tmp_path: Path, line: str,
                                                  words: str) -> None:
    path = tmp_path / "r.jsonl"
    path.write_text(f"{GOOD}\n{line}\n", "utf-8")
    with pytest.raises(InputError) as caught:
        _open(path)
    message = str(caught.value)
    assert message.startswith(f"{path}:2:") and words in message and "\n" not in message


def test_a_schema_checks_the_fields_read_back(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    schema = {"cost": Field((int, type(None))), "seconds": Field((float,), required=True)}
    path.write_text('{"level": "a", "planner": "fd", "budget": 1, "seconds": 2, "cost": null}\n'
                    '{"level": "b", "planner": "fd", "budget": 1, "seconds": 1.5, "cost": true}'
                    "\n", "utf-8")
    with pytest.raises(InputError, match=r":2: not a results record: field 'cost' is true or "
                       r"false, expected an integer or null$"):
        _open(path, schema)
    path.write_text(GOOD + "\n", "utf-8")
    with pytest.raises(InputError, match=r":1: not a results record: field 'seconds' is missing"):
        _open(path, schema)


def test_bench_rows_are_read_back_only_when_they_are_rows(tmp_path: Path) -> None:
    schema = dataclass_schema(Row)
    assert schema["par"] == Field((int, type(None)), required=True)
    assert schema["cpu"] == Field((float, type(None)), required=False)
    path = tmp_path / "r.jsonl"
    path.write_text('{"source": "a", "planner": "fd", "surprise": 1}\n', "utf-8")
    with pytest.raises(InputError, match="field 'level' is missing"):
        ResultsFile(str(path), ("source", "planner"), schema, closed=True).open()


def test_a_whole_last_record_without_its_newline_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    path.write_text(GOOD, "utf-8")
    with _open(path) as results:
        assert list(results.done) == [("a", "fd", 1)]
        results.append({"level": "b", "planner": "fd", "budget": 2})
    lines = path.read_text("utf-8").splitlines()
    assert [json.loads(line)["level"] for line in lines] == ["a", "b"]


def test_a_second_run_on_the_same_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    with _open(path):
        with pytest.raises(InputError) as caught:
            _open(path)
        assert str(caught.value) == (f"{path}: is in use by another helltaker run (locked); "
                                     "wait for it or give another file")
    with _open(path):  # released with the first run
        pass


def test_a_second_solve_on_a_locked_file_stops_before_any_work(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "r.jsonl"
    level = Path(__file__).resolve().parents[2] / "levels" / "boulder_wait.txt"
    with _open(path):
        assert main(["solve", str(level), "--planner", "search", "--results", str(path)]) == 2
    assert capsys.readouterr().err == (f"helltaker: {path}: is in use by another helltaker "
                                       "run (locked); wait for it or give another file\n")
    assert path.read_text("utf-8") == ""


@pytest.mark.parametrize(("path", "words"), [
    ("/dev/zero", "is not a regular file (a character device), expected a results file"),
    ("/", "is a directory, expected a file"),
])
def test_a_results_file_that_is_not_a_file_is_refused(path: str, words: str) -> None:
    with pytest.raises(InputError) as caught:
        ResultsFile(path, KEY).open()
    assert str(caught.value) == f"{path}: {words}"


def test_a_header_marks_the_file_and_refuses_a_foreign_one(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    header = {"kind": "study", "seed": 1}
    with ResultsFile(str(path), KEY, header=header).open() as results:
        assert results.done == {}
        results.append({"level": "a", "planner": "fd", "budget": 1})
    with ResultsFile(str(path), KEY, header=header).open() as results:
        assert list(results.done) == [("a", "fd", 1)]
    with pytest.raises(InputError, match=r":1: was not written by this run"):
        ResultsFile(str(path), KEY, header={"kind": "study", "seed": 2}).open()
    path.write_text(GOOD + "\n", "utf-8")
    with pytest.raises(InputError, match=r":1: was not written by this run"):
        ResultsFile(str(path), KEY, header=header).open()
