"""Places whose two coordinates are not side by side (issue 23's leftovers): `trap(X, S, Y)`,
`hero(x, z, y)`, `at(X, rock, Y)`, read with their coordinates gathered
(translator/compare/vocabulary/gathered_places.py).

The property: seed 001's model and sample-a, a random subset of their place predicates of
three arguments written with the state between the coordinates, and a random subset of the
others merged into one location predicate with the object between them (`at(X, rock, Y)`),
consistently in every schema, goal and Init, must be compared as the same model with its
places side by side (`trap(S, X, Y)`, `at(rock, X, Y)`): the same roles, places, values and
key presses, the same verdicts on the fast probe levels; seed 001's own Init so written
rebuilds the same level. No model read before has a predicate gathered.

The fast loop runs 2 derandomized examples; `HELLTAKER_FUZZ_EXAMPLES=100 pytest -m fuzz
tests/compare/vocabulary/test_apart.py` runs the long variant.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from cli.test_fuzz import LONG_EXAMPLES, fast_and_long
from compare.vocabulary.test_fuzz import _report, same_probe_verdicts
from compare.vocabulary.test_orders import (
    MODELS,
    RUN_FAST,
    SEED_001,
    _arities,
    _merged,
    _reordered,
    _seed_001,
)
from helpers import SHARED
from hypothesis import strategies as st

from strips_model.reports.document import Report
from strips_model.reports.vocabulary import PLACED_ROLES
from translator.compare.check import read_model
from translator.compare.models.compared import compared_model
from translator.compare.models.report_model import ReportModel
from translator.compare.vocabulary.gathered_places import gather_places, place_orders
from translator.compare.vocabulary.inference import infer_vocabulary

MODEL_FILES = (*(Path(__file__).parents[2] / "strips_model" / "reports" / "models").iterdir(),
               Path(__file__).parents[3] / "strips_model" / "helltaker.strips")


def _apart(report: Report, choices: Any) -> tuple[Report, Report]:
    """(places side by side, the same places apart), by random choice."""
    words = infer_vocabulary(report.schemas, report.source, report.goal is not None).vocabulary
    arity = _arities(report)
    placed = sorted(name for role, name in words.roles if role in PLACED_ROLES)
    stated = [name for name in placed if arity[name] == 3]
    moved = set(choices.draw(st.lists(st.sampled_from(stated), min_size=1, unique=True)))
    parts = set(choices.draw(st.lists(st.sampled_from(
        [name for name in placed if arity[name] == 2]), unique=True)))
    merged = _merged(report, parts, False)
    # Side by side, state or object first: what the gathering gives back.
    together = _reordered(merged, {name: (2, 0, 1) for name in moved})
    apart = _reordered(merged, {name: (0, 2, 1) for name in moved}
                       | ({"at": (1, 0, 2)} if parts else {}))
    return together, apart


def check(model: str, choices: Any) -> None:
    report = _report(model)
    if report is None:
        return
    together, apart = _apart(report, choices)
    assert gather_places(together).evidence == ()
    before, after = compared_model(together, "together"), compared_model(apart, "apart")
    assert isinstance(before, ReportModel) and isinstance(after, ReportModel)
    assert after.evidence[0].startswith("places not side by side")
    assert after.words.roles == before.words.roles and after.words.keys == before.words.keys
    assert after.words.places == before.words.places
    assert after.words.values == before.words.values
    if model == RUN_FAST or LONG_EXAMPLES:
        same_probe_verdicts(together, apart)


test_places_apart_read_alike, test_places_apart_read_alike_long = fast_and_long(
    2, model=st.sampled_from(MODELS), choices=st.data())(check)


def test_an_init_with_places_apart_rebuilds_the_same_level() -> None:
    """Seed 001's own Init with `trap(2, 0, 5)` and `lock(5, 0, 2)`: the same level."""
    report = _seed_001()
    if report is None:
        pytest.skip(f"{SEED_001} is not in the shared folder")
    apart = _reordered(report, {"trap": (0, 2, 1), "lock": (0, 2, 1)})
    before, after = compared_model(report, "a"), compared_model(apart, "b")
    assert isinstance(before, ReportModel) and isinstance(after, ReportModel)
    assert before.rebuilt is not None and after.rebuilt is not None
    assert after.rebuilt.text == before.rebuilt.text


@pytest.mark.parametrize("path", [SHARED / SEED_001, *(SHARED / "models").glob("sample-*"),
                                  *MODEL_FILES],
                         ids=lambda path: path.name)
def test_no_model_read_before_is_gathered(path: Path) -> None:
    assert place_orders(read_model(str(path)).report.schemas) == {}
