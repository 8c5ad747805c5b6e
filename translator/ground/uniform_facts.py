"""Static facts that hold for (nearly) every object of a type, written as one rule each.

A 300x300 level has a million static facts, and clingo parses a fact as slowly as a rule
(about 3 µs). Most of them are uniform over the cells: `doom_site(C, even, limbo_even)`,
`key_at(C, no)`, `goal_at(C, no)`, `holds(C)`, `calm(C, even)` hold for every open cell
but a few. Such a group, the atoms of one predicate that agree after the first argument, is
written `p(X, even, limbo_even) :- t0(X), not e3(X).` with the few objects of the type that
it leaves out as facts `e3(..)`: a stratified negation of facts, which clingo's grounder
evaluates while grounding, so the program keeps its least model.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from translator.model.level_facts import Atom

SMALLEST = 32
"""Groups of fewer atoms stay facts: a rule would not pay for itself."""


@dataclass(frozen=True, slots=True)
class Uniform:
    """What one predicate's static atoms become: rules, exception facts, and the atoms
    left as plain facts."""

    rules: tuple[str, ...]
    exceptions: tuple[str, ...]
    remaining: list[Atom]


def uniform_groups(prefix: str, atoms: list[Atom], objects: tuple[str, ...], guard: str | None,
                   number: Callable[[str], str], fresh: Callable[[], str]) -> Uniform:
    """`atoms` of one predicate (program name `prefix`) whose first argument is of a type with
    `objects`, typed in the program by `guard` (None: no such type); `number` gives an
    object's program text, `fresh` a new predicate name for exceptions."""
    if guard is None or len(objects) < SMALLEST or not atoms or len(atoms[0]) < 2:
        return Uniform((), (), atoms)
    # Mostly small groups (`adjacent`: four atoms per cell, each of its own neighbour) show
    # in a sample, before the grouping costs a pass over all atoms.
    sample = atoms[:SMALLEST * SMALLEST]
    if len({atom[2:] for atom in sample}) * SMALLEST > len(sample):
        return Uniform((), (), atoms)
    groups: dict[tuple[str, ...], list[Atom]] = {}
    for atom in atoms:
        groups.setdefault(atom[2:], []).append(atom)
    if len(groups) * SMALLEST > len(atoms):
        return Uniform((), (), atoms)
    members = set(objects)
    rules: list[str] = []
    exceptions: list[str] = []
    remaining: list[Atom] = []
    for tail in sorted(groups):
        group = groups[tail]
        firsts = {atom[1] for atom in group}
        if len(group) < SMALLEST or not firsts <= members or \
                2 * (len(objects) - len(firsts)) >= len(firsts):
            remaining.extend(group)
            continue
        arguments = "".join(f",{number(name)}" for name in tail)
        left_out = [name for name in objects if name not in firsts]
        if left_out:
            name = fresh()
            exceptions.extend(f"{name}({number(other)})." for other in left_out)
            rules.append(f"{prefix}(X{arguments}) :- {guard}(X), not {name}(X).")
        else:
            rules.append(f"{prefix}(X{arguments}) :- {guard}(X).")
    return Uniform(tuple(rules), tuple(exceptions), remaining)
