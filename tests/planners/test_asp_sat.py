"""`--planner asp` and `--planner sat` on what their encodings are made of, and the exports:
`helltaker asp` run by the clingo application, `helltaker cnf` read by another SAT solver
from its DIMACS text, and both answers decoded into plans that `validate` accepts."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from helpers import ROOT

from strips_model.errors import InputError, RunError
from strips_model.level_file import load_level
from translator.cli.main import main
from translator.ground.asp_program import action_term
from translator.ground.cnf_encoding import encode
from translator.ground.ground_task import ground_task
from translator.ground.horizon import MAX_HORIZON, horizon_of
from translator.model.specialised import specialise
from translator.planners.outcome import PlannerOptions, Status
from translator.planners.registry import prepare_planner, run_planner
from translator.solving.solver_answers import plan_of_clingo_output, plan_of_sat_model

SPIKES = ROOT / "levels" / "static_spikes.txt"
"""Par 8 (levels/README.md): a level where damage makes the cheapest plan not the
shortest."""


def test_action_names_become_asp_terms_and_odd_words_are_quoted() -> None:
    assert action_term("step_calm c1_1 c1_2 right") == "step_calm(c1_1,c1_2,right)"
    assert action_term("noop") == "noop"
    assert action_term("move c-1 X") == 'move("c-1","X")'
    assert action_term("Move a") == '"Move a"'


def test_the_horizon_is_the_bound_over_the_cheapest_action() -> None:
    task = ground_task(specialise(load_level(str(SPIKES))))
    assert horizon_of(task, 8) == 8
    with pytest.raises(RunError, match="at most"):
        horizon_of(task, MAX_HORIZON + 1)


def test_the_cost_assumption_bounds_the_totalizer() -> None:
    """SAT with the bound at par, UNSAT one below it, on the same formula."""
    from pysat.solvers import Solver

    task = ground_task(specialise(load_level(str(SPIKES))))
    encoding = encode(task, 8, 8)
    with Solver(name="minisat22", bootstrap_with=encoding.clauses) as solver:
        assert solver.solve(assumptions=encoding.cost_assumption(8))
        assert not solver.solve(assumptions=encoding.cost_assumption(7))


@pytest.mark.planner
@pytest.mark.parametrize("planner", ["asp", "sat"])
def test_small_repo_levels_are_solved_at_par_and_one_less_is_unsolvable(planner: str,
                                                                         level_table) -> None:
    """The classic-sized levels are measured by `helltaker bench`; the shared test maps are
    in tests/planners/test_registry.py."""
    cases = [case for case in level_table if case.label.startswith("levels/") and case.par <= 20]
    assert len(cases) >= 9
    # As `solve` does before a batch: the back-end imported once here, not in every attempt's
    # child (half of each attempt's time on these small levels).
    prepare_planner(planner)
    for case in cases:
        level = load_level(str(case.path))
        solved = run_planner(planner, level, PlannerOptions(case.par))
        assert (solved.status, solved.cost, solved.optimal) == (Status.SOLVED, case.par, True), \
            case.label
        if case.par > 0:
            below = run_planner(planner, level, PlannerOptions(case.par - 1))
            assert below.status is Status.UNSOLVABLE, case.label


@pytest.mark.planner
@pytest.mark.parametrize("planner", ["asp", "sat"])
def test_a_bound_past_the_horizon_limit_is_an_error_not_a_crash(planner: str) -> None:
    level = load_level(str(SPIKES)).with_budget(MAX_HORIZON + 1)
    outcome = run_planner(planner, level, PlannerOptions(MAX_HORIZON + 1))
    assert outcome.status is Status.ERROR and "at most" in outcome.log_tail


def _validate(level: Path, plan: Path, capsys) -> str:
    code = main(["validate", str(level), f"@{plan}"])
    out = capsys.readouterr().out
    assert code == 0, out
    return out


@pytest.mark.planner
def test_exported_program_runs_under_the_clingo_application(tmp_path: Path, capsys) -> None:
    program, answers, plan = tmp_path / "l.lp", tmp_path / "answers.txt", tmp_path / "p.txt"
    assert main(["asp", str(SPIKES), "-o", str(program)]) == 0
    # The clingo package's own application, as the `clingo` executable runs it.
    run = subprocess.run([sys.executable, "-m", "clingo", str(program), "-n0"],
                         capture_output=True, text=True, check=False)
    assert run.returncode in (0, 10, 30), run.stderr  # 10/30 from the clingo executable
    assert "SATISFIABLE" in run.stdout
    answers.write_text(run.stdout, encoding="utf-8")
    count = run.stdout.count("Answer:")
    assert count >= 1
    for number in range(1, count + 1):
        assert main(["decode", str(program), str(answers), "--answer", str(number),
                     "-o", str(plan)]) == 0
        assert "valid" in _validate(SPIKES, plan, capsys)


@pytest.mark.planner
def test_exported_cnf_is_read_by_another_solver_and_its_model_decoded(tmp_path: Path,
                                                                      capsys) -> None:
    from pysat.formula import CNF
    from pysat.solvers import Solver

    formula, model, plan = tmp_path / "l.cnf", tmp_path / "model.txt", tmp_path / "p.txt"
    assert main(["cnf", str(SPIKES), "-o", str(formula)]) == 0
    clauses = CNF(from_file=str(formula)).clauses  # pysat's DIMACS reader, not our encoder
    with Solver(name="minisat22", bootstrap_with=clauses) as solver:
        assert solver.solve()
        literals = solver.get_model()
    model.write_text("s SATISFIABLE\nv " + " ".join(map(str, literals)) + " 0\n",
                     encoding="utf-8")
    assert main(["decode", str(formula), str(model), "-o", str(plan)]) == 0
    assert "valid" in _validate(SPIKES, plan, capsys)
    # A horizon too short for any plan: the formula is unsatisfiable.
    assert main(["cnf", str(SPIKES), "--horizon", "3", "-o", str(formula)]) == 0
    with Solver(name="minisat22", bootstrap_with=CNF(from_file=str(formula)).clauses) as s:
        assert not s.solve()


def test_decoding_errors_name_the_place(tmp_path: Path) -> None:
    cnf = "c helltaker cnf: x, horizon 1 steps, cost <= 1\nc action 1 1 step a b\np cnf 1 0\n"
    assert plan_of_sat_model(cnf, "f.cnf", "v 1 0\n", "m") == (("step", ("a", "b")),)
    with pytest.raises(InputError, match=r"^m:2:5: expected a literal"):
        plan_of_sat_model(cnf, "f.cnf", "s SATISFIABLE\nv 1 x 0\n", "m")
    with pytest.raises(InputError, match="unsatisfiable"):
        plan_of_sat_model(cnf, "f.cnf", "s UNSATISFIABLE\n", "m")
    with pytest.raises(InputError, match="not a CNF file"):
        plan_of_sat_model("p cnf 1 0\n", "f.cnf", "v 1 0\n", "m")
    with pytest.raises(InputError, match="no answer set"):
        plan_of_clingo_output("UNSATISFIABLE\n", "a")
    output = "Answer: 1\noccurs(b(x),2) occurs(a,1)\nSATISFIABLE\n"
    assert plan_of_clingo_output(output, "a") == (("a", ()), ("b", ("x",)))
    with pytest.raises(InputError, match="no answer 2"):
        plan_of_clingo_output(output, "a", 2)
    with pytest.raises(InputError, match=r"^a:2:1: cannot read the atom"):
        plan_of_clingo_output("Answer: 1\noccurs(a,\n", "a")


def test_decode_refuses_a_file_it_did_not_write(tmp_path: Path, capsys) -> None:
    other = tmp_path / "other.lp"
    other.write_text("a.\n", encoding="utf-8")
    answer = tmp_path / "answer.txt"
    answer.write_text("Answer: 1\n\n", encoding="utf-8")
    assert main(["decode", str(other), str(answer)]) == 2
    assert "not a file written by" in capsys.readouterr().err
