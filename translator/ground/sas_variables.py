"""Step 1 of the SAS+ translation (sas_translation.py): the task's variables, before pruning.

Each group of a lifted invariant (invariants.py) holding exactly one atom at the start is a
multi-valued variable, whose values are its atoms and "none of those"; every other fluent atom
reachable in the relaxed task is a binary variable (the atom, its negation). Values are named
as Fast Downward's translator names them (`Atom hero(c1_1)`, `NegatedAtom won(yes)`), so that
both tasks can be compared value by value.

The later steps work on columns of object numbers (clingo_grounding.py `Grounding.rows`), so
each predicate's atoms are also an `AtomTable`: indexed by those columns, it answers the
(variable, value) of each row's atom, -1 where the atom is not reachable.
"""

from __future__ import annotations

from collections import defaultdict

import numpy as np
import numpy.typing as npt

from strips_model.schema import Domain
from translator.ground.clingo_grounding import Grounding
from translator.ground.invariants import counted_positions
from translator.ground.sas_format import NONE_OF_THOSE
from translator.model.level_facts import Atom, Facts

Ints = npt.NDArray[np.int64]
Mask = npt.NDArray[np.bool_]


class Unreachable(Exception):
    """The goal cannot be reached: no task is written, the level is unsolvable."""


def _atom_name(atom: Atom, negated: bool = False) -> str:
    word = "NegatedAtom" if negated else "Atom"
    return f"{word} {atom[0]}({', '.join(atom[1:])})"


class AtomTable:
    """The (variable, value) of each reachable atom of one predicate, by its object numbers.

    Atoms of no or one argument are looked up by indexing an array with the argument's
    column, which is what makes the translation fast on Helltaker's model. Atoms of more
    arguments are matched row against row by `np.unique`, which sorts: slower, but exact
    for any number of objects, where packing a row into one integer could overflow."""

    def __init__(self, arity: int, arguments: list[tuple[int, ...]],
                 entries: list[tuple[int, int]], object_count: int) -> None:
        self.arity = arity
        self._keys = np.array(arguments, dtype=np.int64).reshape(len(arguments), arity)
        # Where each atom's entry is: at its object's number, at 0 without arguments, at its
        # own index beyond one argument. The extra last entry answers index -1: no atom.
        if arity == 0:
            size, places = 1, np.zeros(len(arguments), dtype=np.int64)
        elif arity == 1:
            size, places = object_count, self._keys[:, 0]
        else:
            size, places = len(arguments), np.arange(len(arguments))
        self._variables = np.full(size + 1, -1, dtype=np.int64)
        self._values = np.full(size + 1, -1, dtype=np.int64)
        if entries:
            self._variables[places], self._values[places] = np.array(entries).T

    def lookup(self, columns: list[Ints], count: int) -> tuple[Ints, Ints]:
        """The (variable, value) of the atom of each of `count` rows, whose arguments are
        `columns` of object numbers (-1: a constant that is no object); -1 where none."""
        if self.arity == 0:
            places = np.zeros(count, dtype=np.int64)
        elif self.arity == 1:
            places = columns[0]
        else:
            places = self._matching(np.stack(columns, axis=1))
        return self._variables[places], self._values[places]

    def _matching(self, rows: Ints) -> Ints:
        """The index of each row among the atoms' argument rows, -1 where it is none."""
        known = len(self._keys)
        if not len(rows) or not known:
            return np.full(len(rows), -1, dtype=np.int64)
        _, inverse = np.unique(np.concatenate([self._keys, rows]), axis=0,
                               return_inverse=True)
        inverse = inverse.reshape(-1)  # numpy 2.0 and 2.1 give it a second axis here
        atom_of = np.full(known + len(rows), -1, dtype=np.int64)
        atom_of[inverse[:known]] = np.arange(known)
        return atom_of[inverse[known:]]


class Variables:
    """The task's variables before pruning, and the (variable, value) of each fluent atom."""

    def __init__(self, domain: Domain, facts: Facts, grounding: Grounding) -> None:
        counted = counted_positions(domain)
        groups: dict[tuple[str, tuple[str, ...]], list[Atom]] = defaultdict(list)
        singles: list[Atom] = []
        for atom in sorted(grounding.atoms):
            position = counted.get(atom[0])
            if position is None:
                singles.append(atom)
            else:
                arguments = atom[1:]
                groups[(atom[0], arguments[:position] + arguments[position + 1:])].append(atom)
        self.values: list[list[str]] = []
        """What each value of each variable means, as Fast Downward names it."""
        self.initial: list[int] = []
        self.binary: list[bool] = []
        self.of: dict[Atom, tuple[int, int]] = {}
        """Atom -> (variable, value meaning the atom holds)."""
        for members in groups.values():
            at_start = [atom for atom in members if atom in facts.initial]
            if len(members) > 1 and len(at_start) == 1:
                self._add(members, members.index(at_start[0]))
            else:
                singles.extend(members)
        for atom in sorted(singles):
            self._add([atom], 0 if atom in facts.initial else 1)
        self.count = len(self.values)
        self.offsets = np.zeros(self.count + 1, dtype=np.int64)
        """Where each variable's values start when all values are numbered in one row."""
        self.offsets[1:] = np.cumsum([len(values) for values in self.values])
        self.none_value = np.array(
            [1 if binary else len(values) - 1
             for binary, values in zip(self.binary, self.values, strict=True)] + [-1],
            dtype=np.int64)
        """The value a delete leaves: the negated atom, or "none of those" (-1 answers -1)."""
        self.tables = self._tables(domain, grounding)

    def _add(self, members: list[Atom], initial: int) -> None:
        variable = len(self.values)
        if len(members) == 1:
            self.values.append([_atom_name(members[0]), _atom_name(members[0], negated=True)])
        else:
            self.values.append([_atom_name(atom) for atom in members] + [NONE_OF_THOSE])
        self.binary.append(len(members) == 1)
        self.initial.append(initial)
        for value, atom in enumerate(members):
            self.of[atom] = (variable, value)

    def _tables(self, domain: Domain, grounding: Grounding) -> dict[str, AtomTable]:
        number = {name: index for index, name in enumerate(grounding.objects)}
        arguments: dict[str, list[tuple[int, ...]]] = defaultdict(list)
        entries: dict[str, list[tuple[int, int]]] = defaultdict(list)
        for atom, entry in self.of.items():
            arguments[atom[0]].append(tuple(number[name] for name in atom[1:]))
            entries[atom[0]].append(entry)
        arity = {predicate.name: len(predicate.types) for predicate in domain.predicates}
        return {predicate: AtomTable(arity[predicate], arguments[predicate],
                                     entries[predicate], len(grounding.objects))
                for predicate in arguments}

    def goal(self, facts: Facts) -> dict[int, int]:
        """The goal as variable -> value; Unreachable if an atom of it is never reached or
        two of its atoms are values of one variable."""
        goal: dict[int, int] = {}
        for atom in facts.goal:
            entry = self.of.get(atom)
            if entry is None or goal.setdefault(*entry) != entry[1]:
                raise Unreachable(f"the goal {atom} is never reached")
        return goal
