"""How the hostile tests of issue 42's round (test_hostile_round42*.py) run a command: in a
process of its own, with a private TMPDIR and the limits `ulimit` would leave it, and what
they ask of its standard error."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

from helpers import ROOT

LEVEL = "Skeleton and spikes\n5\n#HMS D#\n"
"""A tiny level: `rrrr`."""


def run_cli(tmp_path: Path, *arguments: str, stack: int | None = None,
            nofile: int | None = None, prelude: str = "") -> subprocess.CompletedProcess[str]:
    """`helltaker ARGUMENTS` in a process of its own, with a private TMPDIR, after `prelude`
    (Python run first) and, if given, a soft RLIMIT_STACK or RLIMIT_NOFILE inherited as from
    `ulimit`."""
    scratch = tmp_path / "tmp"
    scratch.mkdir(exist_ok=True)

    def limits() -> None:
        for kind, value in ((resource.RLIMIT_STACK, stack), (resource.RLIMIT_NOFILE, nofile)):
            if value is not None:
                resource.setrlimit(kind, (value, resource.getrlimit(kind)[1]))

    code = f"{prelude}\nimport sys\nfrom translator.cli.main import main\n" \
        "sys.exit(main(sys.argv[1:]))"
    return subprocess.run([sys.executable, "-c", code, *arguments],
                          capture_output=True, text=True, cwd=ROOT, timeout=300, check=False,
                          env={**os.environ, "TMPDIR": str(scratch)}, preexec_fn=limits)


def one_line(err: str) -> str:
    """The one line `err` must be, with no traceback."""
    assert "Traceback" not in err, err
    (line,) = err.splitlines()
    return line
