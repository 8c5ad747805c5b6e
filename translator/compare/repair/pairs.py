"""Two edits at once, when no single edit makes the model agree on every case.

The edits that make some failing case agree give one conflict per case (the edits that would
remove that divergence); a minimum hitting set of them (hitting.py) proposes two edits, and a
proposal that fails verification is blocked and the next one tried. Then one fault at a time:
the fault that shows first is usually one of the two, so an edit that mends the first failure
(its case agrees, or the game's plan is followed further: never a divergence moved earlier)
is applied and the single edits the model so edited calls for are tried with it, ranked as
search.py ranks a model's own (the writer of a fact a blocked move fails on first). Last,
pairs of the edits that make some case agree. Every pair is verified on every case by the
search that asks (search.py); only a verified pair is ever returned.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from itertools import combinations
from typing import Protocol

from strips_model.schema import Schema
from translator.compare.models.compared import ModelOrDefect, UnbuildableModel
from translator.compare.repair.edits import Edit, Kind, apply_edits
from translator.compare.repair.hitting import hitting_sets
from translator.compare.repair.verify import Failure, check_case, verify
from translator.compare.runs.evidence import Case

PAIR_CANDIDATES = 80
"""The single edits, best ranked first, that the two-edit search draws its pairs from."""


class Attempts(Protocol):
    """The counterexample loop of search.py, as the two-edit search drives it."""

    schemas: tuple[Schema, ...]
    failures: tuple[Failure, ...]
    counterexamples: list[str]

    @property
    def cases(self) -> tuple[Case, ...]: ...

    def build(self, edits: tuple[Edit, ...]) -> ModelOrDefect: ...

    def out_of_time(self) -> bool: ...

    def done(self) -> bool: ...

    def attempt(self, edits: tuple[Edit, ...]) -> bool: ...


FollowUps = Callable[[tuple[Schema, ...], ModelOrDefect, Sequence[Failure]], list[Edit]]
"""The single edits a model (edited) calls for, given its failures, as search.py ranks them."""


def two_edits(search: Attempts, candidates: Sequence[Edit], original: ModelOrDefect,
              follow_ups: FollowUps) -> None:
    """Conflicts from the failing cases (the candidates that make each agree alone), their
    minimum hitting sets verified one by one; then one fault at a time (`one_then_another`);
    then pairs of the candidates that make some case agree."""
    # The literals the build error names, the first first.
    if isinstance(original, UnbuildableModel):
        shown = search.failures[0].what
        candidates = sorted(candidates, key=lambda e: len(shown) if e.before is None or
                            str(e.before) not in shown else shown.index(str(e.before)))
    candidates = list(candidates[:PAIR_CANDIDATES])
    conflicts, progress = _conflicts(search, candidates, original)
    drawn = hitting_sets([frozenset(c) for c in conflicts.values()]) if conflicts else iter(())
    for tries, chosen in enumerate(drawn):
        if search.done() or tries >= PAIR_CANDIDATES:
            return
        if len(chosen) == 2 and apart(*chosen):
            search.attempt(chosen)
    one_then_another(search, progress, follow_ups)
    useful = list(dict.fromkeys(e for c in conflicts.values() for e in c))
    for pair in combinations(useful, 2):
        if search.done():
            return
        if apart(*pair):
            search.attempt(pair)


def _conflicts(search: Attempts, candidates: Sequence[Edit], original: ModelOrDefect
               ) -> tuple[dict[str, set[Edit]], list[Edit]]:
    """The candidates that make each of a few failing cases agree alone; and those that mend
    the first failure, best first (`_progress`)."""
    named = {c.name: c for c in search.cases}
    cases = [named[name] for name in dict.fromkeys(
        [*search.counterexamples, *(f.case for f in search.failures)]) if name in named][:4]
    conflicts: dict[str, set[Edit]] = {case.name: set() for case in cases}
    first = search.failures[0]
    ranked: list[tuple[tuple[int, ...], Edit]] = []
    for rank, edit in enumerate(candidates):
        if search.out_of_time():
            break
        model = search.build((edit,))
        if isinstance(model, UnbuildableModel):
            continue
        # Built at last: the fault that kept it from it mended.
        if isinstance(original, UnbuildableModel):
            ranked.append(((0, 0, rank), edit))
            continue
        for case in cases:
            failure = check_case(model, case, tell=False)
            if failure is None:
                conflicts[case.name].add(edit)
            if case.name == first.case:
                mended = _progress(first, failure)
                if mended is not None:
                    ranked.append(((*mended, rank), edit))
    return conflicts, [edit for _, edit in sorted(ranked, key=lambda r: r[0])]


def _progress(before: Failure, after: Failure | None) -> tuple[int, int] | None:
    """How far an edit mends the first failure: (0, 0) when its case agrees, (1, -letter)
    when the game's plan is followed further; None when it is not followed as far."""
    if after is None:
        return 0, 0
    side = "on the game's plan"
    if before.letter is None or after.letter is None or not (
            before.what.startswith(side) and after.what.startswith(side)):
        return None
    return (1, -after.letter) if after.letter > before.letter else None


FIRST_FAULTS = 6
"""The edits that mend the first failure best, each tried as one of the two faults."""
SECOND_FAULTS = 40
"""The single edits of the model so mended tried with it, best ranked first."""


def one_then_another(search: Attempts, mending: Sequence[Edit], follow_ups: FollowUps) -> None:
    """The fault that shows first is usually one of the two: each edit that mends the first
    failure (its case agrees, or the game's plan is followed further) is applied, the single
    edits the model so edited calls for (search.py's ranking, of its own first failure) are
    each tried with it, the pair verified as a whole."""
    for first in mending[:FIRST_FAULTS]:
        if search.done():
            return
        edited = search.build((first,))
        if isinstance(edited, UnbuildableModel):
            continue
        schemas = apply_edits(search.schemas, (first,))
        failure = verify(edited, search.cases, search.counterexamples)
        if failure is None:  # verified alone: the single-edit search missed it
            search.attempt((first,))
            continue
        tried = 0
        seconds = dict.fromkeys(follow_ups(schemas, edited, (failure,)))
        for second in seconds:
            if search.done() or tried >= SECOND_FAULTS:
                break
            pair = (first, _as_written(second, first))
            if _joins(*pair):
                tried += 1
                search.attempt(pair)


def _joins(first: Edit, second: Edit) -> bool:
    """Whether `second`, an edit of the model `first` edited, is another literal's (not one
    `first` added, not of a body `first` replaced)."""
    added = first.kind is Kind.ADD and second.kind is not Kind.ADD and \
        (second.schema, second.clause) == (first.schema, first.clause) and \
        second.index >= first.index
    return first.bodies is None and second.bodies is None and not added and apart(first, second)


def _as_written(second: Edit, first: Edit) -> Edit:
    """An edit of the model `first` edited, indexed as the model was written (a literal
    `first` removed before it moves one place down)."""
    if first.kind is Kind.REMOVE and second.kind is not Kind.ADD and \
            (second.schema, second.clause) == (first.schema, first.clause) and \
            second.index >= first.index:
        return replace(second, index=second.index + 1)
    return second


def apart(first: Edit, second: Edit) -> bool:
    """Two edits of two different literals (or two additions)."""
    return (first.schema, first.clause, first.index, first.kind is Kind.ADD) != \
        (second.schema, second.clause, second.index, second.kind is Kind.ADD)
