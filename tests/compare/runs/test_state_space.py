"""Agrees means equal on every reachable state (issue 41): the comparison of
translator/compare/runs/state_space.py against a plain oracle written here.

Correct models, in every encoding of `model_encodings.py`, agree on every state, and count
the states the game counts (an independent search of the simulator's states). Single-fault
variants of them (one edit of the repair's edit space each) are caught exactly when
the oracle finds a key press in a reachable state where the variant does otherwise than the
game, at the same least cost, with key presses that replay in the game to that difference.
"""

from __future__ import annotations

import heapq
import itertools
import json
import os
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from compare.agreeing import FAST
from helpers import ROOT, SHARED
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strips_model.level import Level, State
from strips_model.level_file import load_level, parse_level
from strips_model.moves import Direction, parse_plan
from strips_model.schema import Domain, Schema
from strips_model.simulator import Move, is_goal, step
from translator.cli.exit_codes import ExitCode
from translator.cli.main import main
from translator.compare.check import our_model, set_up_model
from translator.compare.models.compared import UnbuildableModel
from translator.compare.models.observation import observe_game
from translator.compare.models.protocols import ComparedModel, LevelModel
from translator.compare.repair.edits import (
    Clause,
    Edit,
    Signature,
    added_literals,
    apply_edits,
    local_edits,
)
from translator.compare.repair.verify import rebuilt
from translator.compare.runs.divergence import replay_directions
from translator.compare.runs.state_space import MANY_STATES, StateCheck, compare_states
from translator.ground import exact_semantics
from translator.ground.schema_parts import Cut, CutDomain, cut_domain
from translator.model.level_facts import Atom

BOARDS = (("#######\n#HBM T#\n#K#S#U#\n#  L D#\n#######", 10),
          ("########\n#H B  K#\n#M#T#S #\n#U  L D#\n########", 12))
"""Every part of the game on a few cells: 34 and 138 reachable states (the fast loop tries
its single faults on the first alone)."""
EXAMPLES = int(os.environ.get("HELLTAKER_FUZZ_EXAMPLES") or 0)


def _board(grid: str, budget: int) -> Level:
    return parse_level(f"board\n{budget}\n{grid}\n", "<board>")


def game_states(level: Level) -> int:
    """The states the game reaches within the budget, won ones not expanded: counted by a
    search of the simulator alone."""
    best = {level.start: 0}
    queue: list[tuple[int, int, State]] = [(0, 0, level.start)]
    pushed = 0
    while queue:
        spent, _, state = heapq.heappop(queue)
        if best[state] < spent or is_goal(level, state):
            continue
        for direction in Direction:
            move = step(level, state, direction)
            if isinstance(move, Move) and spent + move.cost <= level.budget \
                    and spent + move.cost < best.get(move.state, level.budget + 1):
                best[move.state] = spent + move.cost
                pushed += 1
                heapq.heappush(queue, (spent + move.cost, pushed, move.state))
    return len(best)


def first_difference(model: LevelModel) -> int | None:
    """The least cost of a reachable state where the model does otherwise than the game (a
    key press allowed or not, its outcomes as seen and their costs, the goal), None if none:
    the model carried along the cheapest key presses by its first action, in name order, that
    does as the game."""
    level = model.level
    best: dict[State, int] = {level.start: 0}
    queue: list[tuple[int, int, State, frozenset[Atom]]] = [(0, 0, level.start,
                                                             model.initial())]
    pushed = 0
    while queue:
        spent, _, state, atoms = heapq.heappop(queue)
        if best[state] < spent:
            continue
        won = is_goal(level, state)
        if won != model.goal_holds(atoms):
            return spent
        if won:
            continue
        actions = sorted(model.applicable(atoms), key=lambda a: (a.schema, a.binding))
        for direction in Direction:
            move = step(level, state, direction)
            options = [a for a in actions if model.direction(a) == direction]
            if not isinstance(move, Move):
                if options:
                    return spent
                continue
            if spent + move.cost > level.budget:
                continue
            seen = {(model.observe(a.apply(atoms)), a.cost) for a in options}
            if seen != {(observe_game(level, move.state), move.cost)}:
                return spent
            total = spent + move.cost
            if total < best.get(move.state, level.budget + 1):
                best[move.state] = total
                pushed += 1
                heapq.heappush(queue, (total, pushed, move.state, options[0].apply(atoms)))
    return None


@pytest.mark.parametrize("label", sorted(FAST))
def test_every_correct_encoding_agrees_on_every_state_the_game_counts(
        label: str, agreeing_model: Callable[[str], ComparedModel]) -> None:
    model = agreeing_model(label)
    for grid, budget in BOARDS:
        level = _board(grid, budget)
        check = compare_states(model.on(level), 100_000)
        assert check.divergence is None, check.claim
        assert check.complete and check.states_compared == game_states(level)
        for tally in (check.applicability, check.effects):
            assert tally.precision == tally.recall == 1.0


@pytest.mark.parametrize(("level", "states"), [("level2", 190), ("level3", 1_990)])
def test_ours_agrees_on_every_state_of_the_classic_levels(level: str, states: int) -> None:
    """The counts are the issue's, measured on the simulator alone."""
    loaded = load_level(str(SHARED / "levels" / "classic" / f"{level}.txt"))
    check = compare_states(our_model()[1].on(loaded), 100_000)
    assert check.divergence is None and check.complete
    assert check.states_compared == states == game_states(loaded)


def test_past_its_bound_the_claim_says_so() -> None:
    level = load_level(str(SHARED / "levels" / "classic" / "level3.txt"))
    check = compare_states(our_model()[1].on(level), 500)
    assert (check.states_compared, check.complete, check.divergence) == (500, False, None)
    assert check.claim.startswith("equal on the first 500 states in order of cost")
    assert check.as_json()["states_compared"] == 500 and check.as_json()["complete"] is False


def _single_fault(schemas: tuple[Schema, ...], seed: int) -> Edit:
    """One edit of the repair's edit space (a literal removed, negated, re-argued, re-named or
    added) in one schema, both drawn by `seed`."""
    rng = random.Random(seed)
    schema = rng.choice(schemas)
    signature = Signature.of(schemas)
    edits = [*local_edits(schema, signature),
             *itertools.islice(added_literals(schema, signature, rng.choice(list(Clause))),
                               200)]
    return rng.choice(edits)


@settings(max_examples=max(EXAMPLES, 12), derandomize=not EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture,
                                 HealthCheck.too_slow])
@given(label=st.sampled_from(sorted(FAST)), seed=st.integers(0, 10_000))
def test_a_single_fault_is_caught_exactly_where_it_shows(
        agreeing_model: Callable[[str], ComparedModel], label: str, seed: int) -> None:
    model = agreeing_model(label)
    schemas = model.report.schemas
    edits = (_single_fault(schemas, seed),)
    variant = rebuilt(model.report, apply_edits(schemas, edits), "variant", model.words)
    if isinstance(variant, UnbuildableModel):
        return
    for grid, budget in BOARDS[:1] if not EXAMPLES else BOARDS:
        on = variant.on(_board(grid, budget))
        check = compare_states(on, 100_000)
        differs = first_difference(on)
        assert (check.divergence is not None) == (differs is not None), (edits, check.claim)
        if check.divergence is None or check.counterexample is None:
            continue
        presses = parse_plan(check.counterexample)
        state, spent = on.level.start, 0
        # The presses but the last are moves of the game within the budget...
        last = presses if check.divergence.direction is None else presses[:-1]
        for direction in last:
            move = step(on.level, state, direction)
            assert isinstance(move, Move) and not is_goal(on.level, state)
            state, spent = move.state, spent + move.cost
        assert spent == differs and spent <= on.level.budget
        # ... and replayed in the variant they show the difference at their end.
        fault, several = replay_directions(on, presses)
        shown = fault or several
        assert shown is not None and shown.letter in (len(presses), len(presses) + 1)


@pytest.mark.parametrize(("states", "shown"), [(0, False), (100, True)])
def test_compare_json_gives_the_states_and_the_counterexample(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], states: int, shown: bool,
        boards_off: None, probes_here: None) -> None:
    """A model without the wait (R-A3, a kick that cannot move a boulder) agrees along the
    plans; on every state it diverges, with the shortest key presses that show it."""
    level = tmp_path / "push.txt"
    level.write_text("push\n5\n######\n#HB  #\n## # #\n##  D#\n######\n", encoding="utf-8")
    model = ROOT / "tests" / "compare" / "models" / "counters" / "floor_hero_occupies.txt"
    code = main(["compare", str(model), str(level), "--json", "--jobs", "1", "--planner",
                 "search", "--states", str(states)])
    (row,) = json.loads(capsys.readouterr().out)["levels"]
    assert ("states_compared" in row) == shown
    if shown:
        assert code == ExitCode.FAILED and row["verdict"] == "diverges"
        assert (row["counterexample"], row["complete"]) == ("rrrrr", True)
        assert 0 < row["applicability_recall"] < 1 == row["applicability_precision"]
    else:
        assert row["verdict"] == "agrees"


def _ground_whole(domain: Domain) -> CutDomain:
    return CutDomain(domain, tuple((Cut(number, 0, schema),)
                                   for number, schema in enumerate(domain.schemas)), {})


@pytest.mark.parametrize(("model", "level_name"), [
    (ROOT / "translator/measure/repair_models/textbook.txt", "level2"),
    (SHARED / "seeds" / "001_1103b020ed6d817c.txt", "level3")], ids=["textbook", "seed-001"])
def test_a_model_ground_part_by_part_is_judged_as_when_ground_whole(
        model: Path, level_name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each schema's counter is a part of its own (translator/ground/schema_parts.py): the
    comparison on a classic level (the textbook agrees on level 2's 190 states, seed 001
    differs on level 3 at `lu`) is the same, tallies and counterexample included, with every
    schema ground whole, and its index was built part by part."""
    level = load_level(str(SHARED / "levels" / "classic" / f"{level_name}.txt"))
    compared = set_up_model(str(model), [level]).model
    assert not isinstance(compared, UnbuildableModel)
    cuts: list[CutDomain] = []

    def cut(domain: Domain) -> CutDomain:
        cuts.append(cut_domain(domain))
        return cuts[-1]

    monkeypatch.setattr(exact_semantics, "cut_domain", cut)
    monkeypatch.setattr(exact_semantics, "MANY_AFTER", 0.0)  # indexed past 150 states
    by_parts = compare_states(compared.on(level), 100_000)
    assert cuts and cuts[0].shapes, "the index was built from schemas cut into parts"
    monkeypatch.setattr(exact_semantics, "cut_domain", _ground_whole)
    whole = compare_states(compared.on(level), 100_000)

    def seen(check: StateCheck) -> tuple[object, ...]:
        return (check.states_compared, check.complete, check.counterexample, check.claim,
                check.applicability, check.effects)

    assert seen(by_parts) == seen(whole)
    assert whole.states_compared > MANY_STATES
