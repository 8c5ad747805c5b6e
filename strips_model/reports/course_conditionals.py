"""Conditionals in the course's clauses (`C => E`, `when C then E`) compiled into STRIPS.

In an effect, a conditional makes cases: one schema where the condition holds (the
condition joins the precondition, the effect the effects) and one per disjunct of its
negation where it does not; k conditionals make up to 2^k cases, numbered `_whenK`
(reading.split_name). In a precondition, `C => E` is the implication `¬C ∨ E`: disjuncts,
as a disjunction is. Each atom goes with its offset in the text, as course.py keeps them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from strips_model.reports.formula import MAX_DISJUNCTS, Atom, negated
from strips_model.reports.formula_errors import FormulaError

Placed = tuple[Atom, int]
"""An atom and its offset in the text."""
Case = tuple[list[Placed], list[Placed]]
"""The preconditions a case adds and its effects."""

MAX_CASES: Final = MAX_DISJUNCTS


def _placed(atoms: Iterable[Atom]) -> list[Placed]:
    return [(atom, atom.offset) for atom in atoms]


def _bounded(count: int, offset: int) -> None:
    if count > MAX_CASES:
        raise FormulaError(f"the conditionals make more than {MAX_CASES} cases: write fewer "
                           "conditionals per schema", offset)


def implications(disjuncts: list[list[Placed]]) -> list[list[Placed]]:
    """The disjuncts of a precondition, each conditional in it read as `¬C ∨ E`."""
    result: list[list[Placed]] = []
    for conjunction in disjuncts:
        expanded: list[list[Placed]] = [[]]
        for atom, offset in conjunction:
            if atom.when is None:
                for kept in expanded:
                    kept.append((atom, offset))
                continue
            options = [_placed(part) for part in negated(atom.when.condition, offset)]
            options.append(_placed(atom.when.effect))
            expanded = [kept + option for kept in expanded for option in options]
            _bounded(len(result) + len(expanded), offset)
        result.extend(expanded)
    return result


def conditional_cases(effects: list[Placed]) -> list[Case]:
    """The cases of an action whose effects hold conditionals: one case of all `effects`
    when none does."""
    cases: list[Case] = [([], [placed for placed in effects if placed[0].when is None])]
    for atom, offset in effects:
        if atom.when is None:
            continue
        effect = _placed(atom.when.effect)
        fired = [_placed(part) for part in atom.when.condition]
        idle = [_placed(part) for part in negated(atom.when.condition, offset)]
        _bounded(len(cases) * (len(fired) + len(idle)), offset)
        cases = [(pre + condition, eff + effect) for pre, eff in cases for condition in fired] \
            + [(pre + condition, eff) for pre, eff in cases for condition in idle]
    return cases
