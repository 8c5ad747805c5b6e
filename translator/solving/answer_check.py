"""Whether a solver's answer is a model of the program `helltaker decode` was given: a plan
is printed only from an answer the exported program could have produced.

An ASP answer is checked against the facts of the `helltaker asp` file (asp_facts.py): every
atom is of the program's signature, every fact-predicate atom is one of its facts, every
`occurs(A,T)` names an action of the program at a step of the horizon, the steps follow one
another, and the plan they make is replayed in the ground task (each action applicable in
turn, the goal reached, the cost within the bound); `holds(V,D,T)` atoms must match the
replayed states. A SAT model must give each variable of the formula one value and satisfy
every clause of the `helltaker cnf` file. The first offence is the error, exit 2.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from strips_model.errors import InputError, Position
from translator.ground.asp_facts import AspTask, asp_task
from translator.ground.dimacs import dimacs_formula
from translator.solving.solver_answers import ClingoAnswer, occurrences

if TYPE_CHECKING:
    from clingo import Symbol

_FACT_PREDICATES = {("init", 2), ("goal", 2), ("action", 1), ("cost", 2), ("pre", 3),
                    ("post", 3)}
_SHOWN_CLAUSE_LITERALS = 12
"""A clause longer than this is shown with its first literals and its length."""


def check_clingo_answer(program: str, program_source: str, answer: ClingoAnswer) -> None:
    """Refuse `answer` (InputError at its first offending atom) unless it is an answer set
    of `program`, as far as its shown atoms say."""
    import clingo

    task = asp_task(program, program_source)
    for column, atom in answer.atoms:
        if atom.type is not clingo.SymbolType.Function \
                or (atom.name, len(atom.arguments)) not in task.signature:
            raise InputError(f"atom {atom} is not in the program's signature", answer.at(column))
        if (atom.name, len(atom.arguments)) in _FACT_PREDICATES and atom not in task.facts:
            raise InputError(f"atom {atom} is not a fact of the program", answer.at(column))
    states = _replay(task, answer)
    for column, atom in answer.atoms:
        if atom.name == "holds" and len(atom.arguments) == 3:
            variable, value, step = atom.arguments
            at, index = _number(step), _number(variable)
            if at is None or index is None or not 0 <= at < len(states) \
                    or states[at].get(index) != _number(value):
                raise InputError(f"atom {atom} is not the state the plan reaches",
                                 answer.at(column))


def _number(term: Symbol) -> int | None:
    import clingo

    return term.number if term.type is clingo.SymbolType.Number else None


def _replay(task: AspTask, answer: ClingoAnswer) -> list[dict[int, int]]:
    """The states after 0, 1, ... horizon steps of the answer's plan."""
    state = dict(task.initial)
    states = [dict(state)]
    spent = 0
    for expected, (step, column, action) in enumerate(occurrences(answer), start=1):
        atom = f"occurs({action},{step})"
        if action not in task.actions:
            raise InputError(f"atom {atom} is not an action of the program", answer.at(column))
        if step != expected or step > task.horizon:
            why = f"outside the horizon 1..{task.horizon}" if not 1 <= step <= task.horizon \
                else f"step {expected} has no action, and a plan's steps follow one another"
            raise InputError(f"atom {atom}: {why}", answer.at(column))
        operator = task.actions[action]
        for variable, value in operator.preconditions:
            if state.get(variable) != value:
                raise InputError(f"atom {atom}: the action is not applicable after step "
                                 f"{step - 1}: it needs variable {variable} = {value}, which "
                                 f"is {state.get(variable)}", answer.at(column))
        state.update(operator.effects)
        states.append(dict(state))
        spent += operator.cost
        if spent > task.bound:
            raise InputError(f"atom {atom}: the plan costs {spent} by this step, over the "
                             f"bound {task.bound}", answer.at(column))
    missed = [(variable, value) for variable, value in task.goal
              if state.get(variable) != value]
    if missed:
        variable, value = missed[0]
        raise InputError(f"the plan does not reach the goal: it needs variable {variable} = "
                         f"{value}, which is {state.get(variable)} after step "
                         f"{len(states) - 1}", Position(answer.source, answer.line))
    return states + [dict(state)] * (task.horizon + 1 - len(states))


def check_sat_model(formula: str, formula_source: str, literals: set[int],
                    model_source: str) -> None:
    """Refuse `literals` (InputError naming the first offending variable or clause) unless
    they are a model of the DIMACS `formula`."""
    cnf = dimacs_formula(formula, formula_source)
    for literal in sorted(literals, key=abs):
        if abs(literal) > cnf.variable_count:
            raise InputError(f"literal {literal} is not a variable of the formula (1 to "
                             f"{cnf.variable_count})", Position(model_source))
        if -literal in literals and literal > 0:
            raise InputError(f"variable {literal} is both true and false",
                             Position(model_source))
    for number, clause in enumerate(cnf.clauses, start=1):
        if not any(literal in literals for literal in clause):
            shown = " ".join(map(str, clause[:_SHOWN_CLAUSE_LITERALS]))
            if len(clause) > _SHOWN_CLAUSE_LITERALS:
                shown += f" ... ({len(clause)} literals)"
            raise InputError(f"clause {number} ({shown} 0) is not satisfied",
                             Position(model_source))
