"""How a `helltaker` run in a hostile environment is started, watched and judged: the harness
of test_environments.py (issue 24 item 7). An `Environment` says what is hostile about a run
(standard streams, odd inputs, inherited limits, a signal to the parent); `run` starts the
command in a session of its own with a private TMPDIR; `check_environment` holds it to the
README's contract (documented status, no traceback, nothing left 2 s after the end).
"""

from __future__ import annotations

import contextlib
import os
import resource
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from cli.hostile_inputs import CASES, Hostile

from translator.runtime.temporary_folders import remove_orphaned_folders

DOCUMENTED = {0, 1, 2, 3, 129, 130, 131, 138, 140, 141, 143}
"""The exit statuses of the README's contract."""
SETTLE_SECONDS = 2.0
"""How long after the end of a run its processes and folders may take to go."""
LEVELS = {"a.txt": "A\n5\n#HMS D#\n", "b.txt": "B\n3\n#H  D#\n", "c.txt": "C\n2\n#H D#\n#   #\n"}
"""Three tiny levels (`rrrr`, `rr`, `r`): a batch that ends in about a second."""
SLOW_LEVEL = ("Slow\n60\n##########\n#H B  B  #\n#  B  B  #\n# B  B B #\n#  B  B  #\n"
              "# B  B B #\n#      ###\n#######D #\n")
"""No plan (the demon's only free neighbour is walled in), which `--planner search` learns
only by searching every state of ten boulders within the budget: its attempt computes until
`--timeout`. Added to the batch when a signal is sent, so that the signal always finds the
workers busy, as in issue 24 (workers computing 11-18 s after a SIGKILL of `solve`)."""
_MARKER = "HELLTAKER_ENVIRONMENT_RUN"


@dataclass(frozen=True)
class Environment:
    command: str
    """`solve-search`, `solve-fd` (a batch of LEVELS) or `validate-stdin` (the plan on
    standard input)."""
    stdout: str = "pipe"
    """`pipe`, `file`, `closed`, `full` (/dev/full) or `broken` (a pipe without a reader)."""
    stdin: str = "null"
    """`null` (/dev/null) or `closed`."""
    odd_input: str | None = None
    """A level argument that is not a regular file: `directory`, `fifo`, `device`."""
    limits: tuple[tuple[int, int], ...] = ()
    """(resource, soft and hard limit) set in the child before `helltaker` starts."""
    kill: tuple[int, float] | None = None
    """(signal, seconds after the start) sent to the command's own process."""
    hostile: str | None = None
    """With command `hostile`: the case of hostile_inputs.CASES that gives the command."""


@dataclass(frozen=True)
class Run:
    environment: Environment
    status: int
    """The exit status; -N when signal N ended the process."""
    stderr: str
    session: int
    marker: str
    tmpdir: Path
    ended: float
    """time.monotonic() when the command's process ended."""
    stderr_held: bool
    """Standard error was still open in some process of the run SETTLE_SECONDS later."""
    hostile: Hostile | None = None
    """The hostile input the run was given (Environment.hostile), with what it must end in."""


def _argv(environment: Environment, folder: Path, busy: bool = False) -> list[str]:
    odd = {"directory": str(folder / "a-directory"), "fifo": str(folder / "a-fifo"),
           "device": "/dev/zero", None: None}[environment.odd_input]
    if environment.command == "validate-stdin":
        return ["validate", odd or str(folder / "a.txt"), "-"]
    levels = [str(folder / name) for name in LEVELS]
    if environment.kill is not None or busy:
        (folder / "slow.txt").write_text(SLOW_LEVEL, encoding="utf-8")
        levels.insert(0, str(folder / "slow.txt"))
    if odd is not None:
        levels.insert(1, odd)
    return ["solve", *levels, "--planner", environment.command.removeprefix("solve-"),
            "--timeout", "20"]


_AFTER_PYTHONS_START = ("import os, runpy, sys; os.write(int(sys.argv.pop(1)), b'.'); "
                        "runpy.run_module('translator.cli', run_name='__main__')")
"""`python -m translator.cli`, which first says on a pipe that Python itself has started: a
signal before that (while Python imports `site` and the installed packages' hooks) meets
Python's start-up, not ours (docs/limits.md, "Hostile environments")."""


def run(environment: Environment, folder: Path, signal_at_start: int | None = None) -> Run:
    """`helltaker` in `environment`, with its files in `folder`; `signal_at_start` is sent
    0.1 s after Python has started, while it loads the command's modules; the batch then has
    the slow level, so that however loaded the machine, the command is still running when
    the signal comes."""
    for name, text in LEVELS.items():
        (folder / name).write_text(text, encoding="utf-8")
    (folder / "a-directory").mkdir()
    os.mkfifo(folder / "a-fifo")
    tmpdir = folder / "tmp"
    tmpdir.mkdir()
    marker = uuid.uuid4().hex
    hostile = CASES[environment.hostile](folder) if environment.hostile is not None else None
    arguments = hostile.arguments if hostile is not None else \
        _argv(environment, folder, busy=signal_at_start is not None)
    added = hostile.environment if hostile is not None else {}
    env = {**os.environ, **added, "TMPDIR": str(tmpdir), _MARKER: marker}
    stdout_file = _stdout(environment.stdout, folder)

    def in_child() -> None:
        for limit, value in environment.limits:
            resource.setrlimit(limit, (value, value))
        if environment.stdout == "closed":
            os.close(1)
        if environment.stdin == "closed":
            os.close(0)

    command = [sys.executable, "-m", "translator.cli", *arguments]
    started, ready = os.pipe() if signal_at_start is not None else (-1, -1)
    if signal_at_start is not None:
        command = [sys.executable, "-c", _AFTER_PYTHONS_START, str(ready), *arguments]
    # Standard error is a pipe, not a file: RLIMIT_FSIZE would cut a file short.
    process = subprocess.Popen(
        command, stdin=subprocess.DEVNULL, stdout=stdout_file, stderr=subprocess.PIPE, env=env,
        cwd=folder, start_new_session=True, preexec_fn=in_child,
        pass_fds=() if ready < 0 else (ready,))
    if isinstance(stdout_file, int) and stdout_file >= 0:
        os.close(stdout_file)  # the pipe's writer is the child's alone
    elif not isinstance(stdout_file, int):
        stdout_file.close()
    try:
        if signal_at_start is not None:
            os.close(ready)
            os.read(started, 1)
            os.close(started)
            time.sleep(0.1)
            process.send_signal(signal_at_start)
        if environment.kill is not None:
            number, delay = environment.kill
            _wait_for_the_batch(process, tmpdir)
            try:
                process.wait(timeout=delay)
            except subprocess.TimeoutExpired:
                process.send_signal(number)
        process.wait(timeout=60)
        ended = time.monotonic()
        try:
            stderr, held = process.communicate(timeout=SETTLE_SECONDS)[1], False
        except subprocess.TimeoutExpired:
            # A process of the run still holds standard error open: it outlived the command.
            stderr, held = b"", True
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    return Run(environment, process.returncode, stderr.decode("utf-8", "replace"),
               process.pid, marker, tmpdir, ended, held, hostile)


def _wait_for_the_batch(process: subprocess.Popen[bytes], tmpdir: Path) -> None:
    """Until the batch has started (its workers made their first temporary folder), or the
    command ended: a signal counts its moment from there, whatever the machine's load. (A
    child process is no sign: start-up runs `ldconfig` for ctypes.) The start-up before it
    is test_a_signal_during_start_up's."""
    deadline = time.monotonic() + 30
    while process.poll() is None and time.monotonic() < deadline and not os.listdir(tmpdir):
        time.sleep(0.02)


def _stdout(how: str, folder: Path) -> int | BinaryIO:
    """What the child's standard output is: a file, a descriptor, or subprocess's PIPE or
    DEVNULL (negative numbers)."""
    if how in ("file", "full"):
        return open(folder / "stdout.txt" if how == "file" else "/dev/full", "wb")
    if how == "broken":
        reader, writer = os.pipe()
        os.close(reader)
        return writer
    # "pipe": nobody reads it, which a few lines of plans never notice; "closed" is closed in
    # the child, after subprocess has set up the descriptors.
    return subprocess.DEVNULL if how == "closed" else subprocess.PIPE


def processes_of(run: Run) -> list[str]:
    """The live processes of the run: in its session or process group, or carrying its
    marker in their environment (every descendant inherits it, whatever session it makes)."""
    found = []
    needle = f"{_MARKER}={run.marker}".encode()
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            stat = Path(entry.path, "stat").read_text()
            state, _, group, session = stat[stat.rindex(")") + 2:].split()[:4]
            if state == "Z":
                continue
            if run.session in (int(group), int(session)) \
                    or needle in Path(entry.path, "environ").read_bytes():
                found.append(f"{entry.name} {Path(entry.path, 'cmdline').read_bytes()[:80]!r}")
        except (OSError, ValueError):
            continue  # gone meanwhile, or not ours to read
    return found


def check_the_contract(run: Run) -> None:
    environment, status = run.environment, run.status
    killed = environment.kill is not None and environment.kill[0] == signal.SIGKILL
    if not (killed and status == -signal.SIGKILL):
        # A signal that came before Python set its handlers ends the process by the signal
        # itself, which shells report as 128 + N, the documented status.
        shown = 128 - status if status < 0 else status
        assert shown in DOCUMENTED, f"status {status}: {run.stderr!r}"
    if _only_constrained(environment):
        assert status == 0, f"a limit the batch fits in made it fail: {run.stderr!r}"
    assert "Traceback" not in run.stderr, run.stderr
    assert not [line for line in run.stderr.splitlines() if line[:1].isspace() or not line], \
        run.stderr
    if environment.command == "validate-stdin" and status not in (0, 1) and not killed:
        assert len(run.stderr.splitlines()) <= 1, run.stderr
    deadline = run.ended + SETTLE_SECONDS
    while (left := processes_of(run)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not left, f"processes of the run still alive {SETTLE_SECONDS} s later: {left}"
    assert not run.stderr_held, "a process of the run kept standard error open"
    if killed:
        remove_orphaned_folders(str(run.tmpdir))  # what the next command does first
    while (kept := os.listdir(run.tmpdir)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not kept, f"left in TMPDIR: {kept}"


def _only_constrained(environment: Environment) -> bool:
    """A batch of `solve` whose environment is limited but not broken (an address space of
    800 MB or more, 64 descriptors): the tiny levels must all be solved, the default memory
    limit and the workers fitting in what the process inherited."""
    return environment.command.startswith("solve") and environment.stdout in ("pipe", "file") \
        and environment.odd_input is None and environment.kill is None \
        and all(limit in (resource.RLIMIT_AS, resource.RLIMIT_NOFILE)
                for limit, _ in environment.limits)


def check_environment(environment: Environment) -> None:
    with tempfile.TemporaryDirectory(prefix="environment-") as folder:
        done = run(environment, Path(folder))
        try:
            check_the_contract(done)
        finally:
            kill_what_remains(done)


def kill_what_remains(run: Run) -> None:
    """A failed example leaves nothing running behind it either."""
    for process in processes_of(run):
        with contextlib.suppress(OSError):
            os.kill(int(process.split()[0]), signal.SIGKILL)
