"""Fast Downward's finite-domain task format (SAS+, version 3) as values, and its reader.

The ASP and SAT back-ends encode a `SasTask`. Fast Downward's translator (fd_translate.py, the
reference) writes a file that `parse_sas` reads; our translation (sas_translation.py) gives
the values directly (task_arrays.py `TaskArrays.sas_task`) and writes the file Fast Downward's
search reads without making these values (sas_writer.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from strips_model.errors import RunError

NONE_OF_THOSE = "<none of those>"
"""The value of a multi-valued variable when none of its atoms holds."""


@dataclass(frozen=True, slots=True)
class Variable:
    name: str
    values: tuple[str, ...]
    """What each value means, as the translator names it (`Atom hero(c1_1)`,
    `NegatedAtom won(yes)`, `<none of those>`)."""


@dataclass(frozen=True, slots=True)
class Operator:
    name: str
    """The ground action, `step_calm c1_1 c1_2 right ...`, as a plan file lists it."""
    prevail: tuple[tuple[int, int], ...]
    """(variable, value) that must hold and is left unchanged."""
    effects: tuple[tuple[int, int, int], ...]
    """(variable, value required before or -1 for any, value after)."""
    cost: int

    @property
    def preconditions(self) -> tuple[tuple[int, int], ...]:
        """Every (variable, value) that must hold before the operator applies."""
        return self.prevail + tuple((var, pre) for var, pre, _ in self.effects if pre != -1)


@dataclass(frozen=True, slots=True)
class SasTask:
    variables: tuple[Variable, ...]
    initial: tuple[int, ...]
    """The value of each variable in the initial state."""
    goal: tuple[tuple[int, int], ...]
    operators: tuple[Operator, ...]
    log: str = ""
    """The translator's log (its counts of operators and variables)."""


class _Lines:
    """The SAS text, line by line, with the section markers checked."""

    def __init__(self, text: str) -> None:
        self._lines: Iterator[str] = iter(text.splitlines())

    def next(self) -> str:
        try:
            return next(self._lines)
        except StopIteration:
            raise RunError("SAS+ task ends early") from None

    def number(self) -> int:
        values = self.numbers()
        if len(values) != 1:
            raise RunError(f"SAS+ task: expected one number, found "
                           f"{values}")
        return values[0]

    def numbers(self) -> list[int]:
        line = self.next()
        try:
            return [int(field) for field in line.split()]
        except ValueError:
            raise RunError(f"SAS+ task: expected numbers, found "
                           f"{line!r}") from None

    def expect(self, marker: str) -> None:
        line = self.next()
        if line != marker:
            raise RunError(f"SAS+ task: expected {marker!r}, "
                           f"found {line!r}")


def parse_sas(text: str) -> SasTask:
    """The task of a SAS+ file, format version 3."""
    lines = _Lines(text)
    lines.expect("begin_version")
    if lines.number() != 3:
        raise RunError("SAS+ task: not version 3")
    lines.expect("end_version")
    lines.expect("begin_metric")
    lines.number()
    lines.expect("end_metric")
    variables = tuple(_variable(lines) for _ in range(lines.number()))
    for _ in range(lines.number()):  # mutex groups: implied by the operators, not needed
        lines.expect("begin_mutex_group")
        for _ in range(lines.number()):
            lines.next()
        lines.expect("end_mutex_group")
    lines.expect("begin_state")
    initial = tuple(lines.number() for _ in variables)
    lines.expect("end_state")
    lines.expect("begin_goal")
    goal = tuple((var, value) for var, value in (lines.numbers() for _ in range(lines.number())))
    lines.expect("end_goal")
    operators = tuple(_operator(lines) for _ in range(lines.number()))
    if lines.number() != 0:
        raise RunError("the ground task has axioms, which this back-end does not encode")
    return SasTask(variables, initial, goal, operators)


def _variable(lines: _Lines) -> Variable:
    lines.expect("begin_variable")
    name = lines.next()
    if lines.number() != -1:
        raise RunError("the ground task has derived variables, which this back-end does "
                       "not encode")
    values = tuple(lines.next() for _ in range(lines.number()))
    lines.expect("end_variable")
    return Variable(name, values)


def _operator(lines: _Lines) -> Operator:
    lines.expect("begin_operator")
    name = lines.next()
    prevail = tuple((var, value) for var, value in
                    (lines.numbers() for _ in range(lines.number())))
    effects = []
    for _ in range(lines.number()):
        fields = lines.numbers()
        if fields[0] != 0:
            raise RunError(f"operator ({name}) has a conditional effect, which this back-end "
                           "does not encode")
        _, var, pre, post = fields
        effects.append((var, pre, post))
    cost = lines.number()
    lines.expect("end_operator")
    return Operator(name, prevail, tuple(effects), cost)

