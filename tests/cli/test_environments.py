"""Hostile environments as properties (issue 24 item 7): the fuzz suite of test_fuzz.py, from
inputs to the environment a command runs in.

Each example runs `helltaker` as a process of its own, in a session of its own and with a
private TMPDIR, under an environment drawn by hypothesis: standard output closed, a full
device (/dev/full), a pipe whose reader is gone, a pipe or a regular file; standard input
closed; a level argument that is not a regular file (a directory, a FIFO without a writer,
/dev/zero); inherited RLIMIT_AS, RLIMIT_NOFILE and RLIMIT_FSIZE; SIGINT, SIGTERM or SIGKILL
of the parent at a random moment of a small batch (`solve` on three tiny levels with
`--planner search` or `fd`). The properties, whatever the environment:

- the command exits with a documented status (0, 1, 2, 3, 130, 141, 143; or it was killed
  by the SIGKILL the example sent);
- standard error holds no traceback: no `Traceback` and no indented line, and a command that
  reports one error (`validate`) says it in one line;
- within 2 s of the end, no process of the run remains (found in /proc by the run's session
  or by a marker in the environment every descendant inherits), and its TMPDIR is empty; after
  SIGKILL, once the sweep a later command makes has run (`remove_orphaned_folders`).

Fast loop: a few derandomized examples per property (tests/cli/test_fuzz.py's profiles);
`HELLTAKER_FUZZ_EXAMPLES=N pytest -m fuzz tests/cli/test_environments.py` runs N fresh ones.
Linux only (/proc, FIFOs, /dev/full).
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
from typing import Any, BinaryIO

import cli.test_fuzz  # noqa: F401 (registers the settings profiles the tests use)
import pytest
from hypothesis import Phase, example, given, settings
from hypothesis import strategies as st

from translator.cli.exit_codes import ExitCode
from translator.runtime.temporary_folders import remove_orphaned_folders

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists()
                                or not Path("/dev/full").exists(),
                                reason="needs Linux: /proc, /dev/full")

DOCUMENTED = {0, 1, 2, 3, 130, 141, 143}
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


def _argv(environment: Environment, folder: Path) -> list[str]:
    odd = {"directory": str(folder / "a-directory"), "fifo": str(folder / "a-fifo"),
           "device": "/dev/zero", None: None}[environment.odd_input]
    if environment.command == "validate-stdin":
        return ["validate", odd or str(folder / "a.txt"), "-"]
    levels = [str(folder / name) for name in LEVELS]
    if environment.kill is not None:
        (folder / "slow.txt").write_text(SLOW_LEVEL, encoding="utf-8")
        levels.insert(0, str(folder / "slow.txt"))
    if odd is not None:
        levels.insert(1, odd)
    return ["solve", *levels, "--planner", environment.command.removeprefix("solve-"),
            "--timeout", "20"]


def run(environment: Environment, folder: Path, signal_at_start: int | None = None) -> Run:
    """`helltaker` in `environment`, with its files in `folder`; `signal_at_start` is sent
    0.1 s after the process starts, while Python loads the command's modules."""
    for name, text in LEVELS.items():
        (folder / name).write_text(text, encoding="utf-8")
    (folder / "a-directory").mkdir()
    os.mkfifo(folder / "a-fifo")
    tmpdir = folder / "tmp"
    tmpdir.mkdir()
    marker = uuid.uuid4().hex
    env = {**os.environ, "TMPDIR": str(tmpdir), _MARKER: marker}
    stdout_file = _stdout(environment.stdout, folder)

    def in_child() -> None:
        for limit, value in environment.limits:
            resource.setrlimit(limit, (value, value))
        if environment.stdout == "closed":
            os.close(1)
        if environment.stdin == "closed":
            os.close(0)

    command = [sys.executable, "-m", "translator.cli", *_argv(environment, folder)]
    # Standard error is a pipe, not a file: RLIMIT_FSIZE would cut a file short.
    process = subprocess.Popen(
        command, stdin=subprocess.DEVNULL, stdout=stdout_file, stderr=subprocess.PIPE, env=env,
        cwd=folder, start_new_session=True, preexec_fn=in_child)
    if isinstance(stdout_file, int) and stdout_file >= 0:
        os.close(stdout_file)  # the pipe's writer is the child's alone
    elif not isinstance(stdout_file, int):
        stdout_file.close()
    try:
        if signal_at_start is not None:
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
               process.pid, marker, tmpdir, ended, held)


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


def _processes_of(run: Run) -> list[str]:
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
    while (left := _processes_of(run)) and time.monotonic() < deadline:
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
            _kill_what_remains(done)


def _kill_what_remains(run: Run) -> None:
    """A failed example leaves nothing running behind it either."""
    for process in _processes_of(run):
        with contextlib.suppress(OSError):
            os.kill(int(process.split()[0]), signal.SIGKILL)


_SOLVES = st.sampled_from(["solve-search", "solve-search", "solve-fd"])
_STREAMS = st.builds(Environment, command=_SOLVES | st.just("validate-stdin"),
                     stdout=st.sampled_from(["pipe", "file", "closed", "full", "broken"]),
                     stdin=st.sampled_from(["null", "closed"]))
_INPUTS = st.builds(Environment, command=_SOLVES | st.just("validate-stdin"),
                    odd_input=st.sampled_from(["directory", "fifo", "device"]))
_LIMITS = st.builds(Environment, command=_SOLVES, stdout=st.sampled_from(["pipe", "file"]),
                    limits=st.lists(st.sampled_from([
                        (resource.RLIMIT_AS, 1500 << 20), (resource.RLIMIT_AS, 800 << 20),
                        (resource.RLIMIT_NOFILE, 64), (resource.RLIMIT_FSIZE, 64),
                        (resource.RLIMIT_FSIZE, 4096)]), min_size=1, max_size=2,
                        unique_by=lambda limit: limit[0]).map(tuple))
_SIGNALS = st.builds(Environment, command=_SOLVES,
                     kill=st.tuples(st.sampled_from([signal.SIGINT, signal.SIGTERM,
                                                     signal.SIGKILL]),
                                    st.floats(0.0, 1.0)))



def explicit_and_long(strategy: st.SearchStrategy[Environment], *cases: Environment
                      ) -> tuple[Any, Any]:
    """`check_environment` as two tests: the fast loop runs `cases`, a fixed sample that
    names each hostile condition once (test_fuzz.py's `helltaker-fast` profile, explicit
    examples only: one run of `helltaker` costs about a second); the long variant (marker
    `fuzz`) draws HELLTAKER_FUZZ_EXAMPLES fresh ones from `strategy`."""
    fast = given(environment=strategy)(check_environment)
    for case in reversed(cases):
        fast = example(environment=case)(fast)
    fast = settings(settings.get_profile("helltaker-fast"), phases=[Phase.explicit])(fast)
    long = settings(settings.get_profile("helltaker-fuzz"))(
        given(environment=strategy)(check_environment))
    return fast, pytest.mark.fuzz(long)


test_standard_streams, test_standard_streams_long = explicit_and_long(
    _STREAMS,
    Environment("solve-search", stdout="closed", stdin="closed"),
    Environment("solve-search", stdout="full"),
    Environment("validate-stdin", stdout="broken", stdin="closed"))
test_non_regular_inputs, test_non_regular_inputs_long = explicit_and_long(
    _INPUTS,
    Environment("solve-search", odd_input="fifo"),
    Environment("validate-stdin", odd_input="device"))
test_inherited_limits, test_inherited_limits_long = explicit_and_long(
    _LIMITS,
    Environment("solve-fd", limits=((resource.RLIMIT_AS, 800 << 20),
                                    (resource.RLIMIT_NOFILE, 64))),
    Environment("solve-search", stdout="file", limits=((resource.RLIMIT_FSIZE, 64),)))
test_signals_to_the_parent, test_signals_to_the_parent_long = explicit_and_long(
    _SIGNALS,
    Environment("solve-search", kill=(signal.SIGKILL, 0.3)),
    Environment("solve-search", kill=(signal.SIGTERM, 0.2)),
    Environment("solve-search", kill=(signal.SIGINT, 0.0)))


# -- start-up and an unusable temporary folder ------------------------------------------------


def test_a_signal_during_start_up() -> None:
    # Ctrl-C while Python loads the command line: caught from the first import of ours
    # (translator/cli/__init__.py run), so one line and 130, or the signal's own ending when
    # it came before Python set its handler; never a traceback, nothing left.
    with tempfile.TemporaryDirectory(prefix="environment-") as folder:
        started = run(Environment("solve-search"), Path(folder), signal_at_start=signal.SIGINT)
        try:
            assert started.status in (ExitCode.INTERRUPTED, -signal.SIGINT), started.stderr
            assert "Traceback" not in started.stderr, started.stderr
            assert len(started.stderr.splitlines()) <= 1, started.stderr
            assert not _processes_of(started)
        finally:
            _kill_what_remains(started)


def test_no_file_may_grow() -> None:
    # tempfile finds no usable temporary folder: one line and a failed run, no traceback.
    check_environment(Environment("solve-search", limits=((resource.RLIMIT_FSIZE, 0),)))
