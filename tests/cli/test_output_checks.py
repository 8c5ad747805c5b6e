"""Output files checked before any work: an output that cannot be written, two outputs that
are one file and a `--readme` without its block are one line and status 2, found before the
planner, the bench or the export starts, and nothing is created."""

from __future__ import annotations

from pathlib import Path

import pytest

from translator.cli.main import main


@pytest.fixture
def no_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any solving, measuring or exporting fails the test: the checks must come first."""
    def work(*arguments: object, **options: object) -> None:
        raise AssertionError("work started before the outputs were checked")

    for target in ("translator.solving.solve.solve_level", "translator.cli.bench.run_benchmark",
                   "translator.cli.export_options.run_in_child",
                   "translator.cli.pddl.load_capped_levels",
                   "translator.cli.solve_run.open_results"):
        monkeypatch.setattr(target, work)


def _refused(arguments: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(arguments) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    [line] = captured.err.splitlines()
    return line


@pytest.mark.usefixtures("no_work")
@pytest.mark.parametrize("command", [
    ["show", "LEVEL", "--solve", "--svg", "OUT"],
    ["pddl", "LEVEL", "-o", "OUT"],
    ["asp", "LEVEL", "-o", "OUT"],
    ["cnf", "LEVEL", "-o", "OUT"],
    ["solve", "LEVEL", "--pddl-plan", "OUT"],
    ["bench", "LEVEL", "--planners", "search", "--repeat", "1", "--no-targets", "--out", "OUT"],
    ["decode", "LEVEL", "LEVEL", "-o", "OUT"],
    ["compare", "LEVEL", "LEVEL", "-o", "OUT"],
    ["generate", "--width", "5", "--height", "5", "--seed", "1", "-o", "OUT"],
    ["suite", "--count", "1", "--seed", "1", "--width", "5", "--height", "5", "-o", "OUT"],
], ids=lambda command: command[0])
def test_an_output_that_cannot_be_written(command: list[str], level_file: str, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    out = str(blocker / "new" / "out")
    arguments = [level_file if word == "LEVEL" else out if word == "OUT" else word
                 for word in command]
    line = _refused(arguments, capsys)
    assert line.startswith(f"helltaker: {out}") and \
        line.endswith(f": cannot write there: {blocker} is not a directory"), line
    assert sorted(path.name for path in tmp_path.iterdir()) == ["file", "skel.txt"]


@pytest.mark.usefixtures("no_work")
def test_two_outputs_that_are_one_file(level_file: str, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    first, second = tmp_path / "a.svg", tmp_path / "new" / ".." / "a.svg"
    line = _refused(["show", level_file, "--solve", "--svg", str(first), "--html", str(second)],
                    capsys)
    assert line == f"helltaker: {second}: named twice as an output (also as {first})"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["skel.txt"]


@pytest.mark.usefixtures("no_work")
@pytest.mark.parametrize(("text", "reason"), [
    (None, "no such file"),
    ("# Performance\n", "no block <!-- bench:start --> ... <!-- bench:end --> to replace"),
])
def test_a_readme_without_its_block(text: str | None, reason: str, level_file: str,
                                    tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    readme = tmp_path / "README.md"
    if text is not None:
        readme.write_text(text)
    line = _refused(["bench", level_file, "--planners", "search", "--repeat", "1",
                     "--no-targets", "--readme", str(readme), "--out", str(tmp_path / "out")],
                    capsys)
    assert line == f"helltaker: {readme}: {reason}"
    assert not (tmp_path / "out").exists()
