"""Structurally different correct encodings of the game read right (issue "The reading is a
hypothesis the game tests", item 7): each encoding of `model_encodings.py` agrees with the game on
every probe (the game's plans replayed in the model, and its own cheapest plan replayed in the
game; no planner). The fast loop runs each fast encoding once; `HELLTAKER_FUZZ_EXAMPLES=1
pytest -m fuzz tests/compare/test_encodings.py` runs the encodings too slow for it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest
from compare.agreeing import FAST, SLOW, write_model
from compare.model_encodings import (
    Encoding,
    Names,
    Schema,
    render,
    same_names,
)

from translator.compare.check import set_up_model
from translator.compare.models.compared import UnbuildableModel
from translator.compare.models.protocols import ComparedModel
from translator.compare.repair.verify import verify
from translator.compare.runs.evidence import Case, probe_cases


@cache
def _cases() -> tuple[Case, ...]:
    return probe_cases(symmetric=False)


def _model(folder: Path, encoding: Encoding, names: Names = same_names,
           written: tuple[Schema, ...] | None = None, label: str = "model"
           ) -> ComparedModel | UnbuildableModel:
    path = write_model(folder, encoding, render(encoding, names, written), label)
    return set_up_model(str(path)).model


@pytest.mark.parametrize("label", sorted(FAST))
def test_each_encoding_agrees_with_the_game_on_every_probe(
        label: str, agreeing_model: Callable[[str], ComparedModel]) -> None:
    assert verify(agreeing_model(label), _cases()) is None


@pytest.mark.fuzz
@pytest.mark.parametrize("label", sorted(SLOW))
def test_each_slow_encoding_agrees_with_the_game_on_every_probe(
        label: str, agreeing_model: Callable[[str], ComparedModel]) -> None:
    assert verify(agreeing_model(label), _cases()) is None


def test_a_flag_every_action_flips_is_the_traps_phase_not_the_key_held(tmp_path: Path) -> None:
    """The action that takes the key sets the has-key flag and flips the phase flag, as every
    action does: the phase is never read as the key held."""
    model = _model(tmp_path, Encoding(key="state"))
    assert model.words is not None
    roles = dict(model.words.roles)
    assert roles.get("has_key") == "haskey" and roles.get("trap_parity") == "odd"


def test_a_key_held_as_the_hero_state_is_read_as_such(tmp_path: Path) -> None:
    """`at(x, y, nokey)` becomes `at(x2, y2, haskey)` as the key is taken: no flag is the key
    held (not `doomed`, which only the openings that reap a skeleton need), and the demon is
    read although the hero's atoms hold a state beside the place."""
    model = _model(tmp_path, Encoding(key="hero"))
    assert model.words is not None
    roles, values = dict(model.words.roles), dict(model.words.values)
    assert "has_key" not in roles and roles.get("demon") == "demon"
    assert (values.get("hero_without_key"), values.get("hero_with_key")) == ("nokey", "haskey")
