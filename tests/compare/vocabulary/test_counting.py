"""Which way a counter counts and which way its successor runs, told by the counter's guards
(translator/compare/vocabulary/counting.py), never by names: a model with every `next(a, b)`
written `next(b, a)` (next(a, b) then meaning a = b + 1) reads with `successor_step = -1` and
gets the original's roles, key presses and verdicts."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from compare.models.test_counter_steps import CORRIDOR, COUNTERS, DETOUR, model_of, textbook
from helpers import make_level, shared_level

from strips_model.reports.vocabulary import parse_vocabulary
from strips_model.reports.vocabulary_writer import vocabulary_toml
from translator.compare.check import our_model
from translator.compare.models.report_model import ReportModel
from translator.compare.runs.level_comparison import compare_level

LEVELS = ((CORRIDOR, 3), (CORRIDOR, 2), (DETOUR, 6), (DETOUR, 4))


def _reversed(text: str, relation: str) -> str:
    return re.sub(rf"{relation}\((\w+), (\w+)\)", rf"{relation}(\2, \1)", text)


def _read(model: ReportModel) -> tuple[object, ...]:
    words = model.words
    verdicts = tuple(compare_level(model, our_model()[1], make_level(grid, budget),
                                   "search").verdict for grid, budget in LEVELS)
    return words.roles, words.keys, model.counting_up, verdicts


@pytest.mark.parametrize("name", ["up_limit.txt", "down_guarded.txt"])
def test_a_reversed_successor_reads_as_the_original(tmp_path: Path, name: str) -> None:
    text = (COUNTERS / name).read_text(encoding="utf-8")
    original = model_of(tmp_path, text, "original.txt")
    turned = model_of(tmp_path, _reversed(text, "next"), "turned.txt")
    assert dict(original.words.values).get("successor_step") is None
    assert dict(turned.words.values)["successor_step"] == -1
    assert any("runs downward" in line for line in turned.evidence)
    assert _read(turned) == _read(original)
    assert set(_read(original)[3]) == {"agrees"}
    # The level's successor facts run the model's way: next(4, 3) where next(3, 4) was.
    level = make_level(CORRIDOR, 3)
    assert ("next", "4", "3") in turned.on(level).initial() | turned.on(level).static()


def test_the_step_is_written_to_the_vocabulary_file_and_read_back(tmp_path: Path) -> None:
    text = _reversed((COUNTERS / "up_limit.txt").read_text(encoding="utf-8"), "next")
    words = model_of(tmp_path, text).words
    again = parse_vocabulary(vocabulary_toml(words, ()), "again")
    assert dict(again.values)["successor_step"] == -1
    assert dict(again.roles)["counter_limit"] == "limit"


def test_without_a_guard_the_successor_is_read_forward(tmp_path: Path) -> None:
    # Nothing then tells a successor from its reversal; the counter counts the way it steps.
    text = (COUNTERS / "down_guarded.txt").read_text(encoding="utf-8").replace(" ∧ t > 0", "")
    model = model_of(tmp_path, text)
    assert "successor_step" not in dict(model.words.values) and not model.counting_up


@pytest.fixture(scope="module")
def textbook_reversed(tmp_path_factory: pytest.TempPathFactory) -> ReportModel:
    """Read once for the module: reading the textbook model costs more than a level's run."""
    folder = tmp_path_factory.mktemp("textbook")
    turned = model_of(folder, _reversed(textbook(False), "succ"))
    assert dict(turned.words.values)["successor_step"] == -1
    assert turned.words.keys == model_of(folder, textbook(False), "original.txt").words.keys
    return turned


@pytest.mark.planner
@pytest.mark.parametrize("number", [2, 5, 7])
def test_the_textbook_model_with_its_successor_reversed_agrees_on_the_classic_levels(
        textbook_reversed: ReportModel, number: int) -> None:
    """Three of the nine (a boulder and skeletons, traps, the key and lock), so the suite
    stays fast; test_counter_steps.py takes three others for the counter counting up. The
    reading's claims (the step is -1, the same keys as the original) are checked once, where
    the model is read. On the 500 cheapest states of each level (the 848 schemas take 10 to
    25 s for 5,000)."""
    turned = textbook_reversed
    level = shared_level(f"levels/classic/level{number}.txt")
    assert compare_level(turned, our_model()[1], level, "search",
                         states=500).verdict == "agrees"
