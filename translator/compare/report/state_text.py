"""The comparison on every reachable state (translator/compare/runs/state_space.py) in the
report's words: a table cell, a level's measures, the totals over the levels."""

from __future__ import annotations

from translator.compare.runs.level_verdict import LevelComparison
from translator.compare.runs.state_space import StateCheck, Tally


def states_cell(check: StateCheck | None) -> str:
    """How many states were compared, and whether that was all of them."""
    if check is None:
        return "-"
    if check.divergence is not None:
        return f"{check.states_compared:,}, differs"
    return f"{check.states_compared:,}" + (" (all)" if check.complete else " (bound)")


def _share(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def state_measures(check: StateCheck) -> str:
    """The counts of a state comparison in the field's terms (AMLGym's measure names)."""
    return (f"{check.states_compared:,} states compared"
            + ("" if check.complete else f" (stopped at the bound, {check.bound:,})")
            + f"; applicability precision {_share(check.applicability.precision)}, recall "
            f"{_share(check.applicability.recall)}; effect precision "
            f"{_share(check.effects.precision)}, recall {_share(check.effects.recall)}")


def state_totals(levels: tuple[LevelComparison, ...]) -> list[str]:
    """One line over every level's state comparison, when there was one."""
    checks = [level.states for level in levels if level.states is not None]
    if not checks:
        return []
    applicability = sum((check.applicability for check in checks), Tally())
    effects = sum((check.effects for check in checks), Tally())
    return [f"- On every reachable state (up to {checks[0].bound:,} a level): "
            f"{sum(check.states_compared for check in checks):,} states compared on "
            f"{len(checks)} level(s); applicability precision "
            f"{_share(applicability.precision)}, recall {_share(applicability.recall)}; "
            f"effect precision {_share(effects.precision)}, recall {_share(effects.recall)}."]
