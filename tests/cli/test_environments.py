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

import resource
import signal
import tempfile
from pathlib import Path
from typing import Any

import cli.test_fuzz  # noqa: F401 (registers the settings profiles the tests use)
import pytest
from cli.environment_runs import (
    Environment,
    check_environment,
    check_the_contract,
    kill_what_remains,
    processes_of,
    run,
)
from cli.hostile_inputs import CASES
from hypothesis import Phase, example, given, settings
from hypothesis import strategies as st

from translator.cli.exit_codes import ExitCode

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists()
                                or not Path("/dev/full").exists(),
                                reason="needs Linux: /proc, /dev/full")

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
                                                     signal.SIGKILL, signal.SIGHUP,
                                                     signal.SIGQUIT, signal.SIGUSR1]),
                                    st.floats(0.0, 1.0)))
_EARLY_SIGNALS = st.builds(Environment, command=st.just("solve-fd"),
                           kill=st.tuples(st.sampled_from([signal.SIGINT, signal.SIGTERM]),
                                          st.floats(0.0, 0.05)))
"""Ctrl-C or SIGTERM in the first instant of an `fd` batch, as its first temporary folder
appears: it left that folder, empty, one run in four (issue 24) until folders were made only
once their removal was in place (temporary_folders.py)."""


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
    Environment("solve-search", kill=(signal.SIGINT, 0.0)),
    Environment("solve-fd", kill=(signal.SIGHUP, 0.2)))
test_signals_at_the_start_of_a_batch, test_signals_at_the_start_of_a_batch_long = \
    explicit_and_long(_EARLY_SIGNALS, Environment("solve-fd", kill=(signal.SIGTERM, 0.0)))


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
            assert not processes_of(started)
        finally:
            kill_what_remains(started)


def test_no_file_may_grow() -> None:
    # tempfile finds no usable temporary folder: one line and a failed run, no traceback.
    check_environment(Environment("solve-search", limits=((resource.RLIMIT_FSIZE, 0),)))


# -- the hostile inputs of issue 30 ------------------------------------------------------------


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_hostile_input_ends_as_documented(case: str) -> None:
    # Each numbered case of issue 30 (hostile_inputs.py): the documented status and exactly
    # the lines it must print on stderr, no traceback, nothing left behind. The long plan
    # runs under an address space the old replay (400 bytes a letter) could not fit in.
    limits = ((resource.RLIMIT_AS, 600 << 20),) if case == "long-plan" else ()
    environment = Environment("hostile", stdout="file", limits=limits, hostile=case)
    with tempfile.TemporaryDirectory(prefix="environment-") as folder:
        done = run(environment, Path(folder))
        try:
            assert done.hostile is not None
            assert done.status == done.hostile.status, done.stderr
            assert len(done.stderr.splitlines()) == done.hostile.stderr_lines, done.stderr
            check_the_contract(done)
            assert not (Path(folder) / "ran").exists(), "the forged cache entry ran its code"
            if case == "newline-name":
                lines = (Path(folder) / "stdout.txt").read_text("utf-8").splitlines()
                assert [line.split("\t")[0] for line in lines] == \
                    [f"{folder}/two\\nlines.txt", f"{folder}/a.txt"]
        finally:
            kill_what_remains(done)
