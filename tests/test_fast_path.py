"""The solving hot path: our PDDL text, FD's translator in-process, parallel workers, and the
process runner the planners share."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from helpers import ROOT

from strips_model.level import load_level
from strips_model.schema import helltaker_domain
from translator.encode.level_facts import level_facts
from translator.encode.pddl_text import helltaker_domain_text, problem_text
from translator.planners.fast_downward import search_configuration
from translator.planners.processes import (
    WorkerDied,
    WorkerTimeout,
    own_working_directory,
    run_command,
    run_in_child,
)
from translator.planners.workers import run_ordered

REPO_LEVELS = sorted((ROOT / "levels").glob("*.txt"))


def _task(domain_file: Path, problem_file: Path) -> tuple[object, ...]:
    """What Fast Downward's parser reads, with names and order normalised away."""
    from fast_downward.translate import pddl_parser

    task = pddl_parser.open(domain_filename=str(domain_file), problem_filename=str(problem_file))

    def parts(condition) -> list[str]:  # type: ignore[no-untyped-def]
        return sorted(str(p) for p in getattr(condition, "parts", [condition]))

    actions = {a.name: ([(p.name, p.type_name) for p in a.parameters], parts(a.precondition),
                        sorted(str(e.literal) for e in a.effects), str(a.cost))
               for a in task.actions}
    return (actions, sorted(str(atom) for atom in task.init), parts(task.goal),
            sorted((o.name, o.type_name) for o in task.objects),
            sorted((p.name, tuple(a.type_name for a in p.arguments)) for p in task.predicates))


@pytest.mark.parametrize("path", REPO_LEVELS, ids=lambda p: p.stem)
def test_fast_pddl_is_the_task_pddlwriter_gives(path: Path, tmp_path: Path) -> None:
    """pddl/ is written by unified-planning's PDDLWriter (and checked current elsewhere)."""
    domain = helltaker_domain()
    level = load_level(str(path))
    (tmp_path / "domain.pddl").write_text(helltaker_domain_text(), encoding="utf-8")
    (tmp_path / "problem.pddl").write_text(problem_text(domain, level_facts(level), path.stem),
                                           encoding="utf-8")
    ours = _task(tmp_path / "domain.pddl", tmp_path / "problem.pddl")
    reference = _task(ROOT / "pddl" / "domain.pddl", ROOT / "pddl" / f"{path.stem}.pddl")
    assert ours == reference


def test_search_uses_a_hero_pattern_database_when_the_task_has_one() -> None:
    sas = "\n".join(["begin_variable", "var0", "-1", "2", "Atom won(yes)", "NegatedAtom won(yes)",
                     "end_variable", "begin_variable", "var1", "-1", "2", "Atom phase(even)",
                     "Atom phase(odd)", "end_variable", "begin_variable", "var2", "-1", "2",
                     "Atom hero(c1_1)", "Atom hero(c1_2)", "end_variable"])
    assert search_configuration(23, sas) == \
        "astar(pdb(pattern=manual_pattern([0,2])),bound=24)"
    assert search_configuration(23, "begin_metric\n1\nend_metric") == "astar(blind(),bound=24)"


def _square(value: int) -> int:
    return value * value


def _fail_on_three(value: int) -> int:
    if value == 3:
        raise ValueError("three")
    return value


def _die_on_two(value: int) -> int:
    if value == 2:
        os._exit(9)
    return value


def test_parallel_results_come_in_input_order() -> None:
    assert list(run_ordered(_square, list(range(7)), jobs=3)) == [0, 1, 4, 9, 16, 25, 36]
    assert list(run_ordered(_square, [5], jobs=3)) == [25]


def test_parallel_errors_reach_the_caller() -> None:
    results = run_ordered(_fail_on_three, [1, 2, 3, 4], jobs=2)
    assert next(results) == 1 and next(results) == 2
    with pytest.raises(ValueError, match="three"):
        next(results)
    with pytest.raises(WorkerDied):
        list(run_ordered(_die_on_two, [1, 2, 3], jobs=2))


def _sleep(seconds: float) -> float:
    import time

    time.sleep(seconds)
    return seconds


def test_a_function_in_a_child_is_stopped_at_its_timeout() -> None:
    assert run_in_child("sleeper", _sleep, 0.0, timeout=5) == 0.0
    with pytest.raises(WorkerTimeout, match="sleeper stopped after 0.2 s"):
        run_in_child("sleeper", _sleep, 30.0, timeout=0.2)
    with pytest.raises(WorkerDied, match="exit code 9"):
        run_in_child("dier", _die_on_two, 2, timeout=5)
    with pytest.raises(ValueError, match="three"):
        run_in_child("failer", _fail_on_three, 3, timeout=5)


def test_a_command_timeout_kills_its_children_too(tmp_path: Path) -> None:
    """The command starts a grandchild that would outlive it; the timeout stops both."""
    marker = tmp_path / "grandchild-finished"
    script = f"sleep 1 && touch {marker} & echo started; wait"
    run = run_command(["sh", "-c", script], str(tmp_path), timeout=0.3)
    assert run.timed_out and run.exit_code is None and "started" in run.output
    import time

    time.sleep(1.2)
    assert not marker.exists()
    finished = run_command(["sh", "-c", "echo out; echo err >&2; exit 3"], str(tmp_path), None)
    assert (finished.exit_code, sorted(finished.output.split())) == (3, ["err", "out"])


def test_own_working_directory_is_fresh_and_removed() -> None:
    before = os.getcwd()
    with own_working_directory("helltaker-test-") as work:
        assert os.getcwd() == os.path.realpath(work) and os.listdir(work) == []
    assert os.getcwd() == before and not os.path.exists(work)


@pytest.mark.planner
def test_both_fast_downward_paths_agree(capsys) -> None:
    """`fd` (hot path) and `fd-up` (through OneshotPlanner) find plans of the same cost."""
    import json

    from translator.cli.main import main

    paths = [str(p) for p in REPO_LEVELS]
    costs = {}
    for planner in ("fd", "fd-up"):
        assert main(["solve", "--json", "--planner", planner, *paths]) == 0
        costs[planner] = [json.loads(line)["cost"] for line in capsys.readouterr().out.split("\n")
                          if line]
    assert costs["fd"] == costs["fd-up"]
