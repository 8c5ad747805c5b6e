"""What several subcommands share: option definitions, plan arguments, level loading, writing.

Cheap to import: a command's parser is built from it before the command decides what to
load (translator/cli/solve.py forks its attempt's child before it reads the level), so the
level reader (lark) and the planners' machinery are imported only where they are used.
"""

from __future__ import annotations

import argparse
import errno
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from strips_model.errors import InputError, Position, RunError
from strips_model.input_files import InputKind, read_input, source_name
from strips_model.moves import ALPHABETS
from translator.planners.catalogue import DEFAULT_PLANNER, SOLVING, describe_planners
from translator.runtime.atomic_write import write_files_atomically

if TYPE_CHECKING:
    pass

CLUSTER_HELP = ("run the levels on a Dask cluster instead of local worker processes: "
                "ADDRESS of a running scheduler (tcp://host:8786), or local:N to start N "
                "single-threaded Dask workers on this machine for the run")


def add_alphabet(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--alphabet", choices=sorted(ALPHABETS), default="en",
        help="letters of plans: en = udlr (default), fr = hbgd",
    )


def add_planner(parser: argparse.ArgumentParser, purpose: str = "",
                default: str = DEFAULT_PLANNER) -> None:
    """`--planner NAME`, its help listing what every planner runs."""
    parser.add_argument(
        "--planner", choices=sorted(SOLVING), default=default,
        help=f"{purpose}default {default}. {describe_planners()}",
    )


def read_plan_argument(text: str) -> tuple[str, str]:
    """(plan text, source name) of a PLAN argument: always the key presses themselves, except
    `@FILE`, which reads FILE, and `-`, which reads standard input. A word is never taken for
    a file name: a mistyped name would be read as letters, an existing file as a plan."""
    if text == "-":
        return read_plan_file(text)
    if text.startswith("@"):
        if text == "@":
            raise InputError("'@' must be followed by a file name: @FILE reads the plan from "
                             "FILE")
        return read_plan_file(text[1:])
    return text, "<plan>"


def read_plan_file(path: str) -> tuple[str, str]:
    """(plan text, source name) of a plan file; `-` reads standard input."""
    return read_input(path, InputKind.PLAN), source_name(path)


INPUT_OPTIONS = ("level", "levels", "report", "encoding", "answer", "plan_file", "vocabulary",
                 "model_a", "model_b", "results", "repair_models")
"""Every command's options and arguments that name files it reads, by their argparse names:
no output may replace one (translator/runtime/output_guard.py). --results is read and
appended to, so it counts too; --readme, rewritten in place on purpose, does not."""


def input_paths(args: argparse.Namespace) -> tuple[str, ...]:
    """The files the command's arguments give it to read, standard input (`-`) left out."""
    paths: list[str] = []
    for option in INPUT_OPTIONS:
        value = getattr(args, option, None)
        if isinstance(value, str):
            paths.append(value)
        elif isinstance(value, list):
            paths.extend(item for item in value if isinstance(item, str))
    plan = getattr(args, "plan", None)
    if isinstance(plan, str) and plan.startswith("@"):
        paths.append(plan[1:])  # a plan read from a file (read_plan_argument)
    return tuple(path for path in paths if path not in ("", "-"))


def write_outputs(files: Mapping[str, bytes | str], place: str,
                  inputs: Sequence[str] = ()) -> None:
    """Write every file atomically (all or none), none over one of `inputs`; a failure is bad
    input naming the file, or `place` when the operating system does not say which file
    failed."""
    encoded = {path: data.encode("utf-8") if isinstance(data, str) else data
               for path, data in files.items()}
    try:
        write_files_atomically(encoded, inputs)
    except BrokenPipeError:
        raise  # the reader of a pipe written through went away: status 141, as for stdout
    except OSError as error:
        where = Position(error.filename or place)
        message = f"cannot write: {error.strerror or 'is a directory'}"
        # A full disk or a file-size limit is the machine's, not the user's input (exit 3).
        if error.errno in (errno.ENOSPC, errno.EFBIG, errno.EDQUOT):
            raise RunError(f"{where}: {message}") from None
        raise InputError(message, where) from None


def add_cluster(parser: argparse.ArgumentParser) -> None:
    """`--cluster ADDRESS|local:N`: where the levels run (translator/runtime/executors.py);
    Dask is imported only when it is given."""
    parser.add_argument("--cluster", metavar="ADDRESS|local:N", help=CLUSTER_HELP)
