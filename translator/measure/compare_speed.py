"""Issue 33's speed goal: one model compared on the nine classic levels in at most 10 s on 2
cores, the median over the test models (and both samples of ../shared/models), timed as whole
`helltaker compare MODEL LEVEL... --json` processes.

Each run is a fresh process timed from outside: its wall seconds, and its CPU seconds (user
and system, of the process and every child it waited for: the level workers, the model's
children, Fast Downward's search), read from the kernel's accounting of the children this
process has waited for. On a machine shared with other work the wall time moves with the
load; the CPU time much less, so both are reported.
"""

from __future__ import annotations

import glob
import os
import resource
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from strips_model.errors import RunError
from translator.runtime.commands import run_command

GOAL_SECONDS = 10.0
"""Issue 33: one model on the nine classic levels, median over the test models, 2 cores."""
TIMEOUT = 600.0
"""Seconds one compare process may take before the bench gives up on it."""
TEST_MODELS = os.path.join("tests", "strips_model", "reports", "models", "*")
SAMPLES = os.path.join("..", "shared", "models", "sample-*")


@dataclass(frozen=True, slots=True)
class ModelTime:
    """One model compared on the levels, medians over the runs."""

    model: str
    wall: float
    cpu: float
    """User and system seconds of the process and all it waited for."""
    exit_code: int
    """`compare`'s status (1 when the model departs from the game: a verdict, not a failure)."""


def bench_models() -> list[str]:
    """The test models, then the samples of ../shared/models when it is there."""
    return sorted(glob.glob(TEST_MODELS)) + sorted(glob.glob(SAMPLES))


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def time_compare(model: str, levels: Sequence[str], repeat: int) -> ModelTime:
    """`helltaker compare MODEL LEVEL... --json` as a fresh process, `repeat` times."""
    walls: list[float] = []
    cpus: list[float] = []
    code = 0
    for _ in range(repeat):
        cpu = _children_cpu()
        started = time.perf_counter()
        run = run_command([sys.executable, "-m", "translator.cli", "compare", model,
                           *levels, "--json"], os.getcwd(), TIMEOUT)
        walls.append(time.perf_counter() - started)
        cpus.append(_children_cpu() - cpu)
        if run.exit_code is None:
            raise RunError(f"compare {model}: no answer within {TIMEOUT:g} s")
        code = run.exit_code
    return ModelTime(model, statistics.median(walls), statistics.median(cpus), code)


def time_models(models: Sequence[str], levels: Sequence[str], repeat: int,
                finished: Callable[[ModelTime], None] | None = None) -> list[ModelTime]:
    rows = []
    for model in models:
        row = time_compare(model, levels, repeat)
        if finished is not None:
            finished(row)
        rows.append(row)
    return rows


def speed_markdown(rows: Sequence[ModelTime], levels: Sequence[str], repeat: int,
                   cores: int | None) -> str:
    """Each model's seconds and the median against the goal."""
    lines = [f"# compare: one model on {len(levels)} levels", "",
             f"`helltaker compare MODEL {' '.join(levels)} --json`, a fresh process per run, "
             f"median of {repeat} run(s), {cores or '?'} core(s) available. Goal (issue 33): "
             f"median wall at most {GOAL_SECONDS:g} s on 2 cores.", "",
             "| model | wall s | CPU s | exit |", "|---|---:|---:|---:|"]
    lines += [f"| {row.model} | {row.wall:.2f} | {row.cpu:.2f} | {row.exit_code} |"
              for row in rows]
    if rows:
        wall = statistics.median(row.wall for row in rows)
        cpu = statistics.median(row.cpu for row in rows)
        met = "met" if wall <= GOAL_SECONDS else "not met"
        lines += [f"| **median** | **{wall:.2f}** | **{cpu:.2f}** | |", "",
                  f"Median wall {wall:.2f} s against the goal of {GOAL_SECONDS:g} s: {met}."]
    return "\n".join(lines) + "\n"
