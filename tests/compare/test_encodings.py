"""Structurally different correct encodings of the game read right (issue "The reading is a
hypothesis the game tests", item 7): each encoding of `model_encodings.py` agrees with the game on
every probe (the game's plans replayed in the model, and its own cheapest plan replayed in the
game; no planner). The fast loop runs each fast encoding once; `HELLTAKER_FUZZ_EXAMPLES=1
pytest -m fuzz tests/compare/test_encodings.py` runs the encodings too slow for it.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
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

FAST = {
    "textbook-direction-parameter": Encoding(),
    "plain-direction-parameter": Encoding(notation="plain"),
    "textbook-successor-per-direction": Encoding(adjacency="successor",
                                                 direction_parameter=False),
    "textbook-relation-per-direction": Encoding(adjacency="per_direction",
                                                direction_parameter=False),
    "textbook-direction-constants": Encoding(direction_parameter=False),
    "plain-successor-per-direction": Encoding(notation="plain", adjacency="successor",
                                              direction_parameter=False),
    "textbook-cells-direction-parameter": Encoding(place="cell"),
    "textbook-key-with-a-state-and-a-flag": Encoding(key="state"),
    "textbook-traps-by-first-phase-and-a-parity-flag": Encoding(traps="phase"),
    "plain-cells-relation-per-direction": Encoding(notation="plain", place="cell",
                                                   adjacency="per_direction",
                                                   direction_parameter=False),
}
"""The encodings that agree, each under a second each of the fast loop's budget."""
SLOW = {
    # Its offsets compile to a static relation per term: about 90 s to set up and verify.
    "plain-arithmetic-counter-and-places": Encoding(
        notation="plain", adjacency="arithmetic", direction_parameter=False,
        counter="arithmetic"),
}
"""Agree too, but too slow for the fast loop: under `fuzz` only."""
AGREEING = {**FAST, **SLOW}


@cache
def _cases() -> tuple[Case, ...]:
    return probe_cases(symmetric=False)


def _model(folder: Path, encoding: Encoding, names: Names = same_names,
           written: tuple[Schema, ...] | None = None, label: str = "model"
           ) -> ComparedModel | UnbuildableModel:
    suffix = ".md" if encoding.notation == "textbook" else ".txt"
    path = folder / f"{label}{suffix}"
    path.write_text(render(encoding, names, written), encoding="utf-8")
    return set_up_model(str(path)).model


def _agrees(folder: Path, encoding: Encoding, names: Names = same_names) -> None:
    model = _model(folder, encoding, names)
    assert not isinstance(model, UnbuildableModel), model
    assert verify(model, _cases()) is None


@pytest.mark.parametrize("label", sorted(FAST))
def test_each_encoding_agrees_with_the_game_on_every_probe(label: str, tmp_path: Path) -> None:
    _agrees(tmp_path, FAST[label])


@pytest.mark.fuzz
@pytest.mark.parametrize("label", sorted(SLOW))
def test_each_slow_encoding_agrees_with_the_game_on_every_probe(label: str,
                                                                tmp_path: Path) -> None:
    _agrees(tmp_path, SLOW[label])


def test_a_flag_every_action_flips_is_the_traps_phase_not_the_key_held(tmp_path: Path) -> None:
    """The action that takes the key sets the has-key flag and flips the phase flag, as every
    action does: the phase is never read as the key held."""
    model = _model(tmp_path, Encoding(key="state"))
    assert model.words is not None
    roles = dict(model.words.roles)
    assert roles.get("has_key") == "haskey" and roles.get("trap_parity") == "odd"
