"""A plan from what an ASP or SAT solver printed for a file of `helltaker asp` or
`helltaker cnf`: the way back from the exports to a plan `helltaker validate` reads.

clingo prints `Answer: N` and, on the next line, the shown atoms (`occurs(ACTION,STEP)`);
SAT solvers print `s SATISFIABLE` and `v LITERALS ... 0` lines (the competition format), or
bare lines of literals (MiniSat's result file). The plan is the actions in step order.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from strips_model.errors import InputError, Position
from strips_model.ground_plan import PlanStep, step_of_name
from translator.ground.asp_program import step_of_term
from translator.ground.dimacs import action_variables

if TYPE_CHECKING:
    from clingo import Symbol

_ANSWER = re.compile(r"Answer: (\d+)")
_INTEGER = re.compile(r"(?<![\w\"])-?\d+")
_CLINGO_INTEGERS = range(-(2**31), 2**31)
"""clingo's integers: `parse_term` wraps one past them (a 4,000-digit step read as -1)."""
_UNSAT = {"UNSAT", "UNSATISFIABLE", "s UNSATISFIABLE"}


@dataclass(frozen=True, slots=True)
class ClingoAnswer:
    """One answer set as clingo printed it: the atoms of line `line` with their columns."""

    source: str
    line: int
    atoms: tuple[tuple[int, Symbol], ...]

    def at(self, column: int) -> Position:
        return Position(self.source, self.line, column)


def plan_of_clingo_output(output: str, source: str, answer: int | None = None
                          ) -> tuple[PlanStep, ...]:
    """The plan of answer number `answer` (default: the last one printed, which is the best
    under optimisation)."""
    return plan_of_clingo_answer(clingo_answer(output, source, answer))


def clingo_answer(output: str, source: str, answer: int | None = None) -> ClingoAnswer:
    """Answer number `answer` of clingo's output (default: the last one printed)."""
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
    symbols = []
    for column, atom in _atoms(atoms_line):
        past = next((match for match in _INTEGER.finditer(atom)
                     if int(match.group()) not in _CLINGO_INTEGERS), None)
        if past is not None:
            shown = past.group() if len(past.group()) <= 20 else f"{past.group()[:12]}..."
            raise InputError(f"the integer {shown} in {atom[:40]!r} is past clingo's "
                             "32-bit integers", Position(source, line_index + 1,
                                                   column + past.start()))
        try:
            symbols.append((column, clingo.parse_term(atom)))
        except RuntimeError:
            raise InputError(f"cannot read the atom {atom!r}",
                             Position(source, line_index + 1, column)) from None
    return ClingoAnswer(source, line_index + 1, tuple(symbols))


def occurrences(answer: ClingoAnswer) -> list[tuple[int, int, Symbol]]:
    """(step, column, action) of every `occurs(ACTION,STEP)` atom, in step order."""
    import clingo

    found = [(symbol.arguments[1].number, column, symbol.arguments[0])
             for column, symbol in answer.atoms
             if symbol.type is clingo.SymbolType.Function and symbol.name == "occurs"
             and len(symbol.arguments) == 2
             and symbol.arguments[1].type is clingo.SymbolType.Number]
    found.sort(key=lambda occurrence: occurrence[:2])
    for before, after in zip(found, found[1:], strict=False):
        if before[0] == after[0]:
            raise InputError("two actions at one step: not an answer of the sequential "
                             "encoding", answer.at(after[1]))
    return found


def plan_of_clingo_answer(answer: ClingoAnswer) -> tuple[PlanStep, ...]:
    return tuple(step_of_term(action) for _, _, action in occurrences(answer))


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
    true = {literal for literal in sat_model_literals(model, model_source) if literal > 0}
    chosen = sorted((action.step, action.name) for variable, action in actions.items()
                    if variable in true)
    if len({step for step, _ in chosen}) != len(chosen):
        raise InputError("two actions at one step: not a model of this formula",
                         Position(model_source))
    return tuple(step_of_name(name) for _, name in chosen)


def sat_model_literals(model: str, model_source: str) -> set[int]:
    """The literals a SAT solver's model sets true (`-5`: variable 5 is false)."""
    literals: set[int] = set()
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
            if literal != 0:
                literals.add(literal)
    if not any(literal > 0 for literal in literals):
        raise InputError("no model: expected `v` lines of literals", Position(model_source))
    return literals
