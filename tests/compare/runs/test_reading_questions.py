"""A divergence that another reading removes is a question of the reading (issue 39, item 3):
the level is `not run`, with the reading under which the model follows the game's plan there
and the vocabulary line that settles it, never `diverges`."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import ROOT, make_level

from translator.compare.check import our_model, set_up_model
from translator.compare.models.report_model import ReportModel
from translator.compare.reading_scores import ScoredReading, reading_questions
from translator.compare.runs.evidence import Case
from translator.compare.runs.level_comparison import compare_level
from translator.compare.runs.level_verdict import DIVERGES, NOT_RUN

SPIKED = "#######\n#H S D#\n#######"
"""Spikes on the only way to the demon."""
DAMAGE = ROOT / "tests/strips_model/reports/models/m12_damage_action.txt"


def _reading(roles: dict[str, str], agreed: set[int]) -> ScoredReading:
    return ScoredReading(tuple(sorted(roles.items())), 0, frozenset(agreed), 0)


def test_a_level_another_reading_follows_is_asked_with_the_line_that_settles_it() -> None:
    level = make_level(SPIKED, 5, "spiked")
    cases = (Case("spiked", level, (), 5, ()), Case("other", make_level(SPIKED, 5), (), 5, ()))
    chosen = _reading({"hero": "at", "key": "clé", "spikes": "pique"}, {1})
    other = (("hero", "at"), ("key", "pique"))
    (question,) = reading_questions(chosen, ((other, frozenset({0})),), cases)
    assert question[0] == level.source
    assert "under pique as key, clé as no part, the model follows the game's plan on this " \
        "level to the end" in question[1]
    assert '`key = "pique"` under [roles] settles which is meant' in question[1]
    assert reading_questions(chosen, ((other, frozenset()),), cases) == ()


@pytest.mark.planner
def test_a_divergence_that_is_a_question_of_the_reading_is_not_run(tmp_path: Path) -> None:
    """The damage model plays no skeleton, and diverges where the game kicks one; asked as a
    question of its reading, the level is `not run`, the divergence kept after the
    question."""
    model = set_up_model(str(DAMAGE)).model
    assert isinstance(model, ReportModel)
    level = make_level("#####\n#HMD#\n#####", 2, "kicked")
    ours = our_model()[1]
    plain = compare_level(model, ours, level, "search")
    assert plain.verdict == DIVERGES
    model.reading_questions = ((level.source, "a question of the reading: stated here"),)
    asked = compare_level(model, ours, level, "search")
    assert asked.verdict == NOT_RUN
    assert asked.why.startswith("a question of the reading: stated here; under the reading "
                                "used: ") and plain.why in asked.why
