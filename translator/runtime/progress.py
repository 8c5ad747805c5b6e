"""A one-line progress bar on standard error for runs over many items (levels), drawn by rich.

Use it around a loop; it draws nothing unless its stream is a terminal and the run is not in
JSON mode, so piped and machine-readable output never see it:

    with Progress(len(levels), json_mode=args.json) as progress:
        for level in levels:
            progress.start(level.source)   # bar, "2/9", the item, its elapsed time
            outcome = solve(level)
            progress.done()                # erases the line: print the result after this
            print(result_line(outcome))

The line reads `[bar] 2/9 done, 1 failed, 3.4 levels/s ITEM 0.5 s`: items finished, those
that failed (`done(failed=True)`), the rate since the bar was made, and the current item (when
items finish out of order, there is none: `start()` with no item). The bar is on screen only
between `start()` and `done()`, while rich's refresh thread keeps the times moving during a
long planner call. `done()` erases the line, so anything
printed before the next `start()` lands on a clean line. Standard output is deliberately not
routed through rich: it would move results to standard error whenever that is the terminal.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import TracebackType
from typing import TYPE_CHECKING, TextIO

from translator.runtime.own_work import step

if TYPE_CHECKING:
    from translator.runtime.progress_bar import Bar


class Progress:
    """Progress over `total` items, drawn on `stream` (standard error by default)."""

    def __init__(
        self,
        total: int,
        *,
        json_mode: bool = False,
        stream: TextIO | None = None,
        clock: Callable[[], float] = time.monotonic,
        refresh_per_second: float = 2,
        unit: str = "levels",
    ) -> None:
        stream = stream if stream is not None else sys.stderr
        self.enabled = not json_mode and _is_terminal(stream)
        self.finished = 0
        self.failed = 0
        self._clock = clock
        self._running = False
        self._bar: Bar | None = None
        if self.enabled:
            # Imported here: rich is for terminals only (progress_bar.py).
            from translator.runtime.progress_bar import Bar
            self._bar = Bar(total, stream, clock, refresh_per_second, unit)

    def start(self, item: str = "") -> None:
        """Show that `item` is being processed (its elapsed time counts from now), or only the
        counts when no item is given."""
        if self._bar is not None:
            self._bar.show(item, self._clock(), self._running)
        self._running = True

    def done(self, failed: bool = False) -> None:
        """An item is finished (`failed`: without a result): count it and erase the line."""
        self.close()
        self.finished += 1
        self.failed += failed
        if self._bar is not None:
            self._bar.count(self.finished, self.failed)

    def close(self) -> None:
        """Stop redrawing and leave the terminal line empty."""
        if self._running:
            self._running = False
            if self._bar is not None:
                self._bar.stop()

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()


_shown: list[Progress] = []


@contextmanager
def tasks_shown(progress: Progress) -> Iterator[Progress]:
    """Count on `progress` every task the worker pool finishes inside the block (workers.py
    calls `task_finished`): a command whose tasks are run by code it does not drive, such as
    `compare`'s levels and probes, still shows them one by one on a terminal."""
    _shown.append(progress)
    progress.start()
    try:
        yield progress
    finally:
        _shown.remove(progress)
        progress.close()


@contextmanager
def tasks_unshown() -> Iterator[None]:
    """Tasks the worker pool finishes inside the block counted on no progress shown: the
    parts of one step that the progress around them counts as one (every_state_parts.py)."""
    _shown.append(Progress(0, json_mode=True))
    try:
        yield
    finally:
        _shown.pop()


def task_finished(failed: bool = False, next_item: str = "") -> None:
    """A task of the worker pool (or a step of a long computation, named by the one after it)
    is done: counted on the progress shown, if any; the command's own work counts from here."""
    step()
    if _shown:
        _shown[-1].done(failed)
        _shown[-1].start(next_item)


def batch_summary(solved: int, failed: int, unsolvable: int, seconds: float) -> str:
    """The line a batch of levels ends with on standard error; its rate is what throughput
    goals are measured with."""
    total = solved + failed + unsolvable
    rate = total / seconds if seconds > 0 else 0.0
    return (f"{total} levels: {solved} solved, {failed} failed, {unsolvable} unsolvable "
            f"in {seconds:.1f} s ({rate:.1f} levels/s)")


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # closed or not a real file
        return False
