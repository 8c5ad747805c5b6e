"""Generated levels whose budget is their optimal cost plus a chosen slack (tight by default).

Candidate layouts come from a seeded random generator; the first one that Fast Downward
solves (optimally, within a generous bound) is kept, so a seed always gives the same level.
Harder levels on purpose (difficulty targets) start from this one: see hard_levels.py.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from strips_model.errors import RunError
from strips_model.level import Level
from strips_model.level_file import parse_level
from strips_model.moves import Direction
from strips_model.random_level import Counts, layout_text
from translator.generate.difficulty import Difficulty
from translator.planners.outcome import PlannerOptions, Status
from translator.runtime.processes import Limits
from translator.solving.solve import solve_level

GENERATOR_VERSION = "helltaker-generator 2"
"""Recorded with every generated suite: change it whenever the same seed and options could
give another level, so that a suite's metadata says which generator made it. Version 2 added
difficulty targets (hard_levels.py); without them it gives version 1's levels."""

CHECK_LIMITS = Limits(60.0, None)
"""For checking one candidate layout, unless the caller says otherwise."""


class GenerationError(RunError):
    """No solvable layout was found within the attempts allowed."""


class CheckFailed(RunError):
    """The planner that checks candidates failed (timeout, out of memory, error)."""


@dataclass(frozen=True, slots=True)
class Generated:
    text: str
    level: Level
    optimum: int
    attempts: int
    plan: tuple[Direction, ...] | None = None
    """An optimal plan the checking planner found (validated by the simulator)."""
    expanded: int | None = None
    """States the checking planner expanded, when it reports them (the `search` planner)."""
    difficulty: Difficulty | None = None
    """Measured when the level was searched for towards difficulty targets."""


def generate_level(width: int, height: int, counts: Counts, seed: int, slack: int = 0,
                   planner: str = "fd", attempts: int = 50,
                   limits: Limits = CHECK_LIMITS) -> Generated:
    if slack < 0:
        raise ValueError("slack must be non-negative")
    rng = random.Random(f"helltaker-{width}x{height}-{counts}-{seed}")
    generous = 4 * width * height
    title = (f"Generated {width}x{height} (seed {seed}: {counts.boulders} boulders, "
             f"{counts.skeletons} skeletons, {counts.spikes} spikes, {counts.traps} traps"
             f"{', key and lock' if counts.key else ''})")
    for attempt in range(1, attempts + 1):
        text = layout_text(rng, width, height, counts, generous, title)
        level = parse_level(text, source=f"<generated seed {seed}>")
        solution = solve_level(level, planner,
                               PlannerOptions(generous, limits.seconds, limits.memory))
        outcome, verdict = solution.outcome, solution.verdict
        if solution.status is Status.SOLVED and verdict is not None and verdict.cost > 0:
            budget = verdict.cost + slack
            final = text.replace(f"\n{generous}\n", f"\n{budget}\n", 1)
            return Generated(final, parse_level(final, source=level.source), verdict.cost,
                             attempt, solution.directions,
                             dict(outcome.counts).get("expanded"))
        if solution.status not in (Status.SOLVED, Status.UNSOLVABLE):
            reason = f"{verdict.reason}\n" if verdict is not None and not verdict.valid else ""
            raise CheckFailed(f"{outcome.planner}: {solution.status.value} while checking a "
                              f"candidate\n{reason}{outcome.log_tail}")
    raise GenerationError(f"no solvable {width}x{height} layout in {attempts} attempts; "
                          "use fewer objects or walls")
