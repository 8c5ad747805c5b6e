"""One measured run of the scaling study: `python -m translator.bench.scaling_run PLANNER LEVEL
SECONDS` solves LEVEL as `helltaker solve` does, in a process of its own, and prints one JSON
object: status, cost, phases, counts, CPU seconds and peak memory (this process and the
planner's children, e.g. Fast Downward's search binary).

A fresh process per run is what a user pays (imports, start-up) and is the only way to read
one run's peak memory: a process's peak never goes down.
"""

from __future__ import annotations

import json
import resource
import sys

from strips_model.level import load_level
from translator.decode.solve import solve_level
from translator.planners.outcome import PlannerOptions


def _peak_megabytes() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return max(own, children) / 1024  # Linux reports kilobytes


def _cpu_seconds() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main(arguments: list[str]) -> int:
    planner, path, seconds = arguments
    level = load_level(path)
    solution = solve_level(level, planner, PlannerOptions(level.budget, float(seconds)))
    print(json.dumps({"status": solution.status.value, "cost": solution.outcome.cost,
                      "phases": dict(solution.phases), "counts": dict(solution.outcome.counts),
                      "cpu": _cpu_seconds(), "peak_mb": _peak_megabytes()}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
