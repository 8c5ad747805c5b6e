"""Our model's column on each level (its plan, its cost, the game's verdict): the same for every
model compared on those levels. A class solves them once, before its models' workers start
(`our_columns_on`); one model on two cores or more has them solved in a child while it reads
the model (`columns_ahead`), on the core that reading leaves idle: a second for a model of
hundreds of schemas, nothing to wait for afterwards.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence

from strips_model.errors import HelltakerError
from strips_model.level import Level
from translator.compare.models.protocols import ComparedModel
from translator.compare.runs.level_comparison import our_column
from translator.compare.runs.level_verdict import Column
from translator.runtime.aside import computed_aside, hurried
from translator.runtime.processes import Limits
from translator.runtime.workers import run_ordered

Columns = tuple[Column | None, ...]
"""One per level, in order; None where our model was not solved (the comparison then solves
it, and a solve that raises fails in the model's row as it would have)."""


def our_columns_on(ours: ComparedModel, levels: Sequence[Level], planner: str, limits: Limits,
                   jobs: int) -> Columns:
    """Our model on each level, as `compare_level` would solve it, on up to `jobs` cores."""
    return tuple(run_ordered(lambda level: _column(ours, level, planner, limits),
                             list(levels), jobs))


def _column(ours: ComparedModel, level: Level, planner: str, limits: Limits) -> Column | None:
    try:
        return our_column(ours, level, planner, limits)
    except HelltakerError:
        return None


@contextlib.contextmanager
def columns_ahead(ours: ComparedModel, levels: Sequence[Level], planner: str, limits: Limits,
                  jobs: int) -> Iterator[Callable[[], Columns]]:
    """Inside, a child forked on entry solves our model on `levels`, one after the other. The
    function given tells it to hurry, so that it stops after the level it is on, and returns
    what it solved, None for the levels after: a model read quickly waits a fraction of a
    level, not for nine. With one core, or no level, nothing is forked and the function
    returns `()`."""
    with computed_aside("our model on the levels", _until_hurried,
                        (ours, tuple(levels), planner, limits),
                        fork=jobs > 1 and bool(levels)) as solving:
        yield lambda: solving.result(hurry=True) or ()


def _until_hurried(task: tuple[ComparedModel, tuple[Level, ...], str, Limits]) -> Columns:
    ours, levels, planner, limits = task
    columns: list[Column | None] = []
    for level in levels:
        if hurried():
            break
        columns.append(_column(ours, level, planner, limits))
    return (*columns, *(None,) * (len(levels) - len(columns)))
