"""The exit statuses of every `helltaker` command, declared once."""

from __future__ import annotations

from enum import IntEnum

from strips_model.errors import HelltakerError, InputError


class ExitCode(IntEnum):
    OK = 0
    """Success: plans valid, levels solved, files written."""
    FAILED = 1
    """A plan is invalid, or a level is proven unsolvable within its budget."""
    BAD_INPUT = 2
    """A level, plan or schema file, or an argument, that cannot be used; argparse uses 2 too."""
    RUN_FAILED = 3
    """A planner failed, timed out or ran out of memory, or a worker process died; or standard
    output cannot take the result (closed, a full device): translator/runtime/output.py."""
    HUNG_UP = 129
    """SIGHUP (its terminal closed), as shells report it (128 + 1)."""
    INTERRUPTED = 130
    """Ctrl-C, as shells report a process ended by SIGINT (128 + 2)."""
    QUIT = 131
    """SIGQUIT (Ctrl-\\), ended as SIGTERM is, without a core dump (128 + 3)."""
    USER_SIGNAL_1 = 138
    """SIGUSR1, which would otherwise end the command without cleaning up (128 + 10)."""
    USER_SIGNAL_2 = 140
    """SIGUSR2, likewise (128 + 12)."""
    BROKEN_PIPE = 141
    """The reader of standard output went away (128 + SIGPIPE), as Unix filters report it."""
    TERMINATED = 143
    """SIGTERM (a batch system's time limit, `kill`), as shells report it (128 + 15)."""


def exit_code_of(error: HelltakerError) -> ExitCode:
    """Bad input is the user's to fix (2); anything else went wrong while running (3)."""
    return ExitCode.BAD_INPUT if isinstance(error, InputError) else ExitCode.RUN_FAILED


EXIT_STATUS_HELP = """\
exit status: 0 success, 1 invalid plan or level unsolvable within its budget,
2 bad input (checked before any work, output files included), 3 planner error,
timeout or out of memory (or a worker process that died, or a closed or full
standard output), 130 interrupted (Ctrl-C), 141 standard output's reader went
away (| head), 143 terminated (SIGTERM; 129 SIGHUP, 131 SIGQUIT, 138 SIGUSR1,
140 SIGUSR2); with several levels, the worst status of any level."""
"""The common part of every command's epilog."""
