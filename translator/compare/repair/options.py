"""What a repair is asked: its bound and clock, its evidence's orientations, its cores, and
what it judges beyond what a user is shown (`RepairOptions`); and the game's plans it is
judged on (`GamePlan`). fixes.py `suggest_fixes` takes them."""

from __future__ import annotations

import time
from dataclasses import dataclass

from strips_model.level import Level
from strips_model.moves import Direction
from translator.compare.repair.search_terms import Clock

REPAIR_SECONDS = 120.0
"""The default bound of one model's repair search (`--repair-seconds`)."""

GamePlan = tuple[Level, tuple[Direction, ...] | None, int | None]
"""A level, with the game's plan compare found on it (our model's, valid in the game) and its
cost; None where it found none."""


@dataclass(frozen=True, slots=True)
class RepairOptions:
    seconds: float = REPAIR_SECONDS
    """The bound of the whole search, on `clock`."""
    symmetric: bool = True
    """Every level and probe in its eight turned and mirrored copies."""
    clock: Clock = time.perf_counter
    """Wall time for a user, who waits; the benchmark may bound its searches in CPU time."""
    two_edits: bool = True
    explain: bool = True
    """Every failing case of the model as written listed, not only the first."""
    jobs: int = 1
    """Cores a fix's comparison on every state may use (`compare --jobs`); the bench runs
    each mutant on one."""
    former: bool = False
    """Each fix taken back on every state judged again as the former verifier would have
    (each level's first 2,000 states, no board: every_state.py `formerly_accepted`): the
    repair bench's `formerly verified` column. No user is shown it, so `compare` skips that
    comparison (a fifth of a course model's `compare --repair` on four levels)."""


DEFAULT_OPTIONS = RepairOptions()
"""The options of a repair asked for none (the Python face, `suggest_fixes`)."""
