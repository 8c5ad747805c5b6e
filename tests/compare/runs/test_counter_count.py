"""A model's counter judged after every key press (runs/counter_count.py, issue 40, 6): a schema
that adds the counter's new value and keeps the one it required agrees on every plan and on
every board (its costs are read off the schema, and no key press past the budget is judged),
yet its model as written spends more than the budget. The comparison on every state now tells
it, at the first key press of that schema; the correct models are never told so.

Models: the walks of tests/compare/models/counters/ (counting up to a limit, and down to 0)
with one direction's delete dropped, and the team's textbook model
(translator/measure/repair_models/textbook.txt) with the delete of `steps(c)` dropped from
`MoveEven`, its step onto a floor cell after an even number of actions.
"""

from __future__ import annotations

import itertools
from collections import deque
from functools import cache
from pathlib import Path

import pytest
from helpers import ROOT, make_level, shared_path
from hypothesis import given, settings
from hypothesis import strategies as st

import translator.compare.runs.state_space as state_space
from strips_model.level import Level
from strips_model.level_file import level_from_rows
from strips_model.moves import Direction
from strips_model.simulator import Move, is_goal, step
from translator.compare.check import read_model
from translator.compare.models.compared import UnbuildableModel, compared_model
from translator.compare.models.protocols import ComparedModel
from translator.compare.repair.edits import Signature, apply_edits, local_edits
from translator.compare.repair.search_terms import Subject
from translator.compare.runs.counter_count import counter_of
from translator.compare.runs.coverage import PROBES, check_probe, distinct_probes
from translator.compare.runs.model_run import search_exact
from translator.compare.runs.state_space import compare_states

COUNTERS = ROOT / "tests/compare/models/counters"
WALKS = ("up_limit.txt", "down_guarded.txt")
SCHEMAS = {"goUp": Direction.UP, "goDown": Direction.DOWN, "goLeft": Direction.LEFT,
           "goRight": Direction.RIGHT}
TEXTBOOK = ROOT / "translator/measure/repair_models/textbook.txt"
TOLD = "a later action may go on from either"


def _read(text: str, tmp: Path, name: str) -> ComparedModel:
    path = tmp / name
    path.write_text(text, encoding="utf-8")
    model = compared_model(read_model(str(path)).report, str(path))
    assert not isinstance(model, UnbuildableModel), model.defect
    return model


def _dropped(text: str, schema: str) -> str:
    """The walk with `schema` alone adding the counter's new value and keeping the old."""
    at = text.index(f"{schema}(")
    end = text.find("\n\n", at)
    end = len(text) if end < 0 else end
    body = text[at:end]
    assert body.count(" ∧ ¬time(t)") == 1
    return text[:at] + body.replace(" ∧ ¬time(t)", "") + text[end:]


@pytest.fixture(scope="module")
def walks(tmp_path_factory: pytest.TempPathFactory
          ) -> dict[tuple[str, str | None], ComparedModel]:
    """Each walk as written (None) and with each direction's delete dropped."""
    tmp = tmp_path_factory.mktemp("walks")
    models = {}
    for walk, schema in itertools.product(WALKS, (None, *SCHEMAS)):
        text = (COUNTERS / walk).read_text(encoding="utf-8")
        models[walk, schema] = _read(text if schema is None else _dropped(text, schema), tmp,
                                     f"{schema}_{walk}")
    return models


def _pressable(level: Level, direction: Direction) -> bool:
    """Whether the game moves on `direction` in some state it reaches within the budget,
    not won, with the move itself within the budget (what the comparison judges)."""
    start = level.start
    spent = {start: 0}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        if is_goal(level, state):
            continue
        for pressed in Direction:
            outcome = step(level, state, pressed)
            if not isinstance(outcome, Move) or spent[state] + outcome.cost > level.budget:
                continue
            if pressed is direction:
                return True
            if outcome.state not in spent:
                spent[outcome.state] = spent[state] + outcome.cost
                queue.append(outcome.state)
    return False


@st.composite
def _walled(draw: st.DrawFn) -> Level:
    """A small level of floor and walls, the hero and the demon on two of its cells."""
    width, height = draw(st.integers(2, 5)), draw(st.integers(1, 3))
    cells = [[draw(st.sampled_from("  #")) for _ in range(width)] for _ in range(height)]
    places = list(itertools.product(range(height), range(width)))
    hero, demon = draw(st.lists(st.sampled_from(places), min_size=2, max_size=2, unique=True))
    cells[hero[0]][hero[1]], cells[demon[0]][demon[1]] = "H", "D"
    return level_from_rows("drawn", draw(st.integers(0, 5)), ["".join(r) for r in cells])


@settings(max_examples=40, deadline=None)
@given(level=_walled(), walk=st.sampled_from(WALKS), schema=st.sampled_from(sorted(SCHEMAS)))
def test_a_dropped_counter_delete_is_told_exactly_where_its_key_press_is_judged(
        walks: dict[tuple[str, str | None], ComparedModel], level: Level, walk: str,
        schema: str) -> None:
    assert compare_states(walks[walk, None].on(level)).divergence is None
    check = compare_states(walks[walk, schema].on(level))
    if not _pressable(level, SCHEMAS[schema]):
        assert check.divergence is None
        return
    assert check.divergence is not None and TOLD in check.divergence.model
    assert check.counterexample is not None
    assert check.counterexample.endswith(str(SCHEMAS[schema]))
    # The board is the game's: only the counter is wrong.
    assert check.divergence.model_after == check.divergence.game_after


def test_the_walk_agreed_on_every_state_before_its_counter_was_judged(
        walks: dict[tuple[str, str | None], ComparedModel], monkeypatch: pytest.MonkeyPatch
        ) -> None:
    on_level = walks["up_limit.txt", "goRight"].on(make_level("#H   D#", 3))
    told = compare_states(on_level)
    assert told.counterexample == "r" and told.divergence is not None
    assert "time (from 0) with 2 values, 0 and 1" in told.divergence.model
    monkeypatch.setattr(state_space, "counter_of", lambda model: None)
    assert compare_states(on_level).claim == "equal on all 4 states reachable within the budget"


@cache
def _textbook() -> ComparedModel:
    model = compared_model(read_model(str(TEXTBOOK)).report, str(TEXTBOOK))
    assert not isinstance(model, UnbuildableModel)
    return model


@cache
def _textbook_dropped() -> ComparedModel:
    """The textbook's MoveEven keeping `steps(c)` after adding `steps(c2)`."""
    written = _textbook()
    subject = Subject(written.report, str(TEXTBOOK), written.words, ())
    schemas = subject.report.schemas
    move = next(s for s in schemas if s.name == "MoveEven")
    edit = next(e for e in local_edits(move, Signature.of(schemas))
                if e.text() == "remove -steps(c)")
    model = subject.model(apply_edits(schemas, (edit,)))
    assert not isinstance(model, UnbuildableModel)
    return model


def test_the_dropped_delete_lets_the_textbook_model_spend_past_the_budget() -> None:
    """The ground of the verdict (R-G3): with its counter as its only bound, the slipped
    model finds a plan of cost 4 where the budget is 3; the model as written finds none."""
    level = make_level("#H    D#", 3)
    assert search_exact(_textbook().on(level), 20).plan is None
    found = search_exact(_textbook_dropped().on(level), 20)
    assert found.plan is not None and found.cost == 4


def test_the_textbook_slip_fails_the_probes_it_steps_in(monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    probe = PROBES["R-A1"][0]
    witness = check_probe(_textbook_dropped(), probe)
    assert not witness.expressed
    assert any("MoveEven(" in d and "counter steps (from 6) with 2 values, 5 and 6" in d
               for d in witness.divergences)
    monkeypatch.setattr(state_space, "counter_of", lambda model: None)
    assert check_probe(_textbook_dropped(), probe).expressed  # what the evidence held before


@pytest.mark.parametrize("name", ["seeds/001_1103b020ed6d817c.txt", "models/sample-a.md"])
def test_student_counters_are_never_told_of_two_values(name: str) -> None:
    """Seed 001 counts down with `plusOne(C', C)`; sample-a with `time(t--)` and `time(t-2)`
    (a value deleted and never required). Both fail probes for other reasons."""
    path = str(shared_path(name))
    model = compared_model(read_model(path).report, path)
    assert not isinstance(model, UnbuildableModel)
    assert counter_of(model.on(PROBES["E13"][0].level())) is not None
    for probe in distinct_probes():
        assert not any(TOLD in d for d in check_probe(model, probe).divergences), probe


def test_the_repairs_evidence_tells_the_counter_on_the_games_plan(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The repair verifies on the game's plans (repair/verify.py): the slip shows there too, at
    the plan's first MoveEven, naming it first, so the search can target it; the model as
    written passes the same case, and without the check the slip would too."""
    from translator.compare.repair import verify
    from translator.compare.runs.evidence import level_cases
    from translator.planners.exhaustive import solve_exhaustively

    level = make_level("#H    D#", 5)
    found = solve_exhaustively(level)
    assert found.plan is not None
    (case,) = level_cases([(level, tuple(found.plan), found.cost)], symmetric=False)
    assert verify.check_case(_textbook(), case) is None
    failure = verify.check_case(_textbook_dropped(), case)
    assert failure is not None and TOLD in failure.what
    assert failure.what.startswith("on the game's plan") and failure.suspects[0] == "MoveEven"
    untold = verify.check_case(_textbook_dropped(), case, tell=False)
    assert untold is not None and untold.letter == failure.letter
    monkeypatch.setattr(verify, "counter_of", lambda model: None)
    assert verify.check_case(_textbook_dropped(), case) is None
