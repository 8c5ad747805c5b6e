"""Counting the bindings of a schema's positive static preconditions by joining them over a
level's atoms, without keeping any: what grounding_estimate.py multiplies its counts by.
Each group of literals that shares variables is joined on its own (`groups`); in a group,
the literal that extends a binding in the fewest ways goes first, each literal's atoms are
filtered once and looked up by the values already bound, and the last literal's matches
are counted, not enumerated.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable

from strips_model.schema import Literal
from translator.model.level_facts import Atom, Facts


class Relations:
    """The level's atoms by predicate and arity, and how many distinct values they have at
    some places (asked again for every schema that names the predicate)."""

    def __init__(self, facts: Facts) -> None:
        self.by_predicate: dict[tuple[str, int], list[Atom]] = {}
        for atom in (*facts.static, *facts.initial):
            self.by_predicate.setdefault((atom[0], len(atom) - 1), []).append(atom)
        self._keys: dict[tuple[str, int, tuple[int, ...]], tuple[int, int]] = {}
        self.tables: dict[Hashable, dict[tuple[str, ...], list[tuple[str, ...]]]] = {}
        """A literal's atoms filtered and keyed for a join (`_compiled`), by its shape."""
        self.counts: dict[Hashable, tuple[int, bool]] = {}
        """A group of static preconditions' count (`join_count`), by its literals and the
        candidates of their variables."""

    def of(self, literal: Literal) -> list[Atom]:
        return self.by_predicate.get((literal.predicate, len(literal.args)), [])

    def fan_out(self, literal: Literal, bound: set[str]) -> tuple[float, int]:
        """The literal's atoms per distinct value of the places `bound` variables and
        constants fix, and its atoms."""
        keys, _ = self._spread(literal, bound)
        found = len(self.of(literal))
        return found / max(keys, 1), found

    def most(self, literal: Literal, bound: set[str]) -> int:
        """The most atoms of the literal that share their values at the places `bound`
        variables and constants fix: the most ways it extends one binding."""
        return self._spread(literal, bound)[1]

    def _spread(self, literal: Literal, bound: set[str]) -> tuple[int, int]:
        known = tuple(j for j, t in enumerate(literal.args)
                      if not t.is_variable or t.name in bound)
        key = (literal.predicate, len(literal.args), known)
        found = self._keys.get(key)
        if found is None:
            sizes = Counter(tuple(atom[j + 1] for j in known) for atom in self.of(literal))
            found = self._keys[key] = (len(sizes), max(sizes.values(), default=0))
        return found


def groups(literals: list[Literal]) -> list[list[Literal]]:
    """The literals in groups that share variables, each group apart from the others."""
    found: list[tuple[set[str], list[Literal]]] = []
    for literal in literals:
        names = {t.name for t in literal.args if t.is_variable}
        touching = [group for group in found if group[0] & names]
        merged: tuple[set[str], list[Literal]] = (names, [literal])
        for group in touching:
            found.remove(group)
            merged = (merged[0] | group[0], group[1] + merged[1])
        found.append(merged)
    return [group for _, group in found]


def join_bound(group: list[Literal], atoms: Relations) -> int:
    """At least as many as the group's bindings, without joining: the product, along the
    join's order, of the most ways each literal extends a binding."""
    bound: set[str] = set()
    most = 1
    for literal in _join_order(group, atoms):
        most *= atoms.most(literal, bound)
        bound.update(t.name for t in literal.args if t.is_variable)
    return most


def join_count(group: list[Literal], atoms: Relations,
                candidates: dict[str, frozenset[str]], cap: int) -> tuple[int, bool]:
    """The bindings of the group's variables that match its atoms and their candidates, up to
    about `cap` (then True: more than the cap). Each literal's atoms are filtered once by
    its constants and candidates, then looked up by the arguments known when it is reached;
    the last literal's matches are counted, not enumerated."""
    steps = _compiled(_join_order(group, atoms), atoms, candidates)
    binding: dict[str, str] = {}
    # Each step binds the same variables every time it is reached, so one binding is
    # overwritten in place instead of copied.
    count = 0
    last = len(steps) - 1

    def extend(position: int) -> bool:
        """False once the count passes the cap."""
        nonlocal count
        key_names, binds, table = steps[position]
        rows = table.get(tuple(binding[name] for name in key_names), ())
        if position == last:
            count += len(rows)
            return count <= cap
        for values in rows:
            for name, value in zip(binds, values, strict=True):
                binding[name] = value
            if not extend(position + 1):
                return False
        return True

    finished = extend(0) if steps else True
    return (count if steps else 1), not finished


Step = tuple[tuple[str, ...], tuple[str, ...], dict[tuple[str, ...], list[tuple[str, ...]]]]
"""The variables a literal is looked up by, those it binds, and its atoms' values of the
latter by the values of the former."""


def _compiled(ordered: list[Literal], atoms: Relations,
              candidates: dict[str, frozenset[str]]) -> list[Step]:
    bound: set[str] = set()
    steps: list[Step] = []
    for literal in ordered:
        key_names = tuple(dict.fromkeys(t.name for t in literal.args
                                        if t.is_variable and t.name in bound))
        binds = tuple(dict.fromkeys(t.name for t in literal.args
                                    if t.is_variable and t.name not in bound))
        # The same literal filtered the same way recurs in schema after schema.
        names = [t.name for t in literal.args]
        shape = (literal.predicate, tuple(
            (names.index(t.name), t.name in bound, candidates.get(t.name))
            if t.is_variable else t.name for t in literal.args))
        table = atoms.tables.get(shape)
        if table is None:
            table = atoms.tables[shape] = {}
            for atom in atoms.of(literal):
                values = _values(literal, atom, candidates, bound)
                if values is not None:
                    table.setdefault(tuple(values[n] for n in key_names), []).append(
                        tuple(values[n] for n in binds))
        steps.append((key_names, binds, table))
        bound.update(binds)
    return steps


def _values(literal: Literal, atom: Atom, candidates: dict[str, frozenset[str]],
            bound: set[str]) -> dict[str, str] | None:
    """The atom's value of each variable of the literal; None when a constant or a repeated
    variable disagrees, or a newly bound variable takes a value not among its candidates."""
    values: dict[str, str] = {}
    for term, value in zip(literal.args, atom[1:], strict=True):
        if not term.is_variable:
            if term.name != value:
                return None
        elif values.setdefault(term.name, value) != value or (
                term.name not in bound and value not in candidates.get(term.name, (value,))):
            return None
    return values


def _join_order(group: Iterable[Literal], atoms: Relations) -> list[Literal]:
    """Each time the literal that extends a binding in the fewest ways on average (its atoms
    over their distinct values at the places already bound): a join's count is the same in
    any order, its dead ends are not (a doomed-skeleton relation keyed by the phase alone,
    joined before the adjacency that fixes its cell, multiplied the bindings tried by 30)."""
    left = list(group)
    bound: set[str] = set()
    ordered: list[Literal] = []
    while left:
        chosen = min(left, key=lambda literal: atoms.fan_out(literal, bound))
        left.remove(chosen)
        ordered.append(chosen)
        bound.update(t.name for t in chosen.args if t.is_variable)
    return ordered
