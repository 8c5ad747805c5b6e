"""A bound asked while a computation runs (translator/runtime/asked_often.py)."""

from __future__ import annotations

import signal

import pytest

from translator.runtime.asked_often import asked_often


class _Stopped(BaseException):
    pass


def test_a_busy_loop_is_stopped_where_it_is_once_the_question_says_no() -> None:
    asked = []

    def still() -> bool:
        asked.append(True)
        return len(asked) < 3

    handler = signal.getsignal(signal.SIGVTALRM)
    turns = 0
    with pytest.raises(_Stopped), asked_often(still, _Stopped):
        while True:  # never asks anything itself: only the timer can end it
            turns += 1
    assert len(asked) == 3 and turns > 0
    assert signal.getsignal(signal.SIGVTALRM) is handler
    assert signal.getitimer(signal.ITIMER_VIRTUAL) == (0.0, 0.0)


def test_a_computation_that_ends_in_time_is_left_as_it_was() -> None:
    with asked_often(lambda: True, _Stopped):
        total = sum(range(10_000))
    assert total == 49_995_000
    assert signal.getitimer(signal.ITIMER_VIRTUAL) == (0.0, 0.0)
