"""Every `helltaker` command, in the order `helltaker --help` lists them: its name, its
one-line help and the module that handles it.

The command line imports the module of the command it runs and no other (main.py): the top
level's help is written from this table alone. Each module adds its parser with `add_parser`,
which gives it its one-line help from here, so that the two never differ.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import Any

Subcommands = argparse._SubParsersAction
"""What `add_subparsers` returns; argparse names it privately."""


@dataclass(frozen=True, slots=True)
class Command:
    name: str
    help: str
    """The line `helltaker --help` shows next to the name."""
    module: str
    """The module whose `add_command(subcommands)` adds the command's parser and handler."""


COMMANDS = (
    Command("validate", "check a plan against the game rules (RULES.md)",
            "translator.cli.validate"),
    Command("solve", "find plans for levels and check them in the simulator",
            "translator.cli.solve"),
    Command("pddl", "export levels as PDDL (domain.pddl + problem files)",
            "translator.cli.pddl"),
    Command("asp", "export a level as an answer-set program (facts + planning encoding)",
            "translator.cli.asp"),
    Command("cnf", "export a level as CNF in DIMACS (sequential planning, horizon T)",
            "translator.cli.cnf"),
    Command("decode", "turn a solver's answer to `helltaker asp`/`cnf` output into a plan",
            "translator.cli.decode"),
    Command("compare", "compare a hand-written STRIPS model with ours, level by level and "
            "rule by rule", "translator.cli.compare"),
    Command("diff", "compare the schemas of two models, in any notation",
            "translator.cli.diff"),
    Command("show", "replay a plan in the terminal, or as pictures (SVG/PNG/GIF) or a web page",
            "translator.cli.show"),
    Command("plans", "list every distinct plan of a level within a cost bound",
            "translator.cli.plans"),
    Command("generate", "write a random level whose budget is its optimal cost (+ slack)",
            "translator.cli.generate"),
    Command("suite", "write N generated levels as a planning benchmark folder",
            "translator.cli.suite"),
    Command("bench", "time every pipeline phase; check the speed targets; scaling study",
            "translator.cli.bench"),
    Command("study", "every planner on a generated suite of graded difficulty, with plots",
            "translator.cli.study"),
)

_BY_NAME = {command.name: command for command in COMMANDS}


def command_named(name: str | None) -> Command | None:
    return _BY_NAME.get(name) if name is not None else None


def add_parser(subcommands: Subcommands, name: str, **settings: Any) -> argparse.ArgumentParser:
    """The parser of command `name`, with its one-line help from COMMANDS."""
    return subcommands.add_parser(name, help=_BY_NAME[name].help, **settings)
