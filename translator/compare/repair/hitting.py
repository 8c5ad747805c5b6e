"""Minimum hitting sets of conflicts, by MaxSAT (python-sat's RC2), one after another.

A conflict is the set of edits any one of which would remove one divergence (one failing
case). A fix must hit every conflict; the fewest edits that do are a minimum hitting set:
hard clauses (each conflict hit), soft unit clauses (each edit left out, weight 1). A set that
fails verification is blocked by a clause and the next cheapest one is drawn.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from typing import TypeVar

from pysat.examples.rc2 import RC2
from pysat.formula import WCNF

Item = TypeVar("Item", bound=Hashable)


def hitting_sets(conflicts: Sequence[frozenset[Item]], largest: int = 2
                 ) -> Iterator[tuple[Item, ...]]:
    """Minimum hitting sets of `conflicts`, cheapest first, each at most `largest` items;
    the caller's verification decides, and every set drawn is blocked before the next.
    Empty conflicts are left out (no single edit removes that divergence)."""
    kept = [conflict for conflict in conflicts if conflict]
    items = sorted({item for conflict in kept for item in conflict}, key=repr)
    number = {item: index + 1 for index, item in enumerate(items)}
    formula = WCNF()
    for conflict in kept:
        formula.append(sorted(number[item] for item in conflict))
    for item in items:
        formula.append([-number[item]], weight=1)
    with RC2(formula) as solver:
        while (model := solver.compute()) is not None:
            chosen = tuple(items[v - 1] for v in model if 0 < v <= len(items))
            if not chosen or len(chosen) > largest:
                return
            yield chosen
            solver.add_clause([-number[item] for item in chosen])
