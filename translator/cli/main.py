"""The `helltaker` command line: one parser, one handler per subcommand, one exception chain.

Every handler returns an `ExitCode`; every error this project raises is a `HelltakerError`,
whose branch (bad input or a failed run) decides the status. Only the module of the command
given is imported (command_table.py lists them all, with their one-line help): `helltaker --help`
imports none, `helltaker solve ...` only translator/cli/solve.py and what it needs.
"""

from __future__ import annotations

import argparse
import logging
import os
import signal
import sys
import warnings
from collections.abc import Sequence
from importlib import import_module
from types import FrameType
from typing import TYPE_CHECKING, NoReturn

from strips_model.errors import HelltakerError
from translator.cli.command_table import COMMANDS, command_named
from translator.cli.exit_codes import EXIT_STATUS_HELP, ExitCode, exit_code_of
from translator.runtime.output import flush_out, reserve_stdout, write_out

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

EPILOG = f"""\
{EXIT_STATUS_HELP}

Plans are words over an alphabet: en = u d l r (default), fr = h b g d
(haut, bas, gauche, droite). Cells are written (row,column), row 0 at the top.
"""


class OneLineParser(argparse.ArgumentParser):
    """argparse, with a refused argument said in one line, `helltaker COMMAND: message`, and
    exit status 2 (bad input), as every other bad input; `--help` keeps the usage text. Its
    subcommands' parsers are of this class too (argparse gives them their parent's)."""

    def error(self, message: str) -> NoReturn:
        # "argument --timeout: ..." names the option; "argument" adds nothing to that.
        message = message.removeprefix("argument ")
        self.exit(ExitCode.BAD_INPUT, f"{self.prog}: {message}\n")

    def print_help(self, file: SupportsWrite[str] | None = None) -> None:
        # argparse writes help past our writer and drops a failed write: `--help >/dev/full`
        # would exit 0 with nothing shown. Delivered now, through it, a failure is status 3.
        if file is not None:
            super().print_help(file)
            return
        write_out(self.format_help(), flush=True)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """`helltaker`'s parser: every command listed with its one-line help, and the whole parser
    of `command` (its module imported) when it names one."""
    parser = OneLineParser(
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
    """SIGTERM (or SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2), raised where the program is so that
    every `finally` cleans up on the way out, as KeyboardInterrupt does for Ctrl-C."""

    def __init__(self, signal_number: int = signal.SIGTERM) -> None:
        super().__init__(signal_number)
        self.signal_number = signal_number


def _terminate(signal_number: int, frame: FrameType | None) -> None:
    raise Terminated(signal_number)


def _signal_again(hook: sys.UnraisableHookArgs) -> None:
    """A signal that came while a finalizer ran (a `__del__`) raised there, where Python can
    only print it as ignored, a traceback on standard error: it is sent again instead, and
    ends the command where it runs next, as any other. Anything else is printed as before."""
    stopped = hook.exc_value
    if isinstance(stopped, Terminated | KeyboardInterrupt):
        os.kill(os.getpid(), stopped.signal_number if isinstance(stopped, Terminated)
                else signal.SIGINT)
        return
    sys.__unraisablehook__(hook)


ENDING_SIGNALS = (signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT, signal.SIGUSR1,
                  signal.SIGUSR2)
"""Signals that end a command the way SIGTERM does: children ended, folders removed, one
line, exit status 128 + N (a closed terminal's SIGHUP, a Ctrl-\\ SIGQUIT, a user's kill)."""


def _silence_libraries() -> None:
    """What libraries say on their own (pypdf's repairs, Dask's comings and goings, a
    deprecation) goes nowhere: standard error holds our one line per problem, and what a
    library raises is translated where it is called."""
    warnings.simplefilter("ignore")
    # With a handler on the root logger, logging's last resort (stderr) is never used.
    root = logging.getLogger()
    if not any(isinstance(handler, logging.NullHandler) for handler in root.handlers):
        root.addHandler(logging.NullHandler())


def main(argv: Sequence[str] | None = None) -> int:
    reserve_stdout()
    _silence_libraries()
    arguments = sys.argv[1:] if argv is None else list(argv)
    try:
        args = build_parser(_command_in(arguments)).parse_args(arguments)
    except KeyboardInterrupt:
        # Ctrl-C while the command's modules load: nothing has started that needs ending.
        print("helltaker: interrupted", file=sys.stderr)
        return ExitCode.INTERRUPTED
    except HelltakerError as error:
        # The help could not be written (a closed or full standard output).
        print(f"helltaker: {error}", file=sys.stderr)
        return exit_code_of(error)
    except BrokenPipeError:
        return _reader_gone()
    previous = {number: signal.signal(number, _terminate) for number in ENDING_SIGNALS}
    unraisable, sys.unraisablehook = sys.unraisablehook, _signal_again
    try:
        # Here, not at the top (hashlib, platformdirs are not needed to print help or refuse
        # an argument), and inside the chain: a Ctrl-C while it loads is one line too.
        from translator.runtime.derived_cache import keep_derived_values
        from translator.runtime.own_work import own_work_bounded

        keep_derived_values()  # the parsed model and grammars, kept between processes
        # The limits given hold this process's own work too, not only its attempts'.
        with own_work_bounded(getattr(args, "timeout", None),
                              getattr(args, "memory_limit", None)):
            status = int(args.handler(args))
        # Inside the chain: a full or closed standard output is reported here, in one line.
        flush_out()
        return status
    except HelltakerError as error:
        _stop_every_child()  # a bound of the command's own work may fire with some running
        print(f"helltaker: {error}", file=sys.stderr)
        return exit_code_of(error)
    except (KeyboardInterrupt, Terminated) as stopped:
        # The `finally` blocks on the way here ended the children they knew of and removed
        # their folders; this ends any that started between two of them.
        _stop_every_child()
        if isinstance(stopped, KeyboardInterrupt):
            print("helltaker: interrupted", file=sys.stderr)
            return ExitCode.INTERRUPTED
        number = stopped.signal_number
        by = "" if number == signal.SIGTERM else f" by {signal.Signals(number).name}"
        print(f"helltaker: terminated{by}", file=sys.stderr)
        return ExitCode(128 + number)
    except BrokenPipeError:
        return _reader_gone()
    except MemoryError:
        # Past an inherited address-space limit (ulimit -v) in this process itself: what it
        # held is freed on the way here, enough for one line.
        print("helltaker: out of memory (the address space this process may use is "
              f"exhausted; {_more_memory()} or give a smaller input)", file=sys.stderr)
        return ExitCode.RUN_FAILED
    except RecursionError:
        # A reader whose own bound missed some nesting: still bad input, not a traceback.
        print("helltaker: the input is nested too deeply to be read", file=sys.stderr)
        return ExitCode.BAD_INPUT
    except OSError as error:
        # What the machine refuses that no check could foresee (no usable temporary folder
        # under a file-size limit of 0, a full disk mid-way): one line, a failed run.
        print(f"helltaker: {error.strerror or error}"
              + (f": {error.filename}" if error.filename else ""), file=sys.stderr)
        return ExitCode.RUN_FAILED
    finally:
        sys.unraisablehook = unraisable
        for number, handler in previous.items():
            signal.signal(number, handler)


def _stop_every_child() -> None:
    # Imported by whatever starts a child: not imported yet, no child can be running.
    processes = sys.modules.get("translator.runtime.processes")
    if processes is not None:
        processes.stop_every_child()


def _more_memory() -> str:
    """What would give the command's own work more memory: its `--memory-limit`, when one
    bounded it (own_work.py), else the inherited limit."""
    own_work = sys.modules.get("translator.runtime.own_work")
    given = None if own_work is None else own_work.memory_given()
    return "raise `ulimit -v`" if given is None else \
        f"raise --memory-limit (given {given // 2**20} MiB)"


def _reader_gone() -> int:
    """The reader of standard output (`head`, a closed pager) went away: stop quietly, as Unix
    tools do, with what is still buffered sent nowhere rather than failing again at exit."""
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    os.close(null)
    return ExitCode.BROKEN_PIPE


if __name__ == "__main__":
    sys.exit(main())
