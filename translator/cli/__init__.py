"""The `helltaker` command line: one module per subcommand, one `main`."""

from __future__ import annotations

import sys


def run() -> None:
    """The `helltaker` program: `main` on the process's arguments, its status as the exit
    status."""
    try:
        # Imported here so that Ctrl-C while Python loads the command line is one line too:
        # `main` catches it from then on.
        from translator.cli.main import main
    except KeyboardInterrupt:
        print("helltaker: interrupted", file=sys.stderr)
        sys.exit(130)
    sys.exit(main())
