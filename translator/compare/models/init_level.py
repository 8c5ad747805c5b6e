"""The level a model's own `Init(...)` describes: what compare runs it on when no LEVEL is
given."""

from __future__ import annotations

from strips_model.errors import HelltakerError
from strips_model.level import Level
from strips_model.reports.document import Report
from strips_model.reports.init_level import RebuiltLevel, rebuild_level
from strips_model.reports.vocabulary import Vocabulary


def init_title(report: Report) -> str:
    return f"rebuilt from the Init of {report.source}"


def rebuilt_init(report: Report, words: Vocabulary | None) -> RebuiltLevel | str | None:
    """The level `report`'s Init describes, read in `words` (seed 001's vocabulary when
    None); why not, when it cannot be rebuilt; None without an Init."""
    if report.init is None:
        return None
    try:
        return rebuild_level(report.init, init_title(report), words)
    except HelltakerError as error:
        return str(error)


def init_level(report: Report, words: Vocabulary | None) -> Level | None:
    """`rebuilt_init`'s level; None without one. The schemas were read: the lint and the
    probes still run without a level (exit 2 is for no schema)."""
    rebuilt = rebuilt_init(report, words)
    return rebuilt.level if isinstance(rebuilt, RebuiltLevel) else None
