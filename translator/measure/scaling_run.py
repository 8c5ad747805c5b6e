"""One measured run of the scaling study: `python -m translator.measure.scaling_run PLANNER LEVEL
SECONDS` solves LEVEL as `helltaker solve` does, in a process of its own, and prints one JSON
object: status, cost, phases, counts, CPU seconds and peak memory (this process and the
planner's children, e.g. Fast Downward's search binary).

A fresh process per run is what a user pays (imports, start-up) and is the only way to read
one run's peak memory: a process's peak never goes down.
"""

from __future__ import annotations

import json
import sys

from strips_model.level_file import load_level
from translator.measure.process_usage import process_usage
from translator.planners.outcome import PlannerOptions
from translator.solving.solve import solve_level


def main(arguments: list[str]) -> int:
    planner, path, seconds = arguments
    level = load_level(path)
    solution = solve_level(level, planner, PlannerOptions(level.budget, float(seconds)))
    usage = process_usage()
    print(json.dumps({"status": solution.status.value, "cost": solution.outcome.cost,
                      "phases": dict(solution.phases), "counts": dict(solution.outcome.counts),
                      "cpu": usage.cpu, "peak_mb": usage.peak_mb}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
