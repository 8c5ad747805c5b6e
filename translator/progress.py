"""A one-line progress bar on standard error for runs over many items (levels).

Use it around a loop; it draws nothing unless its stream is a terminal and the run is not in
JSON mode, so piped and machine-readable output never see it:

    with Progress(len(levels), json_mode=args.json) as progress:
        for level in levels:
            progress.start(level.source)   # bar, "2/9", the item, its elapsed time
            outcome = solve(level)
            progress.done()                # erases the line: print the result after this
            print(result_line(outcome))

While an item runs, a background thread redraws the line every `interval` seconds so the
elapsed time keeps moving during a long planner call. `done()` erases the line, so anything
printed between `done()` and the next `start()` lands on a clean line. Output written to the
same terminal between `start()` and `done()` would be mixed with the bar: call `done()` (or
`clear()`) first.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Callable
from types import TracebackType
from typing import TextIO

_ERASE = "\r\x1b[K"
"""Carriage return, then erase to the end of the line (ANSI EL)."""


class Progress:
    """Progress over `total` items, drawn on `stream` (standard error by default)."""

    def __init__(
        self,
        total: int,
        *,
        json_mode: bool = False,
        stream: TextIO | None = None,
        width: int = 20,
        columns: int | None = None,
        interval: float | None = 0.5,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """`columns` defaults to the terminal's width; `interval` None turns the background
        redraw off (the line then changes only on calls)."""
        self.total = total
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = not json_mode and _is_terminal(self.stream)
        self.width = width
        self.columns = columns if columns is not None else _columns(self.stream)
        self.interval = interval
        self.clock = clock
        self.finished = 0
        self._item: str | None = None
        self._run_started = clock()
        self._item_started = self._run_started
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._ticker: threading.Thread | None = None

    def start(self, item: str) -> None:
        """Show that `item` is being processed; its elapsed time counts from now."""
        with self._lock:
            self._item = item
            self._item_started = self.clock()
            self._draw()
        if self.enabled and self.interval is not None and self._ticker is None:
            self._ticker = threading.Thread(target=self._tick, name="progress", daemon=True)
            self._ticker.start()

    def done(self) -> None:
        """The current item is finished: count it and erase the line."""
        with self._lock:
            if self._item is not None:
                self.finished += 1
                self._item = None
            self._erase()

    def clear(self) -> None:
        """Erase the line without finishing the item (it is redrawn at the next tick)."""
        with self._lock:
            self._erase()

    def close(self) -> None:
        """Stop redrawing and leave the terminal line empty."""
        self._wake.set()
        if self._ticker is not None:
            self._ticker.join()
            self._ticker = None
        with self._lock:
            self._item = None
            self._erase()

    def line(self) -> str:
        """The text of the bar for the current item, e.g. `[#####-----] 3/9 level4.txt 2.4 s`."""
        now = self.clock()
        filled = self.width * self.finished // self.total if self.total else self.width
        bar = "#" * filled + "-" * (self.width - filled)
        number = min(self.finished + (1 if self._item is not None else 0), self.total)
        item = f" {self._item} {now - self._item_started:.1f} s" if self._item else ""
        return f"[{bar}] {number}/{self.total}{item} (total {now - self._run_started:.1f} s)"

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()

    def _draw(self) -> None:
        if self.enabled and self._item is not None:
            # One character short of the width: a full line would wrap, and the carriage
            # return could then no longer reach its start.
            self.stream.write(_ERASE + self.line()[: max(self.columns - 1, 10)])
            self.stream.flush()

    def _erase(self) -> None:
        if self.enabled:
            self.stream.write(_ERASE)
            self.stream.flush()

    def _tick(self) -> None:
        assert self.interval is not None
        while not self._wake.wait(self.interval):
            with self._lock:
                self._draw()


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # closed or not a real file
        return False


def _columns(stream: TextIO) -> int:
    try:
        return os.get_terminal_size(stream.fileno()).columns
    except (AttributeError, ValueError, OSError):
        return 80
