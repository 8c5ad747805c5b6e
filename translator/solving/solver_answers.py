"""A plan from what an ASP or SAT solver printed for a file of `helltaker asp` or
`helltaker cnf`: the way back from the exports to a plan `helltaker validate` reads.

clingo prints `Answer: N` and, on the next line, the shown atoms (`occurs(ACTION,STEP)`);
SAT solvers print `s SATISFIABLE` and `v LITERALS ... 0` lines (the competition format), or
bare lines of literals (MiniSat's result file). The plan is the actions in step order.
"""

from __future__ import annotations

import re

from strips_model.errors import InputError, Position
from strips_model.ground_plan import PlanStep, step_of_name
from translator.ground.asp_program import step_of_term
from translator.ground.dimacs import action_variables

_ANSWER = re.compile(r"Answer: (\d+)")
_UNSAT = {"UNSAT", "UNSATISFIABLE", "s UNSATISFIABLE"}


def plan_of_clingo_output(output: str, source: str, answer: int | None = None
                          ) -> tuple[PlanStep, ...]:
    """The plan of answer number `answer` (default: the last one printed, which is the best
    under optimisation)."""
    import clingo

    lines = output.splitlines()
    answers = {int(match.group(1)): index + 1 for index, line in enumerate(lines)
               if (match := _ANSWER.match(line.strip()))}
    if not answers:
        found = "UNSATISFIABLE" if any(line.strip() == "UNSATISFIABLE" for line in lines) \
            else "no `Answer: N` line"
        raise InputError(f"clingo's output holds no answer set ({found}): no plan to decode",
                         Position(source))
    chosen = max(answers) if answer is None else answer
    if chosen not in answers:
        raise InputError(f"no answer {chosen}: the output has answers "
                         f"{min(answers)} to {max(answers)}", Position(source))
    line_index = answers[chosen]
    atoms_line = lines[line_index] if line_index < len(lines) else ""
    occurrences = []
    for column, atom in _atoms(atoms_line):
        try:
            symbol = clingo.parse_term(atom)
        except RuntimeError:
            raise InputError(f"cannot read the atom {atom!r}",
                             Position(source, line_index + 1, column)) from None
        if symbol.type is not clingo.SymbolType.Function or symbol.name != "occurs" \
                or len(symbol.arguments) != 2 \
                or symbol.arguments[1].type is not clingo.SymbolType.Number:
            continue
        occurrences.append((symbol.arguments[1].number, step_of_term(symbol.arguments[0])))
    steps = [step for _, step in sorted(occurrences)]
    if len({step for step, _ in occurrences}) != len(occurrences):
        raise InputError("two actions at one step: not an answer of the sequential encoding",
                         Position(source, line_index + 1))
    return tuple(steps)


def _atoms(line: str) -> list[tuple[int, str]]:
    """The space-separated atoms of a line, with their 1-based columns; spaces inside quoted
    strings or parentheses do not separate."""
    atoms: list[tuple[int, str]] = []
    depth, quoted, escaped, start = 0, False, False, None
    for index, char in enumerate(line + " "):
        if quoted:
            escaped = not escaped and char == "\\"
            if char == '"' and not escaped:
                quoted = False
            continue
        if char == '"':
            quoted = True
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        if char.isspace() and depth == 0:
            if start is not None:
                atoms.append((start + 1, line[start:index]))
                start = None
        elif start is None:
            start = index
    if start is not None:  # unbalanced: kept whole, for clingo's parser to reject
        atoms.append((start + 1, line[start:]))
    return atoms


def plan_of_sat_model(cnf_text: str, cnf_source: str, model: str, model_source: str
                      ) -> tuple[PlanStep, ...]:
    """The plan of a SAT solver's model of a `helltaker cnf` file."""
    actions = action_variables(cnf_text, cnf_source)
    true: set[int] = set()
    for number, line in enumerate(model.splitlines(), start=1):
        text = line.strip()
        if text in _UNSAT:
            raise InputError("the solver found the formula unsatisfiable: no plan within this "
                             "horizon and bound", Position(model_source, number))
        if not text or text.startswith("c") or text in ("SAT", "s SATISFIABLE"):
            continue
        fields = text[2:].split() if text.startswith("v ") else text.split()
        for field in fields:
            try:
                literal = int(field)
            except ValueError:
                column = line.find(field) + 1
                raise InputError(f"expected a literal (an integer), found {field!r}",
                                 Position(model_source, number, column)) from None
            if literal > 0:
                true.add(literal)
    if not true:
        raise InputError("no model: expected `v` lines of literals", Position(model_source))
    chosen = sorted((action.step, action.name) for variable, action in actions.items()
                    if variable in true)
    if len({step for step, _ in chosen}) != len(chosen):
        raise InputError("two actions at one step: not a model of this formula",
                         Position(model_source))
    return tuple(step_of_name(name) for _, name in chosen)
