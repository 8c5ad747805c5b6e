"""`helltaker generate`: levels that parse, solve at their budget and not one move below."""

from __future__ import annotations

from pathlib import Path

import pytest

from strips_model.level_file import load_level, parse_level
from strips_model.random_level import Counts
from translator.cli.main import main
from translator.generate.generator import generate_level
from translator.planners.exhaustive import solve_exhaustively

pytestmark = pytest.mark.planner

SMALL = [(6, 6, Counts(1, 1, 1, 1, False)), (7, 6, Counts(2, 1, 0, 2, True)),
         (8, 7, Counts(2, 2, 1, 1, True))]


@pytest.mark.parametrize(("width", "height", "counts"), SMALL)
@pytest.mark.parametrize("seed", [1, 2])
def test_generated_levels_are_tight(width: int, height: int, counts: Counts, seed: int) -> None:
    generated = generate_level(width, height, counts, seed)
    level = parse_level(generated.text)
    assert (level.height, level.width) == (height, width)
    assert level.budget == generated.optimum
    # The exhaustive search shares no code with Fast Downward's model: an independent check.
    assert solve_exhaustively(level).cost == level.budget
    assert solve_exhaustively(level, level.budget - 1).plan is None
    grid = generated.text.split("\n", 2)[2]
    assert grid.count("B") == counts.boulders and grid.count("M") == counts.skeletons
    assert grid.count("S") == counts.spikes
    assert grid.count("T") + grid.count("U") == counts.traps
    assert grid.count("K") == grid.count("L") == (1 if counts.key else 0)


def test_same_seed_same_level_other_seed_other_level() -> None:
    counts = Counts(2, 1, 1, 1, True)
    first = generate_level(7, 7, counts, 5).text
    assert generate_level(7, 7, counts, 5).text == first
    assert generate_level(7, 7, counts, 6).text != first


def test_slack_adds_to_the_budget() -> None:
    counts = Counts(1, 1, 0, 0, False)
    tight = generate_level(6, 6, counts, 9)
    loose = generate_level(6, 6, counts, 9, slack=3)
    assert loose.level.budget == tight.level.budget + 3 == loose.optimum + 3


def test_cli_writes_the_level(tmp_path: Path, capsys) -> None:
    out = tmp_path / "g.txt"
    assert main(["generate", "--width", "6", "--height", "6", "--boulders", "1", "--seed", "4",
                 "-o", str(out)]) == 0
    level = load_level(str(out))
    assert solve_exhaustively(level).cost == level.budget
    assert "optimal cost" in capsys.readouterr().err


def test_impossible_requests_are_bad_input(capsys) -> None:
    base = ["generate", "--height", "5", "--seed", "1"]
    assert main([*base, "--width", "5", "--boulders", "30"]) == 2
    assert capsys.readouterr().err.startswith("helltaker: ")


@pytest.mark.parametrize(("arguments", "reason"), [
    (["--width", "3"], "--width: must be at least 4, found 3"),
    (["--width", "1001"], "--width: must be at most 1000, found 1001"),
    (["--width", "6", "--boulders", "-1"], "--boulders: must be at least 0, found -1"),
])
def test_option_values_out_of_range_are_refused_up_front(arguments: list[str], reason: str,
                                                         capsys) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["generate", "--height", "5", "--seed", "1", *arguments])
    assert stopped.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1].endswith(reason)
