"""`--planner asp` and `--planner sat` on the task specialised to the level
(translator/model/specialised.py) find what they find on the unspecialised task: the same
least cost, which is the exhaustive search's over the simulator, and plans that, given back in
the unspecialised names, are the very actions the lifted model takes for their key presses and
that the rules accept at that cost. The exports make the same round trip through `decode`.

The levels are the repository's small ones, one per kind of specialisation, and a few
derandomized generated 5x5 rooms (as `*_long`, marker `fuzz`, HELLTAKER_FUZZ_EXAMPLES=N fresh
ones: tests/conftest.py), where asp on the specialised task finds the exhaustive search's
least cost. Each level is solved within its least cost, so that the horizon stays short.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest
from cli.test_fuzz import fast_and_long
from helpers import ROOT
from hypothesis import assume
from hypothesis import strategies as st

from strips_model.ground_plan import PlanStep
from strips_model.level import Level
from strips_model.level_file import load_level, parse_level
from strips_model.random_level import Counts, layout_text
from strips_model.schema import helltaker_domain
from strips_model.validator import validate
from translator.cli.main import main
from translator.model.specialised import Specialised, specialise, unspecialised
from translator.planners.asp import solve_task_with_clingo
from translator.planners.exhaustive import solve_exhaustively
from translator.planners.outcome import PlannerOptions, PlannerOutcome, Status
from translator.planners.sat import solve_task_with_sat
from translator.solving.ground_plans import ground_plan_of
from translator.solving.key_presses import key_presses

pytestmark = pytest.mark.planner

Solver = Callable[[Specialised, PlannerOptions], PlannerOutcome]
SOLVERS: dict[str, Solver] = {"asp": solve_task_with_clingo, "sat": solve_task_with_sat}

KINDS = {"static_spikes.txt": "one phase, one limbo marker, no boulder/skeleton/lock schemas",
         "trap_raised_start.txt": "one limbo marker (traps, no skeleton)",
         "skeleton_on_trap.txt": "nothing merged, schemas dropped",
         "lock_and_key.txt": "one phase, the lock's schemas kept"}


def _rules_accept(level: Level, steps: tuple[PlanStep, ...], cost: int) -> None:
    presses = key_presses(helltaker_domain(), steps)
    assert steps == ground_plan_of(level, presses)
    verdict = validate(level, presses)
    assert verdict.valid and verdict.cost == cost


@pytest.mark.parametrize("name", KINDS)
def test_the_specialised_task_gives_asp_and_sat_the_same_optimum(name: str) -> None:
    level = load_level(str(ROOT / "levels" / name))
    least = solve_exhaustively(level).cost
    assert least is not None
    options = PlannerOptions(least)
    for planner, solve in SOLVERS.items():
        found, reference = solve(specialise(level), options), solve(unspecialised(level), options)
        assert found.status is reference.status is Status.SOLVED, (planner, found.log_tail)
        assert found.cost == reference.cost == least, planner
        _rules_accept(level, found.steps, least)
        _rules_accept(level, reference.steps, least)


def check_asp_finds_the_exhaustive_optimum(level: Level) -> None:
    """On the specialised task, within the least cost (the horizon stays short)."""
    least = solve_exhaustively(level).cost
    assume(least is not None)
    assert least is not None
    found = solve_task_with_clingo(specialise(level), PlannerOptions(least))
    assert found.status is Status.SOLVED and found.cost == least, found.log_tail
    _rules_accept(level, found.steps, least)


def _room(seed: int, counts: Counts) -> Level:
    text = layout_text(random.Random(f"asp-sat-{seed}"), 6, 6, counts, 60, f"room {seed}")
    return parse_level(text, source=f"<asp-sat room {seed} {counts}>")


_ROOMS = st.builds(_room, st.integers(0, 10**6), st.builds(
    Counts, boulders=st.integers(0, 1), skeletons=st.integers(0, 1), spikes=st.integers(0, 1),
    traps=st.integers(0, 2), key=st.booleans(), walls=st.just(0.1)))

(test_asp_finds_the_exhaustive_optimum_of_generated_rooms,
 test_asp_finds_the_exhaustive_optimum_of_generated_rooms_long) = fast_and_long(
    4, level=_ROOMS)(check_asp_finds_the_exhaustive_optimum)


@pytest.mark.parametrize("name", ["trap_raised_start.txt", "lock_and_key.txt"])
def test_the_exports_decode_to_plans_in_the_unspecialised_names(name: str, tmp_path: Path,
                                                                capsys) -> None:
    """Solved in this process (clingo's optimisation, pysat's Glucose): `decode` gives a
    plan the rules accept at the level's least cost."""
    import clingo
    from pysat.formula import CNF
    from pysat.solvers import Solver as SatSolver

    path = ROOT / "levels" / name
    least = solve_exhaustively(load_level(str(path))).cost
    program, formula = tmp_path / "l.lp", tmp_path / "l.cnf"
    answer, plan = tmp_path / "answer.txt", tmp_path / "plan.txt"
    assert main(["asp", str(path), "-o", str(program)]) == 0
    assert main(["cnf", str(path), "-o", str(formula)]) == 0
    control = clingo.Control(["--opt-mode=opt", "--warn=none"])
    control.add("base", [], program.read_text("utf-8"))
    control.ground([("base", []), ("optimal", [])])
    shown: list[str] = []
    control.solve(on_model=lambda model: shown.append(
        " ".join(map(str, model.symbols(shown=True)))))
    answer.write_text(f"Answer: 1\n{shown[-1]}\nSATISFIABLE\n", encoding="utf-8")
    assert main(["decode", str(program), str(answer), "-o", str(plan)]) == 0
    assert main(["validate", str(path), f"@{plan}"]) == 0
    assert f"cost {least}" in capsys.readouterr().out
    with SatSolver(name="glucose42", bootstrap_with=CNF(from_file=str(formula)).clauses) as sat:
        assert sat.solve()
        model = sat.get_model() or []
    answer.write_text("v " + " ".join(map(str, model)) + " 0\n", encoding="utf-8")
    assert main(["decode", str(formula), str(answer), "-o", str(plan)]) == 0
    assert main(["validate", str(path), f"@{plan}"]) == 0
    assert "valid" in capsys.readouterr().out
