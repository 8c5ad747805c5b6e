"""Work computed aside in a child (translator/runtime/aside.py): its value taken when needed,
a child told to hurry ending with what it has, a failed or unforked one giving None, and no
child left behind."""

from __future__ import annotations

import os
import time

from translator.runtime import processes
from translator.runtime.aside import computed_aside, hurried


def _steps_until_hurried(limit: int) -> int:
    done = 0
    while done < limit and not hurried():
        done += 1
        time.sleep(0.01)
    return done


def test_the_value_comes_from_a_child_and_is_taken_once() -> None:
    with computed_aside("pid", lambda _: os.getpid(), None) as aside:
        pid = aside.result()
        assert pid is not None and pid != os.getpid()
        assert aside.result() is None
    assert not processes._LIVE and not hurried()


def test_a_child_told_to_hurry_ends_with_what_it_has() -> None:
    with computed_aside("steps", _steps_until_hurried, 10_000) as aside:
        time.sleep(0.2)
        done = aside.result(hurry=True)
    assert done is not None and 0 < done < 10_000
    with computed_aside("steps", _steps_until_hurried, 3) as aside:
        time.sleep(0.3)  # done before it is told: the telling finds its end closed
        assert aside.result(hurry=True) == 3


def test_no_fork_and_a_failed_child_give_none_and_none_is_left_running() -> None:
    with computed_aside("pid", lambda _: os.getpid(), None, fork=False) as aside:
        assert aside.result() is None
    with computed_aside("dies", lambda _: os._exit(3), None) as aside:
        assert aside.result() is None
    with computed_aside("steps", _steps_until_hurried, 10_000):
        pass  # never taken: stopped on exit
    assert not processes._LIVE
