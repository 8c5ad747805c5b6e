"""The correct encodings of `model_encodings.py` that agree with the game, and each one's
model read once per test process: test_encodings.py checks them on every probe,
runs/test_state_space.py on every reachable state, and reading a model of 848 schemas
takes seconds (the `agreeing_model` fixture of conftest.py hands them out)."""

from __future__ import annotations

from pathlib import Path

from compare.model_encodings import Encoding, render

from translator.compare.check import set_up_model
from translator.compare.models.compared import UnbuildableModel
from translator.compare.models.protocols import ComparedModel

FAST = {
    "textbook-direction-parameter": Encoding(),
    "plain-direction-parameter": Encoding(notation="plain"),
    # The row first, as a grid is read line by line: `up` takes one from the first number.
    "textbook-rows-first-successor-per-direction": Encoding(
        place="rows", adjacency="successor", direction_parameter=False),
    "textbook-relation-per-direction": Encoding(adjacency="per_direction",
                                                direction_parameter=False),
    "textbook-direction-constants": Encoding(direction_parameter=False),
    "plain-successor-per-direction": Encoding(notation="plain", adjacency="successor",
                                              direction_parameter=False),
    "textbook-cells-direction-parameter": Encoding(place="cell"),
    "textbook-key-with-a-state-and-a-flag": Encoding(key="state"),
    "textbook-traps-by-first-phase-and-a-parity-flag": Encoding(traps="phase"),
    "plain-key-as-the-hero-state": Encoding(notation="plain", key="hero"),
    "plain-cells-relation-per-direction": Encoding(notation="plain", place="cell",
                                                   adjacency="per_direction",
                                                   direction_parameter=False),
    "textbook-static-floor-counting-up": Encoding(walls="floor", counter="up"),
    "textbook-goal-raised-by-an-action": Encoding(goal="flag"),
    "textbook-cells-lock-with-a-state": Encoding(place="cell", lock="state"),
    "plain-goal-beside-a-demon": Encoding(notation="plain", goal="demon"),
    "plain-cells-free-fluent": Encoding(notation="plain", place="cell",
                                        adjacency="per_direction", direction_parameter=False,
                                        walls="free"),
    "textbook-cells-every-part-under-one-relation": Encoding(place="cell", parts="all"),
    "plain-parts-named-after-the-place": Encoding(notation="plain", parts="after"),
    "plain-key-and-lock-with-states": Encoding(notation="plain", key="state", lock="state"),
    "plain-key-held-as-two-flags": Encoding(notation="plain", key="flags"),
    "plain-parity-as-two-flags-traps-by-phase": Encoding(notation="plain", parity="flags",
                                                         traps="phase"),
    "textbook-cells-key-held-beside-the-hero": Encoding(place="cell", key="hero"),
    "textbook-static-floor-leaving-out-spikes": Encoding(walls="floor", spikes="floor"),
    "textbook-static-floor-beside-a-safe-floor": Encoding(walls="floor", spikes="safe"),
    "plain-safe-cells-and-no-spikes-predicate": Encoding(notation="plain", spikes="complement"),
    "plain-cells-occupied-fluent": Encoding(notation="plain", place="cell",
                                            adjacency="per_direction", direction_parameter=False,
                                            walls="occupied"),
    "plain-cells-contents-as-one-relation": Encoding(
        notation="plain", place="cell", adjacency="per_direction", direction_parameter=False,
        walls="free", parts="content"),
    "plain-damage-paid-by-an-action-of-no-key-press": Encoding(notation="plain",
                                                               damage="action"),
    "plain-moves-along-a-relation-of-no-direction": Encoding(
        notation="plain", adjacency="per_direction", direction_parameter=False,
        moves="undirected"),
    "textbook-traps-toggled-by-an-action-of-no-key-press": Encoding(parity="tick"),
    "textbook-traps-raised-by-a-phase-value": Encoding(traps="phase", parity="value"),
    # Columns, rows and the counter each along a relation of their own.
    "plain-a-successor-per-coordinate": Encoding(notation="plain", adjacency="axes",
                                                 direction_parameter=False),
    # A skeleton doomed from the hero's cell is a relation of two cells, `doomedAt(P, S)`.
    "plain-cells-phase-value-relation-per-direction": Encoding(
        notation="plain", place="cell", adjacency="per_direction", direction_parameter=False,
        traps="phase", parity="value"),
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

_READ: dict[str, ComparedModel] = {}


def write_model(folder: Path, encoding: Encoding, text: str, label: str = "model") -> Path:
    """`text` (a rendering of `encoding`) written under the suffix its notation reads by."""
    path = folder / f"{label}{'.md' if encoding.notation == 'textbook' else '.txt'}"
    path.write_text(text, encoding="utf-8")
    return path


def agreeing_model(label: str, folder: Path) -> ComparedModel:
    """The model of encoding `label`, written in `folder` and set up as `compare` sets it up
    (its reading tested by the game), the first time it is asked for in this process."""
    if label not in _READ:
        encoding = AGREEING[label]
        model = set_up_model(str(write_model(folder, encoding, render(encoding), label))).model
        assert not isinstance(model, UnbuildableModel), model
        _READ[label] = model
    return _READ[label]
