"""The reading a hypothesis the game tests (hypotheses.py): a static floor read as the key and
a key the model never takes read as spikes are read again as the game explains best, whatever
the predicates are called; a model the game explains whole keeps its reading untouched."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from helpers import shared_path
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strips_model.level_file import load_level
from translator.compare import hypotheses
from translator.compare.check import our_model, set_up_model
from translator.compare.hypotheses import tested_reading as game_tested_reading
from translator.compare.models.compared import UnbuildableModel, reread
from translator.compare.models.protocols import ComparedModel
from translator.compare.near_readings import PART_ROLES, near_readings
from translator.compare.reading_scores import PARTS, ScoredReading, case_explained, score_reading
from translator.compare.runs.evidence import probe_cases
from translator.compare.runs.level_comparison import compare_level
from translator.measure.repair_bench import MODELS_FOLDER

FLOOR = ("repros/a-static-floor-read-as-key.md", "repros/corridor.txt",
         ("empty", "man", "next", "lock", "haskey"))
KEY = ("repros/b-key-never-taken-read-as-spikes.txt", "repros/key-corridor.txt",
       ("aClé", "clé", "perso", "inc", "mur", "porte"))
CONSONANTS = "bcdfghjklmnpqrstvwxz"
"""Random names of consonants only: no word of the game's parts hides in them."""


def _renamed(tmp_path: Path, relpath: str, names: tuple[str, ...], seed: int
             ) -> tuple[str, dict[str, str]]:
    """The fragment with each predicate in `names` given random letters, and the renaming."""
    rng = random.Random(seed)
    renaming = {name: "".join(rng.choice(CONSONANTS) for _ in range(7)) for name in names}
    text = shared_path(f"{relpath}").read_text(encoding="utf-8")
    for name in sorted(names, key=len, reverse=True):
        text = re.sub(rf"(?<![\w']){re.escape(name)}(?![\w])", renaming[name], text)
    path = tmp_path / f"renamed{seed}{Path(relpath).suffix}"
    path.write_text(text, encoding="utf-8")
    return str(path), renaming


def _reading(path: str, level: str) -> dict[str, str]:
    """The parts of the game the model's predicates are read as (the hero's and each part
    the game decides between; the has-key flag is read by its name alone)."""
    model = set_up_model(path, [load_level(str(shared_path(level)))]).model
    assert model.words is not None
    return {role: name for role, name in model.words.roles
            if role in (*PART_ROLES, "hero", "successor")}


def test_a_static_floor_is_read_as_the_floor_and_a_never_taken_key_as_the_key() -> None:
    floor = _reading(str(shared_path(FLOOR[0])), FLOOR[1])
    assert floor.get("floor") == "empty" and "key" not in floor
    key = _reading(str(shared_path(KEY[0])), KEY[1])
    assert key.get("key") == "clé" and "spikes" not in key


@settings(max_examples=4, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6))
def test_the_game_decides_whatever_the_predicates_are_called(tmp_path: Path, seed: int) -> None:
    for relpath, level, names in (FLOOR, KEY):
        path, renaming = _renamed(tmp_path, relpath, names, seed)
        reading = _reading(path, level)
        original = _reading(str(shared_path(relpath)), level)
        assert reading == {role: renaming.get(name, name) for role, name in original.items()}


@pytest.mark.planner
def test_the_fragments_get_their_truths() -> None:
    ours = our_model()[1]
    for (relpath, level_path, _), truth in ((FLOOR, "agrees"), (KEY, "diverges")):
        level = load_level(str(shared_path(level_path)))
        model = set_up_model(str(shared_path(relpath)), [level]).model
        assert not isinstance(model, UnbuildableModel)
        assert compare_level(model, ours, level, "search").verdict == truth


def test_a_model_the_game_explains_whole_keeps_its_reading_and_says_nothing() -> None:
    path = str(Path(MODELS_FOLDER) / "course_fr.txt")
    model = set_up_model(path).model
    assert model.words is not None
    assert not any(line.startswith("reading ") for line in model.evidence)
    cases = probe_cases(symmetric=False)
    assert all(case_explained(model, case) == PARTS * len(case.plan)  # type: ignore[arg-type]
               for case in cases if case.plan is not None)


def test_a_reading_that_departs_where_the_first_followed_is_abandoned() -> None:
    model = set_up_model(str(shared_path(FLOOR[0]))).model
    assert model.words is not None
    cases = probe_cases(symmetric=False)
    scored = score_reading(model, model.words.roles, cases)
    assert isinstance(scored, ScoredReading)
    failing = next(i for i, case in enumerate(cases)
                   if case.plan is not None and i not in scored.agreed)
    assert score_reading(model, model.words.roles, cases, frozenset({failing})) is None


def test_a_reading_that_leaves_the_walls_unread_misjudges_the_key_presses_off_the_plans(
        agreeing_model: Callable[[str], ComparedModel]) -> None:
    """The game's plans never walk into a wall, so following them cannot tell a reading that
    writes no wall; the key presses on the way can: the hero goes through walls."""
    # Numbered places stepped by a successor: with no wall read, nothing keeps the hero out
    # (an adjacency relation would, as the Init then leaves out the steps into a wall).
    model = agreeing_model("plain-successor-per-direction")
    assert model.words is not None
    cases = probe_cases(symmetric=False)
    own = score_reading(model, model.words.roles, cases)
    assert own is not None and own.misjudged == 0
    roles = tuple(pair for pair in model.words.roles if pair[0] != "wall")
    unwalled = reread(model, replace(model.words, roles=roles))
    assert not isinstance(unwalled, UnbuildableModel)
    scored = score_reading(unwalled, roles, cases)
    assert scored is not None and scored.misjudged > 0 and scored.rank < own.rank


def test_two_wrong_guesses_are_mended_one_after_the_other(
        agreeing_model: Callable[[str], ComparedModel], monkeypatch: pytest.MonkeyPatch) -> None:
    """The key and the lock, both with a state argument (`key(P, lying)`, `lock(P,
    closed)`), read the wrong way round, and the boulders read as nothing: no reading one
    change away mends both; the one the game prefers then mends the other. Each predicate
    given another part keeps the states it had (`closed` the lock's first), or the swap
    back would not follow the game."""
    model = agreeing_model("plain-key-and-lock-with-states")
    assert model.words is not None
    right, values = dict(model.words.roles), dict(model.words.values)
    wrong_roles = {**right, "key": right["lock"], "lock": right["key"]}
    del wrong_roles["boulder"]
    wrong_values = {**values, "key_lying": values["lock_closed"],
                    "key_taken": values["lock_opened"], "lock_closed": values["key_lying"],
                    "lock_opened": values["key_taken"]}
    wrong = reread(model, replace(model.words, roles=tuple(sorted(wrong_roles.items())),
                                  values=tuple(sorted(wrong_values.items()))))
    assert not isinstance(wrong, UnbuildableModel)
    tested = game_tested_reading(wrong)
    assert not isinstance(tested, UnbuildableModel) and tested.words is not None
    assert dict(tested.words.roles) == right and dict(tested.words.values) == values
    # One change at a time, and no more: the reading is only half mended.
    monkeypatch.setattr(hypotheses, "CLIMBS", 1)
    once = game_tested_reading(wrong)
    assert not isinstance(once, UnbuildableModel) and once.words is not None
    assert dict(once.words.roles) != right


MISREADS = [
    ("textbook-static-floor-beside-a-safe-floor", {"spikes": "safe", "safe": "spike"}),
    ("textbook-static-floor-beside-a-safe-floor", {"safe": None}),
    ("plain-cells-occupied-fluent", {"floor": "occupied", "occupied": None}),
    ("plain-cells-occupied-fluent", {"occupied": None}),
]
"""A second floor (`floor(P)` no wall, `safe(P)` no spikes) read as the spikes and back, or
left unread (every safe step then needs a predicate no Init lists); the floor's complement
`occupied(P)` read as a floor, or left unread (every step walks through walls and boulders).
(Floor and safe read the other way round list the same Init: the game cannot tell, and need
not.)"""


def _misread(model: ComparedModel, wrong: dict[str, str | None]) -> ComparedModel:
    assert model.words is not None
    roles = {role: name for role, name in {**dict(model.words.roles), **wrong}.items()
             if name is not None}
    misread = reread(model, replace(model.words, roles=tuple(sorted(roles.items()))))
    assert not isinstance(misread, UnbuildableModel)
    return misread


@pytest.mark.parametrize(("label", "wrong"), MISREADS,
                         ids=["safe-swapped", "safe-unread", "occupied-as-floor",
                              "occupied-unread"])
def test_a_floor_misread_is_one_change_from_a_reading_the_game_ranks_higher(
        agreeing_model: Callable[[str], ComparedModel], label: str,
        wrong: dict[str, str | None]) -> None:
    """The right reading is among those one change away from each misreading, and the game
    ranks it higher on the probes (the climb to it: the test below)."""
    model = agreeing_model(label)
    assert model.words is not None
    misread = _misread(model, wrong)
    assert misread.words is not None
    right = tuple(sorted(model.words.roles))
    assert right in set(near_readings(misread, misread.words))
    cases = probe_cases(symmetric=False)
    own, other = score_reading(model, right, cases), score_reading(misread,
                                                                 misread.words.roles, cases)
    assert own is not None and other is not None and other.rank < own.rank


@pytest.mark.fuzz  # about 8 s each: the climb scores some thirty readings
@pytest.mark.parametrize(("label", "wrong"), MISREADS)
def test_a_floor_misread_is_read_again_as_the_game_explains_best(
        agreeing_model: Callable[[str], ComparedModel], label: str,
        wrong: dict[str, str | None]) -> None:
    model = agreeing_model(label)
    assert model.words is not None
    tested = game_tested_reading(_misread(model, wrong))
    assert not isinstance(tested, UnbuildableModel) and tested.words is not None
    assert dict(tested.words.roles) == dict(model.words.roles)


@pytest.mark.parametrize("fragment", [FLOOR, KEY], ids=["floor", "key"])
def test_the_readings_scored_on_two_cores_give_the_reading_and_evidence_of_one(
        fragment: tuple[str, str, tuple[str, ...]]) -> None:
    """The readings one change away are scored in workers and read back in order: the
    reading taken, what the report says of it and the questions it leaves are those of one
    core."""
    path, level = str(shared_path(fragment[0])), [load_level(str(shared_path(fragment[1])))]
    one, two = (set_up_model(path, level, jobs=jobs).model for jobs in (1, 2))
    assert not isinstance(one, UnbuildableModel) and not isinstance(two, UnbuildableModel)
    assert (two.words, two.evidence, getattr(two, "reading_questions", ())) == \
        (one.words, one.evidence, getattr(one, "reading_questions", ()))
    # Each was tested: the near readings scored, one kept, the other changed.
    assert any(line.startswith(("reading tested by the game", "reading changed by the game"))
               for line in one.evidence)


def test_a_changed_predicate_is_tried_as_a_floor_only_where_it_trades_cells_with_what_moves(
        agreeing_model: Callable[[str], ComparedModel]) -> None:
    """The boulders and skeletons change where something moves, but no plain step needs
    them: they are never tried as a floor (nor as its complement), unlike the `occupied`
    fluent, which trades cells with every mover (an exactly-one slot, `doomed(nowhere)`,
    traded by every action and read as a floor, once kept a PDDL model from agreeing)."""
    model = agreeing_model("plain-cells-occupied-fluent")
    assert model.words is not None
    roles = dict(model.words.roles)
    movers = {roles["boulder"], roles["skeleton"]}
    tried = [dict(reading) for reading in near_readings(model, model.words)]
    assert tried
    assert not any(reading.get(part) in movers for reading in tried
                   for part in ("floor", "occupied"))
    unread = _misread(model, {"occupied": None})
    assert unread.words is not None
    assert any(dict(reading).get("occupied") == roles["occupied"]
               for reading in near_readings(unread, unread.words))
