"""Two edits at once, when no single edit makes the model agree on every case.

The edits that make some failing case agree give one conflict per case (the edits that would
remove that divergence); a minimum hitting set of them (hitting.py) proposes two edits, and a
proposal that fails verification is blocked and the next one tried. Then pairs of the edits
that make some case agree. Every pair is verified on every case by the search that asks
(search.py); only a verified pair is ever returned.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Protocol

from strips_model.schema import Schema
from translator.compare.models.compared import ComparedModel
from translator.compare.repair.edits import Edit, Kind
from translator.compare.repair.evidence import Case
from translator.compare.repair.hitting import hitting_sets
from translator.compare.repair.verify import Failure, check_case

PAIR_CANDIDATES = 80
"""The single edits, best ranked first, that the two-edit search draws its pairs from."""


class Attempts(Protocol):
    """The counterexample loop of search.py, as the two-edit search drives it."""

    schemas: tuple[Schema, ...]
    failures: tuple[Failure, ...]
    counterexamples: list[str]

    @property
    def cases(self) -> tuple[Case, ...]: ...

    def build(self, edits: tuple[Edit, ...]) -> ComparedModel | str: ...

    def out_of_time(self) -> bool: ...

    def done(self) -> bool: ...

    def attempt(self, edits: tuple[Edit, ...]) -> bool: ...


def two_edits(search: Attempts, candidates: Sequence[Edit],
              original: ComparedModel | str) -> None:
    """Conflicts from the failing cases (the candidates that make each agree alone), their
    minimum hitting sets verified one by one; then pairs of the candidates that make some
    case agree."""
    if isinstance(original, str):
        return
    candidates = candidates[:PAIR_CANDIDATES]
    named = {c.name: c for c in search.cases}
    cases = [named[name] for name in dict.fromkeys(
        [*search.counterexamples, *(f.case for f in search.failures)]) if name in named][:4]
    conflicts: dict[str, set[Edit]] = {case.name: set() for case in cases}
    for edit in candidates:
        if search.out_of_time():
            return
        model = search.build((edit,))
        if isinstance(model, str):
            continue
        for case in cases:
            if check_case(model, case) is None:
                conflicts[case.name].add(edit)
    drawn = hitting_sets([frozenset(c) for c in conflicts.values()])
    for tries, chosen in enumerate(drawn):
        if search.done() or tries >= PAIR_CANDIDATES:
            return
        if len(chosen) == 2 and apart(*chosen):
            search.attempt(chosen)
    useful = list(dict.fromkeys(e for c in conflicts.values() for e in c))
    for pair in combinations(useful, 2):
        if search.done():
            return
        if apart(*pair):
            search.attempt(pair)


def apart(first: Edit, second: Edit) -> bool:
    """Two edits of two different literals (or two additions)."""
    return (first.schema, first.clause, first.index, first.kind is Kind.ADD) != \
        (second.schema, second.clause, second.index, second.kind is Kind.ADD)
