"""A `floor` role (issue 33, 4): a fluent `empty(x, y)` the moves require where they arrive
and keep up as the hero and the boulders move is listed in each level's Init on every cell
free at the start, in the model's own reading of which parts occupy a cell
(translator/compare/models/floor.py). Walls are only cells never empty: the models have no
wall predicate."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from compare.agreeing import write_model
from compare.model_encodings import Encoding, random_names, render
from compare.models.test_counter_steps import COUNTERS
from compare.vocabulary.test_every_encoding import EXAMPLES, encodings_with
from helpers import make_level
from hypothesis import given, settings
from hypothesis import strategies as st

from translator.compare.check import our_model, read_model
from translator.compare.models.compared import compared_model
from translator.compare.models.floor import free_cells, taken_cells
from translator.compare.models.report_model import ReportModel
from translator.compare.runs.level_comparison import compare_level

PUSH = "######\n#HB  #\n## # #\n##  D#\n######"
"""The boulder blocks the only way: the hero pushes it once (R-P1), then walks on."""
READINGS = {"floor_hero_occupies.txt": True, "floor_hero_apart.txt": False}


def _model(name: str) -> ReportModel:
    path = str(COUNTERS / name)
    model = compared_model(read_model(path).report, path)
    assert isinstance(model, ReportModel), getattr(model, "defect", None)
    return model


@pytest.mark.parametrize(("name", "hero_occupies"), READINGS.items())
def test_the_free_cells_are_those_of_the_models_reading(name: str, hero_occupies: bool) -> None:
    model = _model(name)
    assert dict(model.words.roles)["floor"] == "empty"
    occupied = model.occupying["floor"]
    assert ("hero" in occupied) == hero_occupies and "boulder" in occupied
    level = make_level(PUSH, 9)
    empty = {atom[1:] for atom in model.on(level).initial() if atom[0] == "empty"}
    # Column first and rows downward: the hero at (1, 1), the boulder at (2, 1).
    assert (("1", "1") in empty) == (not hero_occupies) and ("2", "1") not in empty
    assert {("3", "1"), ("4", "1"), ("2", "2"), ("3", "3")} <= empty
    assert not {("3", "2"), ("4", "3")} & empty  # a wall, the demon
    assert len(empty) == len(free_cells(level, occupied))


@pytest.mark.parametrize("name", READINGS)
@pytest.mark.parametrize(("grid", "budget", "plan"), [
    ("######\n#H  D#\n######", 2, "rr"), (PUSH, 5, "rrddr"), (PUSH, 4, None)])
def test_a_model_with_a_floor_agrees_with_the_game(name: str, grid: str, budget: int,
                                                   plan: str | None) -> None:
    found = compare_level(_model(name), our_model()[1], make_level(grid, budget), "search",
                          states=0)
    assert (found.verdict, found.report.plan) == ("agrees", plan)


@pytest.mark.parametrize("name", READINGS)
def test_on_every_reachable_state_the_floor_model_lacks_only_the_wait(name: str) -> None:
    """The models move and push but have no kick of a boulder that cannot move (R-A3, a
    wait): along the plans they agree; on every reachable state the first difference is that
    kick, with the shortest key presses that show it."""
    found = compare_level(_model(name), our_model()[1], make_level(PUSH, 5), "search")
    assert found.verdict == "diverges" and found.states is not None
    assert found.states.counterexample == "rrrrr"
    assert "which cannot move [R-A3 R-E1]" in found.why and "has no action" in found.why


@pytest.mark.parametrize("name", READINGS)
def test_the_floor_is_told_by_what_the_moves_do_not_by_its_name(tmp_path, name: str) -> None:
    """Renamed to letters no word list reads, the floor is still the fluent freed where the
    hero or a boulder leaves and taken where it arrives, and the model still agrees."""
    text = (COUNTERS / name).read_text(encoding="utf-8")
    for word, letters in (("empty", "qzvk"), ("hero", "bxw"), ("rock", "pfj")):
        text = text.replace(word, letters)
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    model = compared_model(read_model(str(path)).report, str(path))
    assert isinstance(model, ReportModel), getattr(model, "defect", None)
    roles = dict(model.words.roles)
    assert (roles["floor"], roles["hero"], roles["boulder"]) == ("qzvk", "bxw", "pfj")
    assert "lock" not in roles
    found = compare_level(model, our_model()[1], make_level(PUSH, 5), "search", states=0)
    assert (found.verdict, found.report.plan) == ("agrees", "rrddr")


SPIKED = "#######\n#HS T #\n#  U D#\n#######"
"""Spikes, a trap lowered and one raised at the start, on the hero's way."""


@settings(max_examples=max(EXAMPLES, 2), derandomize=not EXAMPLES, deadline=None)
@given(encoding=st.one_of(encodings_with(walls="floor"), encodings_with(spikes="safe")),
       seed=st.integers(0, 10_000))
def test_a_static_floor_leaves_out_the_spikes_exactly_when_the_moves_say_so(
        encoding: Encoding, seed: int) -> None:
    """A floor no action changes holds on every cell that is no wall, unless the model
    writes it without negation (model_encodings.py `spikes="floor"`): the safe step requires
    the floor and says nothing of spikes, the step that hurts requires the spikes instead.
    Then each level's Init lists the floor on no spikes; traps stay floor either way (a
    lowered trap is where the hero steps without harm in the other phase). A second static
    floor, `safe(P)` where `¬spike(P)` would be (`spikes="safe"`), holds on every cell
    without spikes, beside walls, a static floor or a fluent one."""
    with tempfile.TemporaryDirectory() as folder:
        path = str(write_model(Path(folder), encoding, render(encoding, random_names(seed))))
        model = compared_model(read_model(path).report, path)
    assert isinstance(model, ReportModel), getattr(model, "defect", None)
    static = {"safe": encoding.spikes == "safe", "floor": encoding.walls == "floor"}
    assert {role for role, is_static in static.items() if is_static} <= set(model.occupying)
    level = make_level(SPIKED, 9)
    on = model.on(level)
    for role in (role for role, is_static in static.items() if is_static):
        spiked = role == "safe" or encoding.spikes == "floor"
        assert model.occupying[role] == ({"spikes"} if spiked else set())
        predicate = model.words.predicate(role)
        listed = [atom for atom in on.initial() | on.static() if atom[0] == predicate]
        cells = free_cells(level, model.occupying[role])
        assert len(listed) == len(cells)
        assert ((1, 2) in cells) == (not spiked) and {(1, 4), (2, 3)} <= set(cells)


@settings(max_examples=max(EXAMPLES, 1), derandomize=not EXAMPLES, deadline=None)
@given(encoding=encodings_with(walls="occupied"), seed=st.integers(0, 10_000))
def test_an_occupied_fluent_is_listed_on_every_cell_that_is_not_free(
        encoding: Encoding, seed: int) -> None:
    """The floor's complement (`occupied(P)`, model_encodings.py `walls="occupied"`): added
    where a boulder or a skeleton arrives, deleted where it leaves or dies and where the lock
    opens. Each level's Init lists it on the walls bounding the room, the demons, and the
    cells of what occupies its cell, and on nothing else."""
    with tempfile.TemporaryDirectory() as folder:
        path = str(write_model(Path(folder), encoding, render(encoding, random_names(seed))))
        model = compared_model(read_model(path).report, path)
    assert isinstance(model, ReportModel), getattr(model, "defect", None)
    assert model.occupying["occupied"] == {"boulder", "skeleton", "lock"}
    level = make_level(PUSH, 9)
    on = model.on(level)
    predicate = model.words.predicate("occupied")
    listed = [atom for atom in on.initial() | on.static() if atom[0] == predicate]
    cells = taken_cells(level, model.occupying["occupied"])
    assert len(listed) == len(cells) == len(set(cells))
    # The boulder, the demon, a wall inside and one bounding the room; not the hero's cell,
    # a free cell, or a corner no step or kick reaches.
    assert {(1, 2), (3, 4), (2, 3), (0, 1)} <= set(cells)
    assert not {(1, 1), (1, 3), (0, 0)} & set(cells)
