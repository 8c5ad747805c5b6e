"""`helltaker pddl --strips`: pure STRIPS that Fast Downward and pyperplan read from the files,
with plans that still validate once mapped back to key presses."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import ROOT, SHARED, shared_params

from strips_model.level_file import load_level
from strips_model.validator import validate
from translator.cli.main import main
from translator.planners.exhaustive import solve_exhaustively
from translator.planners.fast_downward import run_driver

# translator.model.strips_compile and translator.solving.strips_export are imported where
# they are used, not at the top: they import unified-planning (seconds), which every test
# process would pay when collecting this file.


def _endure_damage() -> str:
    """The damage actions' name prefix."""
    from translator.model.strips_compile import ENDURE_DAMAGE

    return ENDURE_DAMAGE


# Small enough for pyperplan's grounding of lifted actions (every combination of objects),
# and between them: damage, traps, a skeleton, a wait, the empty plan.
PYPERPLAN_LEVELS = [
    *(SHARED / "levels" / "tests" / name for name in ("corridor.txt", "spikes4.txt",
                                                       "trapsmob2.txt")
      if SHARED.is_dir()),
    ROOT / "levels" / "boulder_wait.txt",
    ROOT / "levels" / "hero_starts_next_to_demon.txt",
]
FD_LEVELS = [
    *(ROOT / "levels" / name for name in ("static_spikes.txt", "skeleton_on_trap.txt",
                                          "lock_and_key.txt", "trap_lowered_start.txt",
                                          "boulder_on_key.txt")),
    *([SHARED / "levels" / "classic" / "level2.txt"] if SHARED.is_dir() else []),
]


def _export(tmp_path: Path, level: Path, *options: str) -> tuple[str, str]:
    assert main(["pddl", "--strips", *options, str(level), "-o", str(tmp_path)]) == 0
    return (tmp_path / "domain.pddl").read_text("utf-8"), \
        (tmp_path / "problem.pddl").read_text("utf-8")


def _preconditions(domain: str) -> list[str]:
    return re.findall(r":precondition (.*)", domain)


def _requirements(domain: str) -> set[str]:
    match = re.search(r"\(:requirements([^)]*)\)", domain)
    assert match is not None
    return set(match.group(1).split())


def test_export_is_pure_strips_without_costs(tmp_path: Path, capsys) -> None:
    domain, problem = _export(tmp_path, ROOT / "levels" / "static_spikes.txt")
    assert _requirements(domain) == {":strips", ":typing"}
    assert _preconditions(domain), "no action found"
    for precondition in _preconditions(domain):
        assert "(not " not in precondition
    for construct in ("when", "forall", "exists", "either", "increase", "total-cost",
                      ":negative-preconditions", ":conditional-effects"):
        assert construct not in domain + problem
    assert f"(:action {_endure_damage()}1" in domain  # static spikes hurt
    assert "(problem static_spikes)" in problem


def test_action_costs_variant_keeps_costs_but_no_negative_preconditions(tmp_path: Path,
                                                                        capsys) -> None:
    domain, _ = _export(tmp_path, ROOT / "levels" / "static_spikes.txt", "--action-costs")
    assert _requirements(domain) == {":strips", ":typing", ":action-costs"}
    assert _endure_damage() not in domain
    assert all("(not " not in p for p in _preconditions(domain))


def test_action_costs_needs_strips(tmp_path: Path, capsys) -> None:
    assert main(["pddl", "--action-costs", str(ROOT / "levels" / "level1.txt"),
                 "-o", str(tmp_path)]) == 2
    assert "--strips" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_several_levels_share_one_strips_domain(tmp_path: Path, capsys) -> None:
    paths = [ROOT / "levels" / name for name in ("boulder_wait.txt", "lock_and_key.txt")]
    assert main(["pddl", "--strips", *map(str, paths), "-o", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == \
        ["boulder_wait.pddl", "domain.pddl", "lock_and_key.pddl"]
    one, _ = _export(tmp_path / "one", paths[1])
    assert one == (tmp_path / "domain.pddl").read_text("utf-8")


@pytest.mark.planner
@pytest.mark.parametrize(("path", "costs"), [
    *((path, "steps") for path in FD_LEVELS),
    *((path, "action-costs") for path in (FD_LEVELS[0], FD_LEVELS[-1])),
], ids=lambda value: value.stem if isinstance(value, Path) else value)
def test_fast_downward_solves_the_files_and_plans_map_back(path: Path, costs: str,
                                                           tmp_path: Path, capsys) -> None:
    options = ("--action-costs",) if costs == "action-costs" else ()
    _export(tmp_path, path, *options)
    level = load_level(str(path))
    par = solve_exhaustively(level).cost
    assert par is not None
    # With damage as steps every action costs 1: the budget bounds the plan length.
    run = run_driver(str(tmp_path / "domain.pddl"), str(tmp_path / "problem.pddl"),
                     f"astar(blind(),bound={level.budget + 1})")
    assert run.exit_code == 0, run.log[-2000:]
    assert run.cost == par
    if costs == "steps":
        assert len(run.steps) == par  # one action per unit of cost
    from translator.solving.strips_export import key_presses_of_strips_plan

    verdict = validate(level, key_presses_of_strips_plan(run.steps))
    assert verdict.valid and verdict.cost == par, verdict.reason


@pytest.mark.planner
@pytest.mark.parametrize("path", shared_params(PYPERPLAN_LEVELS), ids=lambda p: p and p.stem)
def test_pyperplan_solves_the_files_and_plans_map_back(path: Path, tmp_path: Path,
                                                       capsys) -> None:
    from pyperplan.planner import SEARCHES, search_plan

    from translator.solving.strips_export import key_presses_of_strips_plan

    _export(tmp_path, path)
    solution = search_plan(str(tmp_path / "domain.pddl"), str(tmp_path / "problem.pddl"),
                           SEARCHES["bfs"], None)
    assert solution is not None
    actions = [(name, tuple(arguments)) for name, *arguments in
               (operator.name.strip("()").split() for operator in solution)]
    level = load_level(str(path))
    verdict = validate(level, key_presses_of_strips_plan(actions))
    # Breadth-first search on unit steps: the shortest plan is a cheapest one.
    assert verdict.valid and verdict.cost == solve_exhaustively(level).cost == len(actions)
