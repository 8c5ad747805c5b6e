"""The game's side of the every-state comparison, kept per level
(translator/compare/runs/game_graph.py): a comparison that reads it back judges as one that
works it out, whatever the model, and what is kept stays within its bound."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from compare.runs.test_state_space import BOARDS, _board, _single_fault
from helpers import SHARED
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strips_model.level_file import load_level
from strips_model.moves import Direction
from strips_model.simulator import Move, step
from translator.compare.check import our_model
from translator.compare.models.compared import UnbuildableModel
from translator.compare.models.observation import observe_game
from translator.compare.repair.edits import apply_edits
from translator.compare.repair.verify import rebuilt
from translator.compare.runs import game_graph as graphs
from translator.compare.runs.state_space import StateCheck, compare_states

SHARED_BOARD = _board(*BOARDS[0])
"""One level object for every example: the second comparison on it reads the game back."""


@pytest.fixture(autouse=True)
def _no_graph_kept() -> Iterator[None]:
    graphs._GRAPHS.clear()
    yield
    graphs._GRAPHS.clear()


def _outcome(check: StateCheck) -> tuple[object, ...]:
    return (check.states_compared, check.complete, check.counterexample, check.claim,
            check.applicability, check.effects,
            None if check.divergence is None else check.divergence.letter)


@settings(max_examples=3, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seeds=st.lists(st.integers(0, 10_000), min_size=2, max_size=3))
def test_a_graph_read_back_judges_as_one_worked_out(seeds: list[int]) -> None:
    """Faulty variants of our model compared in turn on one level: each outcome is the one a
    comparison with nothing kept gives, so nothing a model did stays in the graph."""
    model = our_model()[1]
    schemas = model.report.schemas
    for seed in seeds:
        variant = rebuilt(model.report, apply_edits(schemas, (_single_fault(schemas, seed),)),
                          "variant", model.words)
        if isinstance(variant, UnbuildableModel):
            continue
        warm = compare_states(variant.on(SHARED_BOARD), 100_000)
        assert len(graphs.game_graph(SHARED_BOARD)) > 0
        graphs._GRAPHS.clear()
        cold = compare_states(variant.on(SHARED_BOARD), 100_000)
        assert _outcome(warm) == _outcome(cold)


def test_each_state_is_what_the_simulator_plays() -> None:
    level = load_level(str(SHARED / "levels" / "classic" / "level2.txt"))
    compare_states(our_model()[1].on(level), 100_000)
    graph = graphs.game_graph(level)
    assert len(graph) > 100
    for state in list(graph._states)[:50]:
        played = graph.state(state)
        assert played.seen == observe_game(level, state)
        if played.won:
            assert played.presses == ()
            continue
        assert [press.direction for press in played.presses] == list(Direction)
        for press in played.presses:
            assert press.outcome == step(level, state, press.direction)
            moved = isinstance(press.outcome, Move)
            assert (press.after is not None) == moved
            if isinstance(press.outcome, Move):
                assert press.after == observe_game(level, press.outcome.state)
                assert press.changed == len(graphs.changed(played.seen, press.after))


def test_what_is_kept_stays_within_its_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past the bound, the levels least recently asked for go first; the last one stays."""
    monkeypatch.setattr(graphs, "KEPT_STATES", 60)
    ours = our_model()[1]
    levels = [_board(*board) for board in BOARDS] + [_board(*BOARDS[0])]
    for level in levels:
        compare_states(ours.on(level), 100_000)
        graphs.game_graph(level)  # the bound is kept as a graph is asked for
        kept = list(graphs._GRAPHS.values())
        assert kept[-1].level is level
        assert sum(map(len, kept[:-1])) <= 60
    assert len(graphs._GRAPHS) == 1  # each board alone is past 60 states
