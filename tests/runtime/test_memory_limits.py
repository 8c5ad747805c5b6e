"""Memory limits (translator/runtime/memory_limits.py): the watch over an attempt's processes
the default share of the machine, and both under an inherited address-space limit."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from unittest.mock import patch

import pytest
from helpers import ROOT
from hypothesis import given, settings
from hypothesis import strategies as st

from translator.runtime.memory_limits import (
    MemoryWatch,
    default_memory_limit,
    memory_headroom,
    within_inherited,
)


def test_the_watch_compares_the_address_space_with_the_limit() -> None:
    assert MemoryWatch(os.getpid(), 1).exceeded()
    assert not MemoryWatch(os.getpid(), 2**62).exceeded()


def test_the_default_is_shared_among_parallel_attempts() -> None:
    whole = default_memory_limit()
    if whole is not None:
        assert default_memory_limit(4) == whole // 4
    assert memory_headroom(2**30) == 2**27 and memory_headroom(2**20) == 64 * 2**20


@settings(max_examples=60, derandomize=True)
@given(inherited=st.integers(1, 2**48), asked=st.none() | st.integers(1, 2**48))
def test_limits_fit_under_an_inherited_address_space_limit(inherited: int,
                                                           asked: int | None) -> None:
    """Under `ulimit -v`, a limit and its headroom fit under what the process may have: no
    child is refused the limit it is given (it may not raise its own)."""
    with patch("resource.getrlimit", return_value=(inherited, resource.RLIM_INFINITY)):
        limit = within_inherited(asked)
        assert limit is not None and 1 <= limit <= (asked or limit)
        if inherited > 64 * 2**20 + 1:
            assert limit + memory_headroom(limit) <= inherited
        if asked is None:
            assert (default_memory_limit() or 0) <= limit


def _address_space_limit(limit: int) -> Callable[[], None]:
    return lambda: resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def _helltaker(arguments: list[str], tmp_path: Path, limit: int | None = None,
               ) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "translator.cli.main", *arguments], capture_output=True,
        text=True, cwd=ROOT, timeout=120, env={**os.environ, "TMPDIR": str(tmp_path)},
        preexec_fn=None if limit is None else _address_space_limit(limit))


@pytest.mark.planner
def test_solve_succeeds_under_an_inherited_address_space_limit(tmp_path: Path) -> None:
    """`ulimit -v 4G`, as batch schedulers set: the default limit fits under it."""
    run = _helltaker(["solve", str(ROOT / "levels" / "level1.txt")], tmp_path, 4 * 2**30)
    assert run.returncode == 0, run.stderr
    assert "solved, cost 23/23" in run.stderr and os.listdir(tmp_path) == []


@pytest.mark.planner
@pytest.mark.parametrize("planner", ["sat"])
def test_a_limit_too_small_to_start_is_out_of_memory_in_words(tmp_path: Path,
                                                             planner: str) -> None:
    """50 MiB cannot even load the planner's libraries: `out of memory`, said in words, with
    no temporary path and no errno text."""
    level = str(ROOT / "levels" / "level1.txt")
    run = _helltaker(["solve", level, "--planner", planner, "--memory-limit", "50M", "--json"],
                     tmp_path)
    record = json.loads(run.stdout)
    assert (run.returncode, record["status"]) == (3, "out of memory")
    assert record["message"] == f"{planner} ran out of memory (limit 50 MiB)"
    assert str(tmp_path) not in run.stderr + run.stdout and "Errno" not in run.stderr
    assert os.listdir(tmp_path) == []
