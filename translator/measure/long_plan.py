"""Issue 30's goal for validation: a plan at the 16 MiB cap of a plan file (16.8 M letters)
validated by a fresh `helltaker validate` process in at most 60 s and 300 MB, its memory
the same whatever the plan's length. Timed here, in the bench, never in a test."""

from __future__ import annotations

import os
import subprocess
import sys
import time

from translator.measure.speed_targets import Target
from translator.runtime.temporary_folders import temporary_folder

LETTERS = 16_777_200
"""Just under the plan file's cap of 16 MiB, one letter a byte."""
CORRIDOR = "Corridor\n999999999\n#######\n#H   D#\n#######\n"
"""A budget no plan of the cap can spend, and a hero that never reaches the demon: every
letter is replayed, the worst case (RULES.md R-G1 is judged at the end)."""
SECONDS = 60.0
MEGABYTES = 300.0


def long_plan_targets() -> list[Target]:
    """The time and peak memory of validating the longest plan a file may hold."""
    with temporary_folder("bench") as folder:
        level = os.path.join(folder, "corridor.txt")
        plan = os.path.join(folder, "long.plan")
        with open(level, "w", encoding="utf-8") as stream:
            stream.write(CORRIDOR)
        with open(plan, "w", encoding="utf-8") as stream:
            stream.write("rl" * (LETTERS // 2))
        arguments = ["validate", level, "@" + plan]
        started = time.perf_counter()
        process = subprocess.Popen([sys.executable, "-m", "translator.cli", *arguments],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # wait4: this process's own peak memory, not that of every child so far.
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        seconds = time.perf_counter() - started
    megabytes = usage.ru_maxrss / 1024  # kilobytes on Linux
    shown = f"helltaker validate CORRIDOR @PLAN ({LETTERS:,} letters)"
    return [Target("validate a plan of 16.8 M letters: time", seconds, SECONDS, "s",
                   seconds <= SECONDS, shown),
            Target("validate a plan of 16.8 M letters: peak memory", megabytes, MEGABYTES,
                   "MB", megabytes <= MEGABYTES, shown)]
