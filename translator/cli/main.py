"""The `helltaker` command line: one parser, one handler per subcommand, one exception chain.

Every handler returns an `ExitCode`; every error this project raises is a `HelltakerError`,
whose branch (bad input or a failed run) decides the status. Subcommand modules are imported
here, at the top, so each must stay cheap to import: what is heavy (unified-planning, the
planners, the renderers) is imported inside the handlers.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from collections.abc import Sequence
from types import FrameType

from strips_model.errors import HelltakerError
from translator.cli import (
    bench,
    compare,
    decode,
    diff,
    exports,
    generate,
    pddl,
    plans,
    show,
    solve,
    study,
    suite,
    validate,
)
from translator.cli.exit_codes import EXIT_STATUS_HELP, ExitCode, exit_code_of

SUBCOMMANDS = (validate, solve, pddl, exports, decode, compare, diff, show, plans, generate,
               suite, bench, study)
"""In the order `--help` lists them."""

EPILOG = f"""\
{EXIT_STATUS_HELP}

Plans are words over an alphabet: en = u d l r (default), fr = h b g d
(haut, bas, gauche, droite). Cells are written (row,column), row 0 at the top.
"""


def build_parser() -> argparse.ArgumentParser:
    # argparse prints the usage and exits 2 on bad arguments, which is our bad-input status.
    parser = argparse.ArgumentParser(
        prog="helltaker",
        description="Model, solve and check Helltaker puzzles with STRIPS and classical planners.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for subcommand in SUBCOMMANDS:
        subcommand.add_command(commands)
    return parser


class Terminated(BaseException):
    """SIGTERM, raised where the program is so that every `finally` cleans up on the way out,
    as KeyboardInterrupt does for Ctrl-C."""


def _terminate(signal_number: int, frame: FrameType | None) -> None:
    raise Terminated


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
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
