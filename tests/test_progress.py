"""translator/progress.py: drawn only on a terminal and outside JSON mode; shows the count,
the item and elapsed times; erases its line."""

from __future__ import annotations

import io
import threading

from translator.progress import Progress


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_draws_item_count_and_elapsed_times_on_a_terminal() -> None:
    stream, clock = FakeTerminal(), Clock()
    with Progress(4, stream=stream, clock=clock, interval=None, width=8, columns=200) as bar:
        clock.now += 1.0
        bar.start("levels/level1.txt")
        assert stream.getvalue() == ("\r\x1b[K[--------] 1/4 levels/level1.txt 0.0 s "
                                     "(total 1.0 s)")
        clock.now += 2.5
        assert bar.line() == "[--------] 1/4 levels/level1.txt 2.5 s (total 3.5 s)"
        bar.done()
        assert stream.getvalue().endswith("\r\x1b[K")
        bar.start("levels/level2.txt")
        assert bar.line() == "[##------] 2/4 levels/level2.txt 0.0 s (total 3.5 s)"
        bar.done()
        assert bar.finished == 2
    assert stream.getvalue().endswith("\r\x1b[K")


def test_silent_when_not_a_terminal_or_in_json_mode() -> None:
    for stream, json_mode in ((io.StringIO(), False), (FakeTerminal(), True)):
        with Progress(2, stream=stream, json_mode=json_mode, interval=0.01) as bar:
            assert not bar.enabled
            bar.start("a")
            bar.done()
        assert stream.getvalue() == ""


def test_line_is_cut_to_the_terminal_width() -> None:
    stream = FakeTerminal()
    with Progress(1, stream=stream, interval=None, columns=30) as bar:
        bar.start("x" * 100)
    drawn = stream.getvalue().split("\r\x1b[K")[1]
    assert len(drawn) == 29


def test_background_redraw_keeps_the_elapsed_time_moving() -> None:
    stream, clock = FakeTerminal(), Clock()
    redrawn = threading.Event()

    class Watched(FakeTerminal):
        def write(self, text: str) -> int:
            if "7.0 s" in text:
                redrawn.set()
            return stream.write(text)

    bar = Progress(1, stream=Watched(), clock=clock, interval=0.01, columns=200)
    bar.start("slow level")
    clock.now += 7.0
    assert redrawn.wait(2.0), "the ticker did not redraw the line"
    bar.close()
    assert not any(thread.name == "progress" for thread in threading.enumerate())
    assert stream.getvalue().endswith("\r\x1b[K")
