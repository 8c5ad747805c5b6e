"""Hard levels on purpose: difficulty targets met by a seeded local search, and the measure
they are judged by checked against counts made independently here."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from strips_model.level import Level, State
from strips_model.level_file import parse_level
from strips_model.moves import Direction, parse_plan
from strips_model.random_level import Counts
from strips_model.simulator import Move, is_goal, step
from strips_model.validator import validate
from translator.cli.main import main
from translator.generate.difficulty import PLAN_COUNT_CAP, Difficulty, Targets, measure
from translator.generate.generator import GenerationError, generate_level
from translator.generate.hard_levels import generate_hard_level
from translator.generate.plan_mechanics import plan_mechanics
from translator.planners.exhaustive import solve_exhaustively

TINY = """\
tiny
20
#######
#H  M #
#  S  #
#    D#
#######
"""


def brute_force_plans(level: Level, cost: int) -> Iterator[tuple[Direction, ...]]:
    """Every word of key presses costing exactly `cost` that reaches a goal at its last
    letter, found by trying every word: no state merging, nothing shared with the counter."""

    def extend(state: State, spent: int, word: tuple[Direction, ...]
               ) -> Iterator[tuple[Direction, ...]]:
        for direction in Direction:
            move = step(level, state, direction)
            if not isinstance(move, Move) or spent + move.cost > cost:
                continue
            longer = (*word, direction)
            if is_goal(level, move.state):
                if spent + move.cost == cost:
                    yield longer
            else:
                yield from extend(move.state, spent + move.cost, longer)

    yield from extend(level.start, 0, ())


def test_measure_on_a_tiny_level_matches_brute_force() -> None:
    level = parse_level(TINY)
    result = solve_exhaustively(level)
    assert result.plan is not None and result.cost is not None
    difficulty = measure(level, result.plan, result.cost, result.expanded)
    plans = list(brute_force_plans(level, result.cost))
    assert len(plans) == len(set(plans)) > 1
    assert all(validate(level, plan).valid for plan in plans)
    assert not list(brute_force_plans(level, result.cost - 1))  # nothing cheaper
    assert difficulty == Difficulty(result.cost, result.expanded, len(plans),
                                    difficulty.mechanics)
    assert difficulty.optimal_plans_text == str(len(plans))


def test_mechanics_names_follow_plan_mechanics() -> None:
    level = parse_level("t\n10\n######\n#HB D#\n######\n")
    plan = parse_plan("rrr")  # the boulder moves, then sticks against the demon
    difficulty = measure(level, plan, plan_mechanics(level, plan).cost, 0, count_plans=False)
    assert difficulty.optimal_plans is None and difficulty.optimal_plans_text == "-"
    assert "boulder" in difficulty.mechanics
    assert Targets(("boulders",)).unmet(difficulty) == []
    assert Targets(("skeletons",)).unmet(difficulty) == ["mechanic skeletons"]


def test_plan_counts_are_capped() -> None:
    capped = Difficulty(10, 1, PLAN_COUNT_CAP, ())
    assert capped.optimal_plans_text == f"{PLAN_COUNT_CAP}+"
    with pytest.raises(ValueError, match="unknown mechanic"):
        Targets(("lava",))


def test_same_seed_same_level() -> None:
    targets = Targets(("boulders", "skeletons"), min_expanded=40)
    first = generate_hard_level(7, 7, Counts(2, 2), 2, targets, 300)
    assert generate_hard_level(7, 7, Counts(2, 2), 2, targets, 300).text == first.text
    assert generate_hard_level(7, 7, Counts(2, 2), 1, targets, 300).text != first.text


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_mechanics_target_is_met_by_a_validated_optimal_plan(seed: int) -> None:
    counts = Counts(2, 2)
    generated = generate_hard_level(7, 7, counts, seed, Targets(("boulders", "skeletons")),
                                    300)
    level = parse_level(generated.text)
    assert generated.plan is not None and generated.difficulty is not None
    verdict = validate(level, generated.plan)
    assert verdict.valid and verdict.cost == level.budget == generated.optimum
    used = plan_mechanics(level, generated.plan).mechanics
    assert "boulder" in used and ("skeleton" in used or "impale" in used)
    # Tight and optimal, by an independent run of the exhaustive search.
    assert solve_exhaustively(level).cost == level.budget
    assert solve_exhaustively(level, level.budget - 1).plan is None
    grid = generated.text.split("\n", 2)[2]
    assert grid.count("B") == 2 and grid.count("M") == 2  # edits move objects, never drop them


@pytest.mark.parametrize("seed", [1, 4])
def test_min_expanded_raises_the_expansions_of_the_plain_sample(seed: int) -> None:
    counts = Counts(1, 1, 1)
    plain = generate_level(6, 6, counts, seed, planner="search")
    assert plain.expanded is not None
    wanted = 3 * plain.expanded
    hard = generate_hard_level(6, 6, counts, seed, Targets(min_expanded=wanted), 300)
    assert hard.expanded is not None and hard.expanded >= wanted > plain.expanded
    assert solve_exhaustively(hard.level).expanded == hard.expanded


@pytest.mark.planner  # the plain generator checks with Fast Downward
def test_max_optimal_plans_leaves_few_optimal_plans() -> None:
    from translator.measure.plan_counts import count_by_simulation

    generated = generate_hard_level(7, 7, Counts(2, 2), 5, Targets(max_optimal_plans=1), 300)
    assert generated.difficulty is not None and generated.difficulty.optimal_plans == 1
    assert count_by_simulation(generated.level, generated.optimum) == {generated.optimum: 1}


def test_no_targets_keeps_the_plain_levels(capsys: pytest.CaptureFixture[str]) -> None:
    plain = generate_level(6, 6, Counts(1, 1), 3, planner="search")
    assert main(["generate", "--width", "6", "--height", "6", "--boulders", "1",
                 "--skeletons", "1", "--seed", "3", "--timeout", "60"]) == 0
    captured = capsys.readouterr()
    assert captured.out == plain.text and "expanded" not in captured.err


def test_cli_meets_the_targets(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--width", "7", "--height", "7", "--boulders", "2",
                 "--skeletons", "2", "--seed", "1", "--mechanics", "boulders,skeletons",
                 "--min-expanded", "30", "--search-steps", "300"]) == 0
    captured = capsys.readouterr()
    level = parse_level(captured.out)
    result = solve_exhaustively(level)
    assert result.cost == level.budget and result.expanded >= 30
    assert "mechanics boulder" in captured.err


def test_unreachable_target_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--width", "6", "--height", "6", "--boulders", "1", "--seed", "1",
                 "--min-cost", "100", "--search-steps", "30"]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("helltaker: target min-cost 100 not reached in 30 search "
                               "steps (seed 1); best found: cost ")
    with pytest.raises(GenerationError, match="target mechanic spikes"):
        generate_hard_level(5, 5, Counts(0, 0, 1), 1, Targets(("spikes",), min_cost=50), 5)


def test_a_mechanic_without_its_objects_is_bad_input(capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    assert main(["generate", "--width", "6", "--height", "6", "--seed", "1",
                 "--mechanics", "key"]) == 2
    assert capsys.readouterr().err == "helltaker: --mechanics key needs --key\n"
    with pytest.raises(SystemExit):
        main(["generate", "--width", "6", "--height", "6", "--seed", "1",
              "--mechanics", "lava"])
