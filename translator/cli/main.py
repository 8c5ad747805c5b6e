"""The `helltaker` command line: one parser, one handler per subcommand, one exception chain.

Every handler returns an `ExitCode`; every error this project raises is a `HelltakerError`,
whose branch (bad input or a failed run) decides the status. Only the module of the command
given is imported (command_table.py lists them all, with their one-line help): `helltaker --help`
imports none, `helltaker solve ...` only translator/cli/solve.py and what it needs.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from collections.abc import Sequence
from importlib import import_module
from types import FrameType

from strips_model.errors import HelltakerError
from translator.cli.command_table import COMMANDS, command_named
from translator.cli.exit_codes import EXIT_STATUS_HELP, ExitCode, exit_code_of

EPILOG = f"""\
{EXIT_STATUS_HELP}

Plans are words over an alphabet: en = u d l r (default), fr = h b g d
(haut, bas, gauche, droite). Cells are written (row,column), row 0 at the top.
"""


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """`helltaker`'s parser: every command listed with its one-line help, and the whole parser
    of `command` (its module imported) when it names one."""
    # argparse prints the usage and exits 2 on bad arguments, which is our bad-input status.
    parser = argparse.ArgumentParser(
        prog="helltaker",
        description="Model, solve and check Helltaker puzzles with STRIPS and classical planners.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    subcommands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for entry in COMMANDS:
        if entry.name == command:
            import_module(entry.module).add_command(subcommands)
        else:
            # Listed for the help and the choices, never parsed with: not the command given.
            subcommands.add_parser(entry.name, help=entry.help)
    return parser


def _command_in(arguments: Sequence[str]) -> str | None:
    """The command `arguments` name: the first word that is not an option (`helltaker` has
    no option that takes a value), when it is a command's name."""
    first = next((word for word in arguments if not word.startswith("-")), None)
    return first if command_named(first) is not None else None


class Terminated(BaseException):
    """SIGTERM, raised where the program is so that every `finally` cleans up on the way out,
    as KeyboardInterrupt does for Ctrl-C."""


def _terminate(signal_number: int, frame: FrameType | None) -> None:
    raise Terminated


def main(argv: Sequence[str] | None = None) -> int:
    arguments = sys.argv[1:] if argv is None else list(argv)
    args = build_parser(_command_in(arguments)).parse_args(arguments)
    # Here, not at the top: multiprocessing (a third of the start-up of `helltaker --help`)
    # is not needed to print help or refuse an argument.
    from translator.runtime.processes import stop_every_child

    previous = signal.signal(signal.SIGTERM, _terminate)
    try:
        return int(args.handler(args))
    except HelltakerError as error:
        print(f"helltaker: {error}", file=sys.stderr)
        return exit_code_of(error)
    except (KeyboardInterrupt, Terminated) as stopped:
        # The `finally` blocks on the way here ended the children they knew of and removed
        # their folders; this ends any that started between two of them.
        stop_every_child()
        interrupted = isinstance(stopped, KeyboardInterrupt)
        print(f"helltaker: {'interrupted' if interrupted else 'terminated'}", file=sys.stderr)
        return ExitCode.INTERRUPTED if interrupted else ExitCode.TERMINATED
    except BrokenPipeError:
        # The reader (`head`, a closed pager) went away: stop quietly, as Unix tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return ExitCode.BROKEN_PIPE
    finally:
        signal.signal(signal.SIGTERM, previous)


if __name__ == "__main__":
    sys.exit(main())
