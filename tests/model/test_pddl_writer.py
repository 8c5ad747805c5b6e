"""PDDL export: files in pddl/ are current, re-read by unified-planning, run by Fast Downward."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import ROOT

from strips_model.level_file import load_level
from strips_model.schema import helltaker_domain
from strips_model.validator import validate
from translator.cli.main import main
from translator.model.level_facts import level_facts
from translator.model.pddl_text import MODEL_NAME
from translator.planners.exhaustive import solve_exhaustively
from translator.planners.fast_downward import run_driver
from translator.solving.key_presses import key_presses

REPO_LEVELS = sorted((ROOT / "levels").glob("*.txt"))
PDDL = ROOT / "pddl"


def test_pddl_directory_is_up_to_date(tmp_path: Path) -> None:
    """`make pddl` output; regenerate with it when this fails."""
    assert main(["pddl", *map(str, REPO_LEVELS), "-o", str(tmp_path)]) == 0
    fresh = {path.name: path.read_text("utf-8") for path in tmp_path.glob("*.pddl")}
    committed = {path.name: path.read_text("utf-8") for path in PDDL.glob("*.pddl")}
    assert sorted(committed) == sorted(fresh), "pddl/ has missing or extra files: run make pddl"
    for name, text in fresh.items():
        assert committed[name] == text, f"pddl/{name} is stale: run make pddl"


def test_names_are_lowercase_ascii() -> None:
    """Fast Downward lowercases every token; nothing of ours may change when it does."""
    for path in PDDL.glob("*.pddl"):
        text = path.read_text("utf-8")
        assert text.isascii()
        assert not re.search(r"[A-Z]", text), path.name


def test_single_level_export_writes_domain_and_problem(tmp_path: Path, capsys) -> None:
    assert main(["pddl", str(ROOT / "levels" / "level1.txt"), "-o", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["domain.pddl", "problem.pddl"]
    assert "(problem level1)" in (tmp_path / "problem.pddl").read_text("utf-8")
    assert capsys.readouterr().out.split() == [str(tmp_path / "domain.pddl"),
                                               str(tmp_path / "problem.pddl")]


def test_failed_export_leaves_nothing_behind(tmp_path: Path, capsys) -> None:
    (tmp_path / "problem.pddl").mkdir()
    code = main(["pddl", str(ROOT / "levels" / "level1.txt"), "-o", str(tmp_path)])
    assert code == 2
    assert "problem.pddl" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["problem.pddl"]


def test_bad_level_exports_nothing(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("bad\n3\n#H#X D\n", encoding="utf-8")
    out = tmp_path / "out"
    assert main(["pddl", str(bad), "-o", str(out)]) == 2
    assert f"{bad}:3:4: unknown character 'X'" in capsys.readouterr().err
    assert not out.exists()


def _conjuncts(conditions) -> set[str]:  # type: ignore[no-untyped-def]
    """PDDLReader gives one `and`; the builder gives a list: compare the conjuncts."""
    found: set[str] = set()
    for condition in conditions:
        found |= _conjuncts(condition.args) if condition.is_and() else {str(condition)}
    return found


@pytest.mark.parametrize("name", ["level1", "skeleton_on_trap", "lock_and_key"])
def test_exported_pddl_reads_back_into_an_equivalent_problem(name: str) -> None:
    # Imported here, not at the top: unified-planning takes seconds to import, and every test
    # process would pay them when collecting this file.
    from unified_planning.io import PDDLReader

    from translator.model.model_cache import helltaker_parts
    from translator.model.up_problem import build_problem

    level = load_level(str(ROOT / "levels" / f"{name}.txt"))
    built = build_problem(helltaker_parts(), level_facts(level), MODEL_NAME)
    read = PDDLReader().parse_problem(str(PDDL / "domain.pddl"), str(PDDL / f"{name}.pddl"))

    def true_facts(problem) -> set[str]:  # type: ignore[no-untyped-def]
        return {str(f) for f, v in problem.explicit_initial_values.items() if v.is_true()}

    assert {a.name for a in read.actions} == {a.name for a in built.actions}
    assert {f.name for f in read.fluents} == {f.name for f in built.fluents}
    assert {o.name for o in read.all_objects} == {o.name for o in built.all_objects}
    assert true_facts(read) == true_facts(built)
    assert [str(g) for g in read.goals] == [str(g) for g in built.goals]
    for action in built.actions:
        read_action = read.action(action.name)
        assert _conjuncts(read_action.preconditions) == _conjuncts(action.preconditions)
        assert {str(e) for e in read_action.effects} == {str(e) for e in action.effects}
    read_costs = {a.name: str(c) for a, c in read.quality_metrics[0].costs.items()}
    built_costs = {a.name: str(c) for a, c in built.quality_metrics[0].costs.items()}
    assert read_costs == built_costs


@pytest.mark.planner
@pytest.mark.parametrize("path", REPO_LEVELS, ids=lambda p: p.stem)
def test_fast_downward_runs_on_the_files_themselves(path: Path) -> None:
    """The committed PDDL, given to Fast Downward's driver directly, yields valid optimal plans."""
    level = load_level(str(path))
    par = solve_exhaustively(level).cost
    run = run_driver(str(PDDL / "domain.pddl"), str(PDDL / f"{path.stem}.pddl"),
                     "astar(lmcut())")
    assert run.exit_code == 0, run.log[-800:]
    directions = key_presses(helltaker_domain(), run.steps)
    verdict = validate(level, directions)
    assert verdict.valid, verdict.reason
    assert run.cost == verdict.cost == par
