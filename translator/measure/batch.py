"""The loop of every measurement (bench, scaling, study): items run on an executor under a
progress bar, each result handed on the moment it exists, so that the caller can stream it
to a results file (a killed run loses only what was running).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

from translator.runtime.executors import open_executor
from translator.runtime.progress import Progress

Item = TypeVar("Item")
Result = TypeVar("Result")


def measure_items(function: Callable[[Item], Result], items: Sequence[Item], *,
                  cluster: str | None = None, jobs: int = 1,
                  prepare: Callable[[], object] | None = None, unit: str = "levels",
                  failed: Callable[[Result | BaseException], bool] | None = None,
                  label: Callable[[Item], str] | None = None,
                  ) -> Iterator[tuple[int, Result | BaseException]]:
    """`(index, function(items[index]))`, or the exception it raised, as each item finishes,
    on the executor `cluster` and `jobs` ask for (translator/runtime/executors.py). The bar
    counts the items of `unit` done and those `failed` says failed; it is erased while the
    caller handles a result. With `label`, the items run here one at a time, in order (no
    cluster, one job), and the bar names the one running."""
    if label is not None and (cluster is not None or jobs != 1):
        raise ValueError("labelled items run one at a time, here")
    with Progress(len(items), unit=unit) as progress, \
            open_executor(cluster, jobs) as executor:
        progress.start(label(items[0]) if label is not None and items else "")
        for index, result in executor.run(function, items, prepare):
            progress.done(failed=failed is not None and failed(result))
            yield index, result
            if progress.finished < len(items):
                # One at a time, in order: the next item is the one after those finished.
                progress.start(label(items[progress.finished]) if label is not None else "")
