"""A one-line progress bar on standard error for runs over many items (levels), drawn by rich.

Use it around a loop; it draws nothing unless its stream is a terminal and the run is not in
JSON mode, so piped and machine-readable output never see it:

    with Progress(len(levels), json_mode=args.json) as progress:
        for level in levels:
            progress.start(level.source)   # bar, "2/9", the item, its elapsed time
            outcome = solve(level)
            progress.done()                # erases the line: print the result after this
            print(result_line(outcome))

The bar is on screen only between `start()` and `done()`, while rich's refresh thread keeps
the elapsed times moving during a long planner call. `done()` erases the line, so anything
printed before the next `start()` lands on a clean line. Standard output is deliberately not
routed through rich: it would move results to standard error whenever that is the terminal.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from types import TracebackType
from typing import TextIO

from rich.console import Console
from rich.progress import BarColumn, ProgressColumn, Task
from rich.progress import Progress as RichProgress
from rich.table import Column
from rich.text import Text

_BAR_WIDTH = 20


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
    ) -> None:
        stream = stream if stream is not None else sys.stderr
        self.enabled = not json_mode and _is_terminal(stream)
        self.finished = 0
        self._clock = clock
        self._running = False
        # The terminal test is ours (above), so rich must not second-guess it, e.g. for TERM=dumb.
        console = Console(file=stream, force_terminal=self.enabled)
        self._bar = RichProgress(
            BarColumn(bar_width=_BAR_WIDTH),
            _Status(clock),
            console=console,
            transient=True,
            redirect_stdout=False,
            redirect_stderr=False,
            get_time=clock,
            refresh_per_second=refresh_per_second,
            disable=not self.enabled,
        )
        self._task = self._bar.add_task("", total=total, item_started=clock())

    def start(self, item: str) -> None:
        """Show that `item` is being processed; its elapsed time counts from now."""
        self._bar.update(self._task, description=item, item_started=self._clock())
        if not self._running:
            self._running = True
            self._bar.start()

    def done(self) -> None:
        """The current item is finished: count it and erase the line."""
        if self._running:
            self.close()
            self.finished += 1
            self._bar.update(self._task, completed=self.finished)

    def close(self) -> None:
        """Stop redrawing and leave the terminal line empty."""
        if self._running:
            self._running = False
            self._bar.stop()

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()


class _Status(ProgressColumn):
    """The number of the current item out of the total, its name, its elapsed time and the
    run's."""

    def __init__(self, clock: Callable[[], float]) -> None:
        # Cut rather than wrapped: a wrapped bar takes two lines and the next one scrolls.
        super().__init__(table_column=Column(no_wrap=True, overflow="ellipsis"))
        self._clock = clock

    def render(self, task: Task) -> Text:
        total = int(task.total or 0)
        number = min(int(task.completed) + 1, total)
        item_seconds = self._clock() - task.fields["item_started"]
        return Text(f"{number}/{total} {task.description} {item_seconds:.1f} s "
                    f"(total {task.elapsed or 0.0:.1f} s)")


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # closed or not a real file
        return False
