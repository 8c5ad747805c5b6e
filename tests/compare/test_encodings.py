"""Structurally different correct encodings of the game read right (issue "The reading is a
hypothesis the game tests", item 7): each encoding of `model_encodings.py` agrees with the game on
every probe (the game's plans replayed in the model, and its own cheapest plan replayed in the
game; no planner). The fast loop runs each fast encoding once; `HELLTAKER_FUZZ_EXAMPLES=1
pytest -m fuzz tests/compare/test_encodings.py` runs the encodings too slow for it.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest
from compare.agreeing import AGREEING, FAST, SLOW, write_model
from compare.model_encodings import (
    Encoding,
    Names,
    Schema,
    random_names,
    render,
    same_names,
    schemas,
)
from compare.vocabulary.test_every_encoding import ENCODINGS
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from translator.compare.check import set_up_model
from translator.compare.models.compared import UnbuildableModel
from translator.compare.models.protocols import ComparedModel
from translator.compare.repair.verify import verify
from translator.compare.runs.evidence import Case, probe_cases

EXAMPLES = int(os.environ.get("HELLTAKER_FUZZ_EXAMPLES") or 0)


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


_OBSTACLES = {"wall": "demon", "demon": "wall"}
"""A demon and a wall the actions use alike: the model reads the same with the two swapped
(every level writes its walls in one and its demons in the other), so either reading is right."""


def _reads_alike_and_agrees(named: ComparedModel, label: str, seed: int) -> None:
    names = random_names(seed)
    with tempfile.TemporaryDirectory() as folder:
        model = _model(Path(folder), AGREEING[label], names)
    assert not isinstance(model, UnbuildableModel) and model.words and named.words
    # A predicate read as one per object is named after the relation and the constant.
    canonical = {"_".join(map(names, p.split("_"))): p for _, p in named.words.roles}
    read = {role: canonical.get(p, p) for role, p in model.words.roles}
    expected = dict(named.words.roles)
    assert read in (expected, {_OBSTACLES.get(r, r): p for r, p in expected.items()})
    assert verify(model, _cases()) is None


@pytest.mark.parametrize(("label", "seed"), [("textbook-direction-parameter", 1),
                                             ("textbook-cells-direction-parameter", 3),
                                             ("textbook-cells-every-part-under-one-relation", 5),
                                             ("plain-key-and-lock-with-states", 103),
                                             ("textbook-traps-toggled-by-an-action-of-no-key-"
                                              "press", 77),
                                             ("textbook-traps-raised-by-a-phase-value", 11)])
def test_every_name_random_reads_alike_and_agrees(
        agreeing_model: Callable[[str], ComparedModel], label: str, seed: int) -> None:
    """Names only break ties: with every predicate and action renamed to random letters, each
    part is read off what the actions do, as under the encoding's own names (two encodings
    quick to read here; every one under `fuzz`)."""
    _reads_alike_and_agrees(agreeing_model(label), label, seed)


@pytest.mark.fuzz
@settings(max_examples=max(EXAMPLES, 10), derandomize=not EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(label=st.sampled_from(sorted(FAST)), seed=st.integers(0, 10_000))
def test_every_encoding_with_every_name_random_reads_alike_and_agrees(
        agreeing_model: Callable[[str], ComparedModel], label: str, seed: int) -> None:
    _reads_alike_and_agrees(agreeing_model(label), label, seed)


@pytest.mark.fuzz
@settings(max_examples=max(EXAMPLES, 10), derandomize=not EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(encoding=ENCODINGS.filter(lambda e: "arithmetic" not in (e.adjacency, e.counter)),
       seed=st.integers(0, 10_000))
@example(encoding=Encoding(goal="only_goal", place="cell", walls="occupied"), seed=4692)
def test_every_combination_of_axes_under_random_names_agrees_on_every_probe(
        encoding: Encoding, seed: int) -> None:
    """Every combination of the axes (arithmetic aside: its offsets take a minute and a half
    to set up), every name random, set up as `compare` sets it up (the reading tested by the
    game): the model agrees with the game on every probe, but E12's where nothing keeps the
    hero from walking on past its goal (`goal="only_goal"`): that probe it must fail."""
    with tempfile.TemporaryDirectory() as folder:
        model = _model(Path(folder), encoding, random_names(seed))
    assert not isinstance(model, UnbuildableModel), model
    walks_on = encoding.goal == "only_goal"
    assert verify(model, tuple(c for c in _cases() if not walks_on or "E12" not in c.rules)) \
        is None
    if walks_on:
        failure = verify(model, tuple(c for c in _cases() if "E12" in c.rules))
        assert failure is not None and failure.rules == ("E12",), failure


def test_a_parity_flipped_as_each_turn_ends_is_said_so(
        agreeing_model: Callable[[str], ComparedModel]) -> None:
    """The traps' parity flipped by an action of no key press ending each turn (`Tick`): the
    evidence says so, not that every action flips it; a parity every action flips, as ever."""
    ticking = agreeing_model("textbook-traps-toggled-by-an-action-of-no-key-press")
    flipping = agreeing_model("textbook-traps-by-first-phase-and-a-parity-flag")
    assert any("odd, a flag the action ending each turn flips" in line
               for line in ticking.evidence), ticking.evidence
    assert any("odd, a flag every action flips" in line for line in flipping.evidence)


def test_a_place_written_row_first_is_read_row_first_and_keyed_by_its_names(
        agreeing_model: Callable[[str], ComparedModel]) -> None:
    """`at(I, J)` with `up` taking one from the first number, as a grid read line by line: the
    first argument is read as the row, and every move keyed as its name says (its step read
    column first would press `l` for `MoveUp`); the column first where the column is."""
    rows = agreeing_model("textbook-rows-first-successor-per-direction")
    columns = agreeing_model("plain-successor-per-direction")
    assert rows.words is not None and columns.words is not None
    assert (rows.words.first_is_column, rows.words.rows_upward) == (False, False)
    assert (columns.words.first_is_column, columns.words.rows_upward) == (True, False)
    assert any("the first argument of a place is the row, rows count downward" in line
               for line in rows.evidence), rows.evidence
    moves = {name: key for name, key in rows.words.keys if name.startswith("Move")}
    assert moves and all(key is not None and key.name.lower() in name.lower()
                         for name, key in moves.items()), moves


@pytest.mark.parametrize("names", [same_names, random_names(300)], ids=["own", "random"])
def test_a_turns_end_that_forgets_to_clear_its_flag_still_flips_the_parity(
        tmp_path: Path, names: Names) -> None:
    """`TickEven` without its `¬tick` (the every-encoding property's slip, drawn under
    `HELLTAKER_FUZZ_EXAMPLES=60`): a fault of that action; the parity and the traps are read
    as without the slip, by the actions that require the flag each turn leaves due."""
    encoding = Encoding(notation="plain", adjacency="direction", counter="arithmetic",
                        goal="flag", walls="floor", parts="all", parity="tick",
                        damage="action", moves="undirected")
    written = schemas(encoding)
    tick = next(n for n, schema in enumerate(written) if schema.name == "TickEven")
    slipped = replace(written[tick], effects=tuple(
        e for e in written[tick].effects if e.predicate != "tick"))
    whole = _model(tmp_path, encoding, names, tuple(written), "whole")
    after = _model(tmp_path, encoding, names,
                   (*written[:tick], slipped, *written[tick + 1:]), "slipped")
    assert not isinstance(whole, UnbuildableModel) and not isinstance(after, UnbuildableModel)
    assert whole.words is not None and after.words is not None
    traps = ("trap_parity", "trap_raised", "trap_lowered")
    assert [dict(after.words.roles).get(role) for role in traps] == \
        [dict(whole.words.roles).get(role) for role in traps] != [None] * 3
