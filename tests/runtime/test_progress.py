"""translator/runtime/progress.py: drawn only on a terminal and outside JSON mode; shows the counts
done and failed, the rate, the item and its elapsed time; erases its line; the batch summary."""

from __future__ import annotations

import io
import re
import threading

import pytest

from translator.runtime.progress import Progress, batch_summary

CONTROL = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
ERASE_LINE = "\x1b[2K"


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def drawn_lines(stream: io.StringIO) -> list[str]:
    """Every state of the line as drawn, without colours and cursor moves."""
    parts = re.split(r"[\r\n]", stream.getvalue())
    return [text for text in (CONTROL.sub("", part).strip() for part in parts) if text]


def test_draws_counts_rate_item_and_elapsed_time_on_a_terminal() -> None:
    stream, clock = FakeTerminal(), Clock()
    with Progress(4, stream=stream, clock=clock, refresh_per_second=0.1) as bar:
        assert bar.enabled
        clock.now += 1.0
        bar.start("levels/level1.txt")
        assert drawn_lines(stream)[-1].endswith(
            "0/4 done, 0 failed, 0.0 levels/s levels/level1.txt 0.0 s")
        clock.now += 3.0
        bar.done(failed=True)
        # Erased: results printed now start on a clean line.
        assert stream.getvalue().endswith(ERASE_LINE)
        bar.start()  # items finishing out of order: counts only
        assert drawn_lines(stream)[-1].endswith("1/4 done, 1 failed, 0.2 levels/s")
        bar.done()
        assert (bar.finished, bar.failed) == (2, 1)
    assert stream.getvalue().endswith(ERASE_LINE)


def test_a_slow_rate_keeps_two_significant_digits() -> None:
    # A class of models graded at one a minute would read 0.0 models/s with one decimal.
    stream, clock = FakeTerminal(), Clock()
    with Progress(30, stream=stream, clock=clock, refresh_per_second=0.1,
                  unit="models") as bar:
        bar.start()
        clock.now += 75.0
        bar.done()
        bar.start()
        assert drawn_lines(stream)[-1].endswith("1/30 done, 0 failed, 0.013 models/s")


def test_batch_summary_line() -> None:
    assert batch_summary(7, 2, 1, 4.0) == \
        "10 levels: 7 solved, 2 failed, 1 unsolvable in 4.0 s (2.5 levels/s)"


def test_silent_when_not_a_terminal_or_in_json_mode() -> None:
    for stream, json_mode in ((io.StringIO(), False), (FakeTerminal(), True)):
        with Progress(2, stream=stream, json_mode=json_mode, refresh_per_second=100) as bar:
            assert not bar.enabled
            bar.start("a")
            bar.done()
            assert bar.finished == 1
        assert stream.getvalue() == ""


def test_line_is_cut_to_the_terminal_width(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "60")
    stream = FakeTerminal()
    with Progress(1, stream=stream, refresh_per_second=0.1) as bar:
        bar.start("x" * 100)
        line = drawn_lines(stream)[-1]
    assert len(line) <= 60 and "0/1 done, 0 failed" in line


def test_background_redraw_keeps_the_elapsed_time_moving() -> None:
    stream, clock = FakeTerminal(), Clock()
    redrawn = threading.Event()

    class Watched(FakeTerminal):
        def write(self, text: str) -> int:
            if "7.0 s" in text:
                redrawn.set()
            return stream.write(text)

    before = set(threading.enumerate())
    bar = Progress(1, stream=Watched(), clock=clock, refresh_per_second=100)
    bar.start("slow level")
    redrawing = set(threading.enumerate()) - before
    clock.now += 7.0
    assert redrawn.wait(2.0), "the bar was not redrawn while the item ran"
    bar.close()
    erased = stream.getvalue()
    assert erased.endswith(ERASE_LINE)
    # rich signals its refresh thread to stop without waiting for it.
    for thread in redrawing:
        thread.join(2.0)
    assert redrawing and not any(thread.is_alive() for thread in redrawing), (
        "the redraw thread outlived the bar")
    assert stream.getvalue() == erased, "the bar was drawn again after close()"


def _fail_on_two(item: int) -> int:
    if item == 2:
        raise ValueError("two")
    return item


@pytest.mark.parametrize("jobs", [1, 2])
def test_tasks_the_worker_pool_finishes_are_counted_one_by_one(jobs: int) -> None:
    # Issue 30: one model's `compare` ran for a minute with nothing on the terminal; its
    # levels and probes run in the worker pool, which now counts each on the bar shown.
    from translator.runtime.progress import tasks_shown
    from translator.runtime.workers import run_completed

    stream = FakeTerminal()
    with tasks_shown(Progress(3, stream=stream, refresh_per_second=0.1, unit="tasks")) as bar:
        outcomes = dict(run_completed(_fail_on_two, [1, 2, 3], jobs))
        assert (bar.finished, bar.failed) == (3, 1)
    assert isinstance(outcomes[1], ValueError)
    assert any(line.endswith("3/3 done, 1 failed") or "3/3 done, 1 failed" in line
               for line in drawn_lines(stream))
    assert stream.getvalue().endswith(ERASE_LINE)
    # Outside the block nothing is counted.
    assert dict(run_completed(_fail_on_two, [1], jobs)) == {0: 1}
    assert bar.finished == 3
