"""No output ever replaces an input: every command refuses, status 2 and one line naming the
output and the input, an output that is one of its input files under any name (the same path,
`./`, a symbolic link, a hard link), and a class's `-o DIR` that holds a model its report
would replace; every input's bytes are left as they were. An output that is a device, a FIFO
or a link keeps being one (docs/limits.md, "No output replaces an input")."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from helpers import ROOT
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from translator.cli.main import main
from translator.runtime.output_guard import output_target

LEVEL = "Skeleton and spikes\n5\n#HMS D#\n"
PLAN = "rrrr\n"
MODEL = (ROOT / "strips_model" / "helltaker.strips").read_text("utf-8")

CASES: list[tuple[list[str], str]] = [
    (["show", "{level}", "--plan", "rrrr", "--svg", "{out}"], "level"),
    (["show", "{level}", "--plan", "rrrr", "--png", "{out}"], "level"),
    (["show", "{level}", "--plan", "rrrr", "--gif", "{out}"], "level"),
    (["show", "{level}", "--plan", "rrrr", "--html", "{out}"], "level"),
    (["show", "{level}", "--plan-file", "{plan}", "--svg", "{out}"], "plan"),
    (["show", "{level}", "--plan", "@{plan}", "--html", "{out}"], "plan"),
    (["solve", "{level}", "--pddl-plan", "{out}"], "level"),
    (["solve", "{level}", "--results", "{plan}", "--pddl-plan", "{out}"], "plan"),
    (["cnf", "{level}", "-o", "{out}"], "level"),
    (["asp", "{level}", "-o", "{out}"], "level"),
    (["decode", "{plan}", "{level}", "-o", "{out}"], "plan"),
    (["decode", "{plan}", "{level}", "-o", "{out}"], "level"),
    (["compare", "{model}", "{level}", "-o", "{out}"], "model"),
    (["compare", "{model}", "{level}", "-o", "{out}"], "level"),
    (["compare", "{model}", "{level}", "--vocabulary-out", "{out}"], "model"),
    (["compare", "{model}", "{level}", "--repair-out", "{out}"], "model"),
    (["compare", "{model}", "{level}", "--vocabulary", "{plan}", "-o", "{out}"], "plan"),
]
"""A command, and which of its inputs its output `{out}` names."""

WAYS = ["same", "dot", "symlink", "hardlink"]


def _files(folder: Path) -> dict[str, Path]:
    """The inputs every case may read: a level, a plan and a model."""
    paths = {"level": folder / "level.txt", "plan": folder / "plan.txt",
             "model": folder / "model.strips"}
    for path, text in zip(paths.values(), (LEVEL, PLAN, MODEL), strict=True):
        path.write_text(text, "utf-8")
    return paths


def _named(target: Path, way: str) -> str:
    """`target` under another name, made as `way` says."""
    if way == "same":
        return str(target)
    if way == "dot":
        return os.path.join(str(target.parent), ".", target.name)
    alias = target.parent / "other-name"
    if way == "symlink":
        alias.symlink_to(target.name)
    else:
        os.link(target, alias)
    return str(alias)


def _contents(folder: Path) -> dict[str, bytes]:
    return {str(path): path.read_bytes() for path in sorted(folder.rglob("*"))
            if path.is_file() and not path.is_symlink()}


def _refused(arguments: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(arguments) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    [line] = captured.err.splitlines()
    return line


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(case=st.sampled_from(CASES), way=st.sampled_from(WAYS))
def test_an_output_that_is_an_input_is_refused(case: tuple[list[str], str], way: str,
                                               tmp_path_factory: pytest.TempPathFactory,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    command, collides = case
    folder = tmp_path_factory.mktemp("inputs")
    files = _files(folder)
    out = _named(files[collides], way)
    before = _contents(folder)
    names = {name: str(path) for name, path in files.items()} | {"out": out}
    line = _refused([word.format(**names) for word in command], capsys)
    assert line == (f"helltaker: {out}: would replace the input {files[collides]}: "
                    "choose another output")
    assert _contents(folder) == before


@pytest.mark.parametrize("folder_way", ["same", "trailing-slash", "symlink"])
def test_a_class_folder_holding_the_submissions_is_refused(
        folder_way: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    submissions = tmp_path / "class"
    submissions.mkdir()
    for student in ("alice.md", "bob.md"):
        (submissions / student).write_text(MODEL, "utf-8")
    level = tmp_path / "level.txt"
    level.write_text(LEVEL, "utf-8")
    folder = {"same": str(submissions), "trailing-slash": f"{submissions}/",
              "symlink": str(tmp_path / "graded")}[folder_way]
    if folder_way == "symlink":
        os.symlink(submissions, folder)
    before = _contents(tmp_path)
    line = _refused(["compare", str(submissions / "alice.md"), str(submissions / "bob.md"),
                     str(level), "-o", folder], capsys)
    assert line == (f"helltaker: {os.path.join(folder, 'alice.md')}: would replace the "
                    f"input {submissions / 'alice.md'}: choose another output")
    assert _contents(tmp_path) == before
    assert sorted(os.listdir(submissions)) == ["alice.md", "bob.md"]


@pytest.mark.parametrize(("name", "levels"), [("domain.pddl", 1), ("problem.pddl", 1),
                                              ("domain.pddl", 2)])
def test_pddl_into_the_folder_of_its_level(name: str, levels: int, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    paths = [tmp_path / name, tmp_path / "other.txt"][:levels]
    for path in paths:
        path.write_text(LEVEL, "utf-8")
    line = _refused(["pddl", *map(str, paths), "-o", str(tmp_path)], capsys)
    assert line == (f"helltaker: {tmp_path / name}: would replace the input {paths[0]}: "
                    "choose another output")
    assert all(path.read_text("utf-8") == LEVEL for path in paths)


def test_dev_null_stays_a_device(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Asked first: were /dev/null ever to be renamed over, this test stops before it.
    assert output_target(os.devnull).through
    level = tmp_path / "level.txt"
    level.write_text(LEVEL, "utf-8")
    before = os.stat(os.devnull)
    assert main(["show", str(level), "--plan", "rrrr", "--svg", os.devnull]) == 0
    after = os.stat(os.devnull)
    assert stat.S_ISCHR(after.st_mode) and (after.st_ino, after.st_rdev) == \
        (before.st_ino, before.st_rdev)
    assert capsys.readouterr().out.splitlines()[0] == os.devnull


def test_a_fifo_is_written_through(tmp_path: Path) -> None:
    level = tmp_path / "level.txt"
    level.write_text(LEVEL, "utf-8")
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    status = main(["cnf", str(level), "-o", str(fifo)])
    reader.join(timeout=60)
    assert status == 0
    assert b"\np cnf " in received[0]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_a_symbolic_link_survives(tmp_path: Path) -> None:
    level = tmp_path / "level.txt"
    level.write_text(LEVEL, "utf-8")
    (tmp_path / "exports").mkdir()
    target = tmp_path / "exports" / "level.lp"
    target.write_text("an older export")
    link = tmp_path / "latest.lp"
    link.symlink_to("exports/level.lp")
    assert main(["asp", str(level), "-o", str(link)]) == 0
    assert link.is_symlink() and os.readlink(link) == "exports/level.lp"
    assert target.read_text("utf-8").startswith("% helltaker asp")


def test_dev_stdout_into_a_file_keeps_the_order(tmp_path: Path) -> None:
    """`--svg /dev/stdout > out.svg`: the picture, then the lines printed after it, in the
    file the shell opened; /dev/stdout is left a link."""
    level = tmp_path / "level.txt"
    level.write_text(LEVEL, "utf-8")
    out = tmp_path / "out.svg"
    with out.open("wb") as stream:
        done = subprocess.run([sys.executable, "-m", "translator.cli", "show", str(level),
                               "--plan", "rrrr", "--svg", "/dev/stdout"], stdout=stream,
                              stderr=subprocess.PIPE, cwd=ROOT, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    text = out.read_text("utf-8")
    assert text.startswith("<?xml") and text.endswith("\n/dev/stdout\nvalid: level, cost 5 <= "
                                                       "budget 5, goal at letter 4\n"), text[-200:]
    assert os.path.islink("/dev/stdout")


OUTPUT_OPTIONS = {"output", "out", "pddl_plan", "vocabulary_out", "repair_out", "svg", "png",
                  "gif", "html", "readme"}
NOT_PATHS = {"plan", "cluster", "planners", "sizes", "open_sizes", "engines", "command"}
"""`--plan` is key presses (its `@FILE` is an input, input_paths), the rest lists or addresses."""


def test_every_path_a_command_takes_is_an_input_or_an_output() -> None:
    """A new option naming a file must be declared an input (INPUT_OPTIONS) or checked as an
    output, or the guard would not know it."""
    import argparse

    from translator.cli.arguments import INPUT_OPTIONS
    from translator.cli.command_table import COMMANDS
    from translator.cli.main import build_parser

    for entry in COMMANDS:
        parser = build_parser(entry.name)
        [commands] = [action for action in parser._actions
                      if isinstance(action, argparse._SubParsersAction)]
        for action in commands.choices[entry.name]._actions:
            takes_text = action.nargs != 0 and action.type in (None, str) and not action.choices
            if takes_text and action.dest != "help":
                assert action.dest in {*INPUT_OPTIONS, *OUTPUT_OPTIONS, *NOT_PATHS}, \
                    (entry.name, action.dest)
