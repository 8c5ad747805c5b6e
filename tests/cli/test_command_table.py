"""The table of commands (translator/cli/command_table.py) and the lazy dispatch of main.py:
the top-level help lists every command without importing one, a command imports only its own
module, and each module's parser carries the table's one-line help."""

from __future__ import annotations

import argparse
import subprocess
import sys
from importlib import import_module
from pathlib import Path

import pytest
from helpers import ROOT

from translator.cli.command_table import COMMANDS
from translator.cli.main import build_parser, main

LEVEL1 = str(ROOT / "levels" / "level1.txt")


def _modules_loaded(*arguments: str) -> set[str]:
    """The translator.cli modules a fresh `helltaker ARGUMENTS` process has imported."""
    script = ("import sys\nfrom translator.cli.main import main\n"
              "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
              "print(' '.join(m for m in sys.modules if m.startswith('translator.cli')),"
              " file=sys.stderr)")
    run = subprocess.run([sys.executable, "-c", script, *arguments], cwd=ROOT,
                         capture_output=True, text=True, timeout=120, check=False)
    return set(run.stderr.strip().splitlines()[-1].split())


COMMAND_MODULES = {command.module for command in COMMANDS}


def test_every_cli_module_with_a_command_is_in_the_table() -> None:
    folder = Path(import_module("translator.cli").__file__ or "").parent
    handlers = {f"translator.cli.{path.stem}" for path in folder.glob("*.py")
                if "\ndef add_command(" in path.read_text("utf-8")}
    assert handlers == COMMAND_MODULES
    assert len({command.name for command in COMMANDS}) == len(COMMANDS)


def test_the_top_level_help_lists_every_command_and_imports_none(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["--help"])
    assert stopped.value.code == 0
    out = " ".join(capsys.readouterr().out.split())
    for command in COMMANDS:
        assert f"{command.name} {' '.join(command.help.split())}" in out
    assert "exit status: 0 success" in out
    assert not _modules_loaded("--help") & COMMAND_MODULES


def test_a_command_imports_its_module_only() -> None:
    assert _modules_loaded("validate", LEVEL1, "dlllllllddlddrruurrrrdr") & COMMAND_MODULES \
        == {"translator.cli.validate"}
    assert _modules_loaded("solve", "--help") & COMMAND_MODULES == {"translator.cli.solve"}


@pytest.mark.parametrize("command", COMMANDS, ids=[command.name for command in COMMANDS])
def test_each_parser_has_the_tables_help(command) -> None:
    subcommands = next(action for action in build_parser(command.name)._actions
                       if isinstance(action, argparse._SubParsersAction))
    shown = {choice.dest: choice.help for choice in subcommands._choices_actions}
    assert shown[command.name] == command.help
    assert subcommands.choices[command.name].get_default("handler") is not None


def test_an_unknown_command_lists_them_all(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["nosuch"])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert all(f"'{command.name}'" in err for command in COMMANDS)
