"""The line that progress.py draws on a terminal, by rich.

A module of its own so that rich is imported only when a bar is drawn: piped output, JSON
mode and a single level's start-up never pay for it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO

from rich.console import Console
from rich.progress import BarColumn, ProgressColumn, Task
from rich.progress import Progress as RichProgress
from rich.table import Column
from rich.text import Text

_BAR_WIDTH = 20


class Bar:
    """`[bar] 2/9 done, 1 failed, 3.4 levels/s ITEM 0.5 s`, kept moving by rich's refresh
    thread between `start` and `stop`, erased by `stop`."""

    def __init__(self, total: int, stream: TextIO, clock: Callable[[], float],
                 refresh_per_second: float, unit: str) -> None:
        # The terminal test is the caller's, so rich must not second-guess it (TERM=dumb).
        console = Console(file=stream, force_terminal=True)
        self._bar = RichProgress(
            BarColumn(bar_width=_BAR_WIDTH),
            _Status(clock, unit),
            console=console,
            transient=True,
            redirect_stdout=False,
            redirect_stderr=False,
            get_time=clock,
            refresh_per_second=refresh_per_second,
        )
        self._task = self._bar.add_task("", total=total, item_started=clock(),
                                        run_started=clock(), failed=0)

    def show(self, item: str, started: float, running: bool) -> None:
        """Name the current item (timed from `started`); start redrawing unless `running`."""
        self._bar.update(self._task, description=item, item_started=started)
        if not running:
            self._bar.start()

    def count(self, finished: int, failed: int) -> None:
        self._bar.update(self._task, completed=finished, failed=failed)

    def stop(self) -> None:
        self._bar.stop()


class _Status(ProgressColumn):
    """Items done out of the total, failed, the rate, and the current item with its elapsed
    time."""

    def __init__(self, clock: Callable[[], float], unit: str) -> None:
        # Cut rather than wrapped: a wrapped bar takes two lines and the next one scrolls.
        super().__init__(table_column=Column(no_wrap=True, overflow="ellipsis"))
        self._clock = clock
        self._unit = unit

    def render(self, task: Task) -> Text:
        now = self._clock()
        done = int(task.completed)
        elapsed = now - task.fields["run_started"]
        rate = done / elapsed if elapsed > 0 else 0.0
        # Two significant digits below 0.1: a class of models runs at 0.01 models/s, which
        # one decimal would show as 0.0.
        shown = f"{rate:.1f}" if rate == 0 or rate >= 0.1 else f"{rate:.2g}"
        text = (f"{done}/{int(task.total or 0)} done, {task.fields['failed']} failed, "
                f"{shown} {self._unit}/s")
        if task.description:
            text += f" {task.description} {now - task.fields['item_started']:.1f} s"
        return Text(text)
