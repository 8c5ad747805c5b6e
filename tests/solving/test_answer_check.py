"""`helltaker decode` prints a plan only from an answer that is a model of the exported program
(issue 24 item 5): an ASP answer is judged against the rules by an independent path (the
lifted model's replay and the simulator's validator), a SAT model against pysat's own
propagation of the DIMACS clauses."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
from cli.test_fuzz import fast_and_long
from conftest import SKELETON_SPIKES
from hypothesis import strategies as st

from strips_model.errors import InputError
from strips_model.level import Level
from strips_model.level_file import parse_level
from strips_model.moves import parse_plan
from strips_model.schema import helltaker_domain
from strips_model.validator import validate
from translator.cli.main import main
from translator.ground.asp_facts import AspTask, asp_task
from translator.ground.asp_program import action_term, asp_program
from translator.ground.cnf_encoding import encode
from translator.ground.dimacs import dimacs_formula, dimacs_lines
from translator.ground.ground_task import ground_task
from translator.model.specialised import unspecialised
from translator.solving.answer_check import check_clingo_answer, check_sat_model
from translator.solving.ground_plans import ground_plan_of
from translator.solving.key_presses import PlanMappingError, key_presses
from translator.solving.solver_answers import clingo_answer, plan_of_clingo_answer


@dataclass(frozen=True)
class _Exports:
    level: Level
    program: str
    task: AspTask
    formula: str
    model: tuple[int, ...]
    """A model of `formula` found by pysat."""


@cache
def _exports() -> _Exports:
    """The skeleton-and-spikes level (`rrrr`, cost 5 = budget) exported both ways."""
    from pysat.solvers import Solver

    level = parse_level(SKELETON_SPIKES, "skel.txt")
    task = ground_task(unspecialised(level))  # names as the lifted model's, at every step
    program = asp_program(task, level.budget)
    formula = "".join(dimacs_lines(encode(task, level.budget, level.budget), level.budget,
                                   level.name))
    with Solver(name="minisat22",
                bootstrap_with=dimacs_formula(formula, "f.cnf").clauses) as solver:
        assert solver.solve()
        model = tuple(solver.get_model() or ())
    return _Exports(level, program, asp_task(program, "p.lp"), formula, model)


def _is_plan_of_the_rules(level: Level, names: list[str]) -> bool:
    """Independent of the ground task: the key presses the steps name, replayed by the lifted
    model (one applicable action each, the very ones named) and judged by the simulator."""
    answer = clingo_answer("Answer: 1\n" + " ".join(
        f"occurs({name},{step})" for step, name in enumerate(names, start=1)) + "\n", "a")
    steps = plan_of_clingo_answer(answer)
    try:
        directions = key_presses(helltaker_domain(), steps)
        return ground_plan_of(level, directions) == steps and validate(level, directions).valid
    except PlanMappingError:
        return False


@cache
def _plan_terms(level: Level) -> list[str]:
    """The ASP terms of the actions of `rrrr`, the level's plan."""
    return [action_term(" ".join((name, *arguments)))
            for name, arguments in ground_plan_of(level, parse_plan("rrrr"))]


_MOVES = st.lists(st.tuples(st.sampled_from(["applicable", "any", "unknown"]),
                            st.integers(0, 1000)), max_size=2)
"""Steps after the plan's prefix: an action applicable in the task, any action, or a term that
is no action."""


def check_answers_are_accepted_exactly_when_they_are_plans(
        kept: int, replaced: tuple[int, tuple[str, int]] | None, moves: list[tuple[str, int]],
        gap: int) -> None:
    exports = _exports()
    task, plan = exports.task, _plan_terms(exports.level)
    chosen: list[tuple[str, int] | str] = list(plan[:kept])
    if replaced is not None and replaced[0] < len(chosen):
        chosen[replaced[0]] = replaced[1]
    state, names = dict(task.initial), []
    for move in [*chosen, *moves]:
        if isinstance(move, str):
            action = next(action for action in task.actions if str(action) == move)
        elif move[0] == "unknown":
            names.append(f"kick(c{move[1]})")
            continue
        else:
            pool = sorted((action for action, operator in task.actions.items()
                           if all(state.get(v) == d for v, d in operator.preconditions)
                           or move[0] == "any"), key=str) or sorted(task.actions, key=str)
            action = pool[move[1] % len(pool)]
        state.update(task.actions[action].effects)
        names.append(str(action))
    steps = [step + (step > gap > 0) for step in range(1, len(names) + 1)]
    text = "Answer: 1\n" + " ".join(f"occurs({name},{step})"
                                    for name, step in zip(names, steps, strict=True)) + "\n"
    expected = (gap == 0 or gap >= len(names)) and len(names) <= task.horizon \
        and all(not name.startswith("kick(c") for name in names) \
        and _is_plan_of_the_rules(exports.level, names)
    try:
        check_clingo_answer(exports.program, "p.lp", clingo_answer(text, "a.txt"))
    except InputError as error:
        assert not expected, f"a plan of the rules refused: {error}"
        assert len(str(error).splitlines()) == 1 and str(error).startswith("a.txt")
    else:
        assert expected, f"accepted, but not a plan of the rules: {names} at {steps}"


(test_answers_are_accepted_exactly_when_they_are_plans,
 test_answers_are_accepted_exactly_when_they_are_plans_long) = fast_and_long(
    20, kept=st.integers(0, 4) | st.just(4),
    replaced=st.none() | st.tuples(st.integers(0, 3), st.tuples(
        st.sampled_from(["applicable", "any", "unknown"]), st.integers(0, 1000))),
    moves=st.just([]) | _MOVES, gap=st.just(0) | st.integers(0, 4))(
    check_answers_are_accepted_exactly_when_they_are_plans)


def check_models_are_accepted_exactly_when_they_satisfy_the_clauses(flips: list[int]) -> None:
    from pysat.solvers import Solver

    exports = _exports()
    model = list(exports.model)
    for flip in flips:
        model[flip % len(model)] *= -1
    with Solver(name="minisat22",
                bootstrap_with=dimacs_formula(exports.formula, "f.cnf").clauses) as solver:
        satisfied = solver.solve(assumptions=model)
    try:
        check_sat_model(exports.formula, "f.cnf", set(model), "m.txt")
    except InputError as error:
        assert not satisfied, f"a model refused: {error}"
        assert str(error).startswith("m.txt: clause ")
    else:
        assert satisfied, f"accepted, but flips {flips} falsify a clause"


(test_models_are_accepted_exactly_when_they_satisfy_the_clauses,
 test_models_are_accepted_exactly_when_they_satisfy_the_clauses_long) = fast_and_long(
    10, flips=st.lists(st.integers(0, 10**6), max_size=3))(
    check_models_are_accepted_exactly_when_they_satisfy_the_clauses)


def test_a_model_names_only_variables_of_the_formula_each_once() -> None:
    exports = _exports()
    top = dimacs_formula(exports.formula, "f.cnf").variable_count
    with pytest.raises(InputError, match=rf"^m: literal {top + 1} is not a variable"):
        check_sat_model(exports.formula, "f.cnf", {*exports.model, top + 1}, "m")
    with pytest.raises(InputError, match=r"^m: variable 1 is both true and false"):
        check_sat_model(exports.formula, "f.cnf", {*exports.model, 1, -1}, "m")


def test_an_asp_answer_is_in_the_programs_signature_and_its_facts() -> None:
    exports = _exports()
    plan = " ".join(f"occurs({term},{step})"
                    for step, term in enumerate(_plan_terms(exports.level), start=1))
    check_clingo_answer(exports.program, "p", clingo_answer(f"Answer: 1\n{plan}\n", "a"))
    for atom, why in (("foo(1)", "is not in the program's signature"),
                      ("init(0,99)", "is not a fact of the program"),
                      ("holds(0,99,0)", "is not the state the plan reaches")):
        with pytest.raises(InputError, match=rf"^a:2:1: atom {re.escape(atom)} {why}"):
            check_clingo_answer(exports.program, "p",
                                clingo_answer(f"Answer: 1\n{atom} {plan}\n", "a"))
    edited = exports.program.replace("#show occurs/2.", "#show holds/3.")
    with pytest.raises(InputError, match="^p: the encoding after the facts is not the one"):
        check_clingo_answer(edited, "p", clingo_answer("Answer: 1\n\n", "a"))


def test_decode_refuses_an_unknown_action_and_a_non_model_in_one_line(tmp_path: Path,
                                                                       capsys) -> None:
    """The cases of issue 24: both printed a plan and exited 0 before."""
    exports = _exports()
    program, formula = tmp_path / "l.lp", tmp_path / "l.cnf"
    program.write_text(exports.program, encoding="utf-8")
    formula.write_text(exports.formula, encoding="utf-8")
    answer = tmp_path / "answer.txt"
    answer.write_text("Answer: 1\noccurs(do(foo),3)\nSATISFIABLE\n", encoding="utf-8")
    assert main(["decode", str(program), str(answer)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.splitlines() == [
        f"helltaker: {answer}:2:1: atom occurs(do(foo),3) is not an action of the program"]
    answer.write_text("v 1 0\n", encoding="utf-8")
    assert main(["decode", str(formula), str(answer)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.splitlines()) == 1
    assert f"{answer}: clause " in captured.err and ") is not satisfied" in captured.err
    answer.write_text("s SATISFIABLE\nv " + " ".join(map(str, exports.model)) + " 0\n",
                      encoding="utf-8")
    assert main(["decode", str(formula), str(answer)]) == 0
    assert capsys.readouterr().out.count("\n") == 4  # rrrr


@pytest.mark.parametrize("number", ["2147483648", "-2147483649", "9" * 4000])
def test_an_integer_past_clingos_is_refused_where_it_stands(number: str) -> None:
    """Issue 42: clingo's `parse_term` wraps past 32 bits, so a 4,000-digit step was decoded
    as step -1 and blamed on the program's signature."""
    text = f"Answer: 1\nocc(a,1) occ(move(c1_1,c1_2),{number})\nSATISFIABLE\n"
    shown = number if len(number) <= 20 else f"{number[:12]}..."
    with pytest.raises(InputError, match=rf"^a\.txt:2:{10 + len('occ(move(c1_1,c1_2),')}: "
                                         rf"the integer {re.escape(shown)} in "):
        clingo_answer(text, "a.txt")
    for inside in ("2147483647", "-2147483648"):
        assert clingo_answer(text.replace(number, inside), "a.txt").atoms[1][1].arguments[1] \
            .number == int(inside)
