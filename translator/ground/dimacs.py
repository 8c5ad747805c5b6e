"""The CNF of a ground task as a DIMACS file, with comment lines naming its variables, and
those lines read back, so that any SAT solver's model turns into a plan.

    c helltaker cnf: level1, horizon 23 steps, cost <= 23
    c action 812 1 step_calm c1_6 c2_6 down even odd limbo_even limbo_odd no no
    c value 1 0 var0=Atom hero(c1_6)
    p cnf 26585 241705

`c action VAR STEP NAME`: variable VAR true means the ground action NAME is step STEP.
`c value VAR STEP VARIABLE=MEANING`: VAR true means that after STEP steps the task's variable
has that value. Every other variable is auxiliary (counters, the totalizer).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from strips_model.errors import InputError, Position
from translator.ground.cnf_encoding import CnfEncoding, bounded_clauses
from translator.model.specialised import Specialised

HEADER = "c helltaker cnf"
_ACTION = re.compile(r"c action (\d+) (\d+) (\S.*)\Z")


def dimacs_lines(encoding: CnfEncoding, bound: int, title: str,
                 specialised: Specialised | None = None) -> Iterator[str]:
    """The DIMACS text; when the task is that of a level's `specialised` model, each action
    line names the action as the unspecialised model does at that step, so that the plan
    read back from a model needs no renaming."""
    clauses = list(bounded_clauses(encoding, bound))
    yield f"{HEADER}: {title}, horizon {encoding.horizon} steps, cost <= {bound}\n"
    yield "c decode a solver's model: helltaker decode THIS_FILE MODEL_FILE\n"
    for variable, step, operator in encoding.actions:
        name = encoding.task.operators[operator].name
        if specialised is not None:
            name = specialised.restored_name(step - 1, name)
        yield f"c action {variable} {step} {name}\n"
    for variable, step, index, value in encoding.values:
        meaning = encoding.task.variables[index].values[value]
        yield f"c value {variable} {step} {encoding.task.variables[index].name}={meaning}\n"
    yield f"p cnf {encoding.variable_count} {len(clauses)}\n"
    for clause in clauses:
        yield " ".join(map(str, clause)) + " 0\n"


@dataclass(frozen=True, slots=True)
class ActionVariable:
    step: int
    name: str


def is_dimacs_export(text: str) -> bool:
    return text.startswith(HEADER)


def action_variables(text: str, source: str) -> dict[int, ActionVariable]:
    """The `c action` lines of a file `helltaker cnf` wrote, by CNF variable."""
    actions: dict[int, ActionVariable] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith("p "):
            break
        match = _ACTION.match(line)
        if match:
            actions[int(match.group(1))] = ActionVariable(int(match.group(2)), match.group(3))
        elif line.startswith("c action"):
            raise InputError("malformed `c action VAR STEP NAME` line", Position(source, number))
    if not actions and not is_dimacs_export(text):
        raise InputError(f"not a CNF file written by `helltaker cnf` (no `{HEADER}` line)",
                         Position(source, 1))
    return actions


@dataclass(frozen=True, slots=True)
class DimacsFormula:
    """The `p cnf` line and the clauses of a DIMACS text, each clause without its `0`."""

    variable_count: int
    clauses: tuple[tuple[int, ...], ...]


def dimacs_formula(text: str, source: str) -> DimacsFormula:
    """The formula of a DIMACS text: what a model of it must satisfy."""
    header, _, body = text.partition("\np cnf ")
    counts = body.split("\n", 1)
    try:
        variable_count, clause_count = map(int, counts[0].split())
        literals = [int(field) for line in (counts[1] if len(counts) > 1 else "").splitlines()
                    if not line.startswith("c") for field in line.split()]
    except ValueError:
        raise InputError("expected a `p cnf VARIABLES CLAUSES` line, then clauses of "
                         "integers", Position(source, header.count("\n") + 2)) from None
    clauses: list[tuple[int, ...]] = []
    start = 0
    for index, literal in enumerate(literals):
        if literal == 0:
            clauses.append(tuple(literals[start:index]))
            start = index + 1
    if start != len(literals) or len(clauses) != clause_count:
        raise InputError(f"the `p cnf` line announces {clause_count} clauses, the file holds "
                         f"{len(clauses)} ended by 0", Position(source))
    return DimacsFormula(variable_count, tuple(clauses))
