"""Work computed aside in a child (translator/runtime/aside.py): its value taken when needed,
a child told to hurry ending with what it has, a failed or unforked one giving None, and no
child left behind."""

from __future__ import annotations

import os
import time
from pathlib import Path

from translator.runtime import processes
from translator.runtime.aside import computed_aside, hurried


def _steps_until_hurried(task: tuple[int, Path]) -> int:
    """Steps until told to hurry, `limit` at most; a mark in `folder` after each, and one
    named `done` at the end."""
    limit, folder = task
    done = 0
    while done < limit and not hurried():
        done += 1
        (folder / str(done)).touch()
        time.sleep(0.01)
    (folder / "done").touch()
    return done


def _until(mark: Path) -> None:
    """Wait for the child's mark: no guess of how fast a loaded machine forks and runs."""
    while not mark.exists():
        time.sleep(0.01)


def test_the_value_comes_from_a_child_and_is_taken_once() -> None:
    with computed_aside("pid", lambda _: os.getpid(), None) as aside:
        pid = aside.result()
        assert pid is not None and pid != os.getpid()
        assert aside.result() is None
    assert not processes._LIVE and not hurried()


def test_a_child_told_to_hurry_ends_with_what_it_has(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    with computed_aside("steps", _steps_until_hurried, (10_000, tmp_path / "a")) as aside:
        _until(tmp_path / "a" / "2")
        done = aside.result(hurry=True)
    assert done is not None and 2 <= done < 10_000
    (tmp_path / "b").mkdir()
    with computed_aside("steps", _steps_until_hurried, (3, tmp_path / "b")) as aside:
        _until(tmp_path / "b" / "done")  # done before it is told: its end of the pipe closed
        assert aside.result(hurry=True) == 3


def test_no_fork_and_a_failed_child_give_none_and_none_is_left_running(tmp_path: Path
                                                                       ) -> None:
    with computed_aside("pid", lambda _: os.getpid(), None, fork=False) as aside:
        assert aside.result() is None
    with computed_aside("dies", lambda _: os._exit(3), None) as aside:
        assert aside.result() is None
    with computed_aside("steps", _steps_until_hurried, (10_000, tmp_path)):
        _until(tmp_path / "1")  # running, never taken: stopped on exit
    assert not processes._LIVE
