"""A bound asked every few hundredths of a CPU second while a computation runs, not only
between its steps.

A repair's search asks its bound before each case it checks (compare/repair/verify.py); a case
of a candidate that branches (a counter left unbound) once took minutes of one replay. The
question is asked on the user CPU timer (ITIMER_VIRTUAL, SIGVTALRM), which nothing else here
uses: own_work.py's `--timeout` keeps the process timer (ITIMER_PROF). Signal handlers run in
the main thread only, so elsewhere the computation runs unasked, as before; a fork does not
inherit the timer.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType

EVERY_SECONDS = 0.05
"""User CPU seconds between two questions: a candidate past its bound stops within them."""


@contextmanager
def asked_often(still: Callable[[], bool], stop: Callable[[], BaseException]
                ) -> Iterator[None]:
    """Within: `still()` asked every `EVERY_SECONDS` of user CPU time; once it says no,
    `stop()` is raised where the computation is. Nested, the inner question is asked alone
    and the outer one again once it is left."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def ask(signal_number: int, frame: FrameType | None) -> None:
        if not still():
            raise stop()

    handler = signal.signal(signal.SIGVTALRM, ask)
    before = signal.setitimer(signal.ITIMER_VIRTUAL, EVERY_SECONDS, EVERY_SECONDS)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_VIRTUAL, 0)
        signal.signal(signal.SIGVTALRM, handler)
        if before[0] or before[1]:
            signal.setitimer(signal.ITIMER_VIRTUAL, *before)
