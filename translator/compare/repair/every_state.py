"""A fix verified the way a verdict is given: the fixed model compared with the game on every
state of every level and probe it was judged on (translator/compare/runs/state_space.py), not
only along the game's plans. A fix the search accepted on the plans and the probes' plans,
but that differs from the game on some reachable state, held by accident of the sample: it
is rejected here, with the key presses that show it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from strips_model.schema import Schema
from translator.compare.models.compared import UnbuildableModel
from translator.compare.repair.edits import apply_edits
from translator.compare.repair.search import Repair, Subject
from translator.compare.runs.evidence import Case
from translator.compare.runs.state_space import compare_states

LEVEL_STATES: Final = 2_000
"""States of a level a fix is compared on (every state of a probe's board: a few hundred at
most); a fix is checked on each level and probe in one orientation."""


@dataclass(frozen=True, slots=True)
class StateVerdict:
    """A fix on every state of the cases: where it first differs, if it does."""

    states: int
    """States compared, over every case."""
    differs: str | None
    """The case and the claim with its key presses where the fixed model differs."""


def on_every_state(subject: Subject, written: tuple[Schema, ...], repair: Repair,
                   cases: Sequence[Case]) -> StateVerdict:
    """The fixed model compared with the game on every state of each case's level (the cases
    in one orientation: evidence.py with `symmetric` off), the cheapest first
    (`LEVEL_STATES` at most a level), in the cases' order; it stops at the first that
    differs."""
    model = subject.model(apply_edits(written, repair.edits))
    if isinstance(model, UnbuildableModel):
        return StateVerdict(0, f"the fixed model cannot be built: {model.defect}")
    compared = 0
    for case in cases:
        if case.judged is not None:
            continue  # a plan probe judges a plan, not states
        check = compare_states(model.on(case.level), LEVEL_STATES)
        compared += check.states_compared
        if check.divergence is not None:
            return StateVerdict(compared, f"{case.name}: {check.claim}")
    return StateVerdict(compared, None)
