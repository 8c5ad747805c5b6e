"""`helltaker suite`: a benchmark folder that planners read, reproducible from its seed."""

from __future__ import annotations

import csv
import json
import os
from pathlib import Path
from typing import Any

import pytest

from strips_model.level_file import parse_level
from strips_model.moves import parse_plan
from strips_model.random_level import Counts
from translator.cli.main import main
from translator.generate.generator import GENERATOR_VERSION
from translator.generate.plan_mechanics import plan_mechanics
from translator.generate.suite import level_seed, problem_names
from translator.runtime.atomic_folder import write_folder

NAMES = ["p01", "p02", "p03"]
OPTIONS = ["--width", "6", "--height", "6", "--boulders", "1", "--skeletons", "1",
           "--spikes", "1", "--traps", "1", "--key"]


def make_suite(folder: Path, seed: int = 7, count: int = 3, *extra: str) -> int:
    return main(["suite", "--count", str(count), "--seed", str(seed), *OPTIONS, *extra,
                 "-o", str(folder)])


def folder_bytes(folder: Path) -> dict[str, bytes]:
    return {str(path.relative_to(folder)): path.read_bytes()
            for path in sorted(folder.rglob("*")) if path.is_file()}


@pytest.fixture(scope="module")
def suite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("first") / "suite"
    assert make_suite(folder) == 0
    return folder


def metadata(folder: Path) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = json.loads((folder / "metadata.json").read_text())
    return rows


@pytest.mark.planner
def test_layout_and_metadata(suite: Path) -> None:
    expected = {"README.md", "domain.pddl", "metadata.csv", "metadata.json"}
    for name in NAMES:
        expected |= {f"{name}.pddl", f"levels/{name}.txt", f"plans/{name}.plan",
                     f"plans/{name}.keys"}
    assert set(folder_bytes(suite)) == expected
    rows = metadata(suite)
    with open(suite / "metadata.csv", newline="") as stream:
        table = list(csv.DictReader(stream))
    assert [row["name"] for row in rows] == [row["name"] for row in table] == NAMES
    for row, line in zip(rows, table, strict=True):
        level = parse_level((suite / "levels" / f"{row['name']}.txt").read_text())
        assert (row["width"], row["height"]) == (level.width, level.height) == (6, 6)
        assert row["budget"] == row["optimum"] == level.budget  # tight
        keys = (suite / "plans" / f"{row['name']}.keys").read_text().strip()
        assert row["letters"] == len(keys)
        assert row["optimum"] == row["letters"] + row["damage"]  # type: ignore[operator]
        assert isinstance(row["expanded"], int) and row["expanded"] > 0
        assert isinstance(row["optimal_plans"], int) and row["optimal_plans"] >= 1
        assert line["optimal_plans"] == str(row["optimal_plans"])
        assert row["generator_version"] == GENERATOR_VERSION
        assert set(row["mechanics"]) <= {  # type: ignore[call-overload]
            "boulder", "skeleton", "impale", "key", "lock", "spikes", "trap"}
        assert line["optimum"] == str(row["optimum"]) and line["seed"] == str(row["seed"])
        assert line["mechanics"] == " ".join(row["mechanics"])  # type: ignore[arg-type]
    assert [row["seed"] for row in rows] == [level_seed(7, index) for index in (1, 2, 3)]
    readme = (suite / "README.md").read_text()
    assert "helltaker suite --count 3 --seed 7 --width 6 --height 6" in readme
    assert 'fast-downward.py domain.pddl p01.pddl --search "astar(blind())"' in readme
    assert "helltaker validate levels/p01.txt @plans/p01.plan" in readme


@pytest.mark.planner
def test_same_seed_same_bytes_other_seed_other_levels(suite: Path, tmp_path: Path) -> None:
    again = tmp_path / "again" / "suite"
    assert make_suite(again) == 0
    assert folder_bytes(again) == folder_bytes(suite)
    other = tmp_path / "other" / "suite"
    assert make_suite(other, 8) == 0
    first, second = folder_bytes(suite), folder_bytes(other)
    assert first["domain.pddl"] == second["domain.pddl"]
    assert all(first[f"levels/{name}.txt"] != second[f"levels/{name}.txt"] for name in NAMES)


@pytest.mark.planner
def test_fast_downward_driver_finds_the_optimum(suite: Path) -> None:
    from translator.planners.fast_downward import run_driver

    run = run_driver(str(suite / "domain.pddl"), str(suite / "p01.pddl"), "astar(blind())",
                     timeout=120)
    assert run.exit_code == 0, run.log
    assert run.cost == metadata(suite)[0]["optimum"]


@pytest.mark.planner
def test_unified_planning_reads_every_problem(suite: Path) -> None:
    from unified_planning.io import PDDLReader

    for name in NAMES:
        problem = PDDLReader().parse_problem(str(suite / "domain.pddl"),
                                             str(suite / f"{name}.pddl"))
        assert problem.name == name


@pytest.mark.planner
@pytest.mark.parametrize("name", NAMES)
def test_reference_plans_validate_at_the_optimum(suite: Path, name: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    optimum = {row["name"]: row["optimum"] for row in metadata(suite)}[name]
    level = str(suite / "levels" / f"{name}.txt")
    for plan in (f"plans/{name}.plan", f"plans/{name}.keys"):
        capsys.readouterr()
        assert main(["validate", level, f"@{suite / plan}"]) == 0
        assert f"cost {optimum} <= budget {optimum}" in capsys.readouterr().out
    assert (suite / "plans" / f"{name}.plan").read_text().endswith(
        f"; cost = {optimum} (general cost)\n")


@pytest.mark.planner
def test_existing_folder_refused_unless_forced(tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "taken"
    folder.mkdir()
    (folder / "mine.txt").write_text("keep me")
    assert make_suite(folder, 7, 1) == 2
    assert capsys.readouterr().err.strip().splitlines() == [
        f"helltaker: {folder}: exists and is not empty; use --force to replace it"]
    assert os.listdir(folder) == ["mine.txt"]
    # Issue 30: --force replaces an earlier suite or an empty folder, never other files.
    assert make_suite(folder, 7, 1, "--force") == 2
    assert capsys.readouterr().err.strip().splitlines() == [
        f"helltaker: {folder}: holds 'mine.txt', which no suite writes; --force replaces "
        "only an empty folder or an earlier suite"]
    assert os.listdir(folder) == ["mine.txt"]
    empty = tmp_path / "empty"
    empty.mkdir()
    assert make_suite(empty, 7, 1) == 0
    first = sorted(os.listdir(empty))
    assert first[:2] == ["README.md", "domain.pddl"]
    assert make_suite(empty, 8, 1, "--force") == 0  # an earlier suite is replaced
    assert sorted(os.listdir(empty)) == first
    assert sorted(os.listdir(tmp_path)) == ["empty", "taken"]  # no staging folder left


@pytest.mark.planner
def test_nothing_left_behind_when_generation_fails(tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "never"
    assert main(["suite", "--count", "2", "--seed", "1", "--width", "5", "--height", "5",
                 "--boulders", "30", "-o", str(folder)]) == 2
    assert capsys.readouterr().err.startswith("helltaker: ")
    assert os.listdir(tmp_path) == []


def test_nothing_left_behind_when_writing_fails(tmp_path: Path) -> None:
    folder = tmp_path / "kept"
    folder.mkdir()
    (folder / "old.txt").write_text("old")
    # `a` is both a file and a folder: the second write fails after the first succeeded.
    with pytest.raises(OSError):
        write_folder(str(folder), {"a": b"1", "a/b": b"2"}, force=True)
    assert os.listdir(folder) == ["old.txt"]
    assert sorted(os.listdir(tmp_path)) == ["kept"]


def test_problem_names_are_padded_to_the_count() -> None:
    assert problem_names(3) == NAMES
    assert problem_names(100)[0] == "p001" and problem_names(100)[-1] == "p100"
    assert len({level_seed(1, index) for index in range(1, 50)}) == 49
    assert level_seed(1, 1) != level_seed(2, 1)


@pytest.mark.parametrize(("row", "plan", "expected"), [
    ("#H SD#", "rr", (2, 3, 0, 0, 1, ("spikes",))),
    ("#HM D#", "rrrr", (4, 4, 2, 1, 0, ("skeleton",))),
    ("#HB D#", "rrr", (3, 3, 2, 1, 0, ("boulder",))),  # moved, then stuck
])
def test_plan_mechanics_counts_what_the_plan_does(row: str, plan: str,
                                                  expected: tuple[object, ...]) -> None:
    level = parse_level(f"t\n10\n######\n{row}\n######\n")
    measured = plan_mechanics(level, parse_plan(plan))
    assert (measured.letters, measured.cost, measured.kicks, measured.pushes,
            measured.damage, measured.mechanics) == expected


def test_a_seed_without_a_level_is_reported_and_the_next_one_tried(monkeypatch: pytest.MonkeyPatch,
                                                                    tmp_path: Path) -> None:
    from translator.generate import suite as suite_module
    from translator.generate.generator import Generated, GenerationError, generate_level

    first = level_seed(3, 1)

    def failing_first_seed(width: int, height: int, counts: Counts, seed: int, *rest: Any,
                           **options: Any) -> Generated:
        if seed == first:
            raise GenerationError("no solvable layout\nsecond line")
        return generate_level(width, height, counts, seed, *rest, **options)

    monkeypatch.setattr(suite_module, "generate_level", failing_first_seed)
    reported: list[str] = []
    request = suite_module.SuiteRequest(1, 3, 5, 5, Counts())
    problem = suite_module.build_problem(request, 1, "p1", reported.append)
    assert problem.seed == level_seed(3, 1, 1)
    assert reported == [f"p1: level seed {first}: no solvable layout"]
    assert problem.skipped == (f"level seed {first}: no solvable layout",)


def test_difficulty_targets_reach_the_metadata_and_readme(tmp_path: Path) -> None:
    folder = tmp_path / "hard"
    assert main(["suite", "--count", "2", "--seed", "4", "--width", "7", "--height", "7",
                 "--boulders", "2", "--skeletons", "2", "--mechanics", "boulders,skeletons",
                 "--search-steps", "300", "-o", str(folder)]) == 0
    for row in metadata(folder):
        assert {"boulder", "skeleton"} <= set(row["mechanics"]) or \
            {"boulder", "impale"} <= set(row["mechanics"])  # type: ignore[call-overload]
        assert isinstance(row["optimal_plans"], int)
    readme = (folder / "README.md").read_text()
    assert "--mechanics boulders,skeletons --search-steps 300 -o hard" in readme
    assert "local search of at most 300 steps" in " ".join(readme.split())
