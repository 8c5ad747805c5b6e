"""Work started aside: a child forked now computes a value while this process goes on with
other work, on a core that would otherwise stay idle (the compare stage reads a model on one
core: translator/compare/check.py). The caller takes the value when it needs it, or leaves it:
a child still running when the context ends is stopped, as any child (processes.py). The
caller may tell the child to hurry as it takes the value; work that can end early with what
it has (one level solved of nine) asks `hurried()` between its steps.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from translator.runtime.processes import Child, WorkerFailed, result_of, start_in_child, stop

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

Argument = TypeVar("Argument")
Result = TypeVar("Result")


@dataclass(slots=True)
class Aside(Generic[Result]):
    """A value being computed aside (none when nothing was forked)."""

    _child: Child | None
    _tell: Connection | None

    def result(self, hurry: bool = False) -> Result | None:
        """The child's value, waited for; None when nothing was forked, when the child failed
        (the caller computes the value itself, as without a child), or once taken already.
        With `hurry`, the child is told first (`hurried()` is true in it from then)."""
        child, self._child = self._child, None
        if child is None:
            return None
        if hurry and self._tell is not None:
            with contextlib.suppress(OSError):  # the child is done, its end closed
                self._tell.send_bytes(b"hurry")
        try:
            value: Result = result_of(child)
        except WorkerFailed:
            return None
        return value


@contextlib.contextmanager
def computed_aside(name: str, function: Callable[[Argument], Result], argument: Argument,
                   fork: bool = True) -> Iterator[Aside[Result]]:
    """Inside, `function(argument)` computed in a child forked on entry (unless `fork` is
    false: then nothing is, and the value is None); stopped on exit if it still runs."""
    if not fork:
        yield Aside(None, None)
        return
    from multiprocessing import Pipe  # as processes.py: not for a run without a child

    told, tell = Pipe(duplex=False)
    child = start_in_child(name, _hearing, (told, function, argument))
    told.close()
    try:
        yield Aside(child, tell)
    finally:
        tell.close()
        stop(child)


_TOLD: list[Connection] = []
"""In a child computing aside: the end of the pipe its parent tells it to hurry on."""


def _hearing(task: tuple[Connection, Callable[[Any], Any], Any]) -> Any:
    told, function, argument = task
    _TOLD.append(told)
    return function(argument)


def hurried() -> bool:
    """Whether this process computes aside and its parent told it to hurry: to end with what
    it has (always false elsewhere)."""
    return bool(_TOLD) and _TOLD[-1].poll()
