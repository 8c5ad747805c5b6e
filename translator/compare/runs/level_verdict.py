"""A level's verdict as a value: each side's column (what its run found) and the verdict the
two give, `agrees`, `diverges` or `not run`, with its reason (level_comparison.py runs them).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from translator.compare.runs.divergence import Divergence
from translator.compare.runs.state_space import StateCheck
from translator.planners.outcome import FAILURES, Status

AGREES: Final = "agrees"
DIVERGES: Final = "diverges"
NOT_RUN: Final = "not run"


@dataclass(frozen=True, slots=True)
class Column:
    """One model on one level."""

    status: Status
    """What the planner came to on this model (INVALID is never set here: the game check is
    `valid`)."""
    plan: str | None
    cost: int | None
    """What the model (or planner) says its plan costs."""
    valid: bool | None
    """The plan replayed in the game."""
    game_cost: int | None
    reason: str | None
    """Why the game rejects the plan, or why there is no plan."""
    seconds: float
    ground_actions: int | None
    pddl_bytes: int | None
    """The planning view as PDDL text (translator/model/pddl_text.py), domain and problem."""
    method: str

    def as_json(self) -> dict[str, object]:
        return {"status": self.status.value, "plan": self.plan, "cost": self.cost,
                "valid": self.valid, "game_cost": self.game_cost, "reason": self.reason,
                "seconds": round(self.seconds, 3), "ground_actions": self.ground_actions,
                "pddl_bytes": self.pddl_bytes, "method": self.method}


def not_run_column(status: Status, reason: str, seconds: float = 0.0) -> Column:
    """The compared model's column on a level it was not run on, or whose attempt passed its
    bound: `reason` says which."""
    return Column(status, None, None, None, None, reason, seconds, None, None, NOT_RUN)


@dataclass(frozen=True, slots=True)
class LevelComparison:
    source: str
    name: str
    budget: int
    init: str
    notes: tuple[str, ...]
    report: Column
    ours: Column
    divergences: tuple[str, ...]
    """Where the compared model first departs from the game, along each side's plan."""
    found: tuple[tuple[str, Divergence], ...] = ()
    """The same divergences with the states seen on each side, for pictures: (which plan,
    divergence)."""
    goal: str = ""
    """The goal the compared model used on this level: which of its goal blocks, its line."""
    states: StateCheck | None = None
    """The model compared with the game on every state reachable within the budget (up to a
    bound); None when the model was not run on the level or the check was not asked for."""
    question: str = ""
    """Why a divergence here is a question of the model's reading (hypotheses.py): another
    reading follows the game's plan on this level to the end. Empty: none is."""

    @property
    def agrees(self) -> bool:
        return self.verdict == AGREES

    @property
    def verdict(self) -> str:
        """`not run` when either side gave nothing to judge by, or when a divergence is a
        question of the reading; else `agrees` or `diverges`."""
        judged = self._judged
        return NOT_RUN if judged == DIVERGES and self.question else judged

    @property
    def _judged(self) -> str:
        if self.report.method == NOT_RUN or self.report.status in FAILURES \
                or self.ours.status in FAILURES:
            return NOT_RUN
        same = (not self.divergences and self.report.status == self.ours.status
                and self.report.valid is not False
                and self.report.game_cost == self.ours.game_cost)
        return AGREES if same else DIVERGES

    @property
    def why(self) -> str:
        """The verdict's reason, one sentence: what kept the level from running (a question
        of the reading, with what the reading used finds), the first divergence, or what the
        two sides found."""
        report, ours = self.report, self.ours
        verdict = self._judged
        if verdict == DIVERGES and self.question:
            return f"{self.question}; under the reading used: {self._diverging(report, ours)}"
        if verdict == NOT_RUN:
            if report.method == NOT_RUN or report.status in FAILURES:
                return report.reason or report.status.value
            return f"our model's run gave no reference: {ours.reason or ours.status.value}"
        if verdict == DIVERGES:
            return self._diverging(report, ours)
        claim = f"; {self.states.claim}" if self.states is not None else ""
        if report.status is Status.SOLVED:
            return (f"its plan is valid in the game at the least cost, {report.game_cost}, and "
                    f"it follows the game along both plans{claim}")
        return f"neither finds a plan within the budget{claim}"

    def _diverging(self, report: Column, ours: Column) -> str:
        if self.divergences:
            return f"first divergence {self.divergences[0]}"
        if report.status != ours.status:
            return (f"the compared model's search ends {report.status.value}, ours "
                    f"{ours.status.value}" + (f" ({report.reason})" if report.reason else ""))
        if report.valid is False:
            return f"its plan is rejected by the game: {report.reason}"
        return (f"its plan costs {report.game_cost} in the game, the least cost is "
                f"{ours.game_cost}")

    def as_json(self) -> dict[str, object]:
        return {"level": self.source, "name": self.name, "budget": self.budget,
                "verdict": self.verdict, "why": self.why,
                "init": self.init, "goal": self.goal, "notes": list(self.notes),
                "report": self.report.as_json(),
                "ours": self.ours.as_json(), "divergences": list(self.divergences),
                "agrees": self.agrees} | (self.states.as_json() if self.states else {})
