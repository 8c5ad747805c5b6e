"""A fix of one fault among several, when no fix makes the model agree on every case.

A model written with several faults (seed 001 toggles only the two traps an action names,
and lets the hero walk onto the key cell through a boulder) has no fix of two edits that
makes it agree everywhere, yet each of its faults can be fixed alone. A partial fix makes
some failing case agree, keeps every case that agreed agreeing, and keeps the model following
the game on every failing case as far as it did (each cut before its divergence, a guard: a
fix that only moves a divergence earlier is no fix). It is a complete fix of the evidence
narrowed to those cases plus one failing case, the target, found by the same search
(search.py) and verified on all of them. Targets are the schemas the reader left out first
(what each lacks is stated; a fix of one mends that schema, on those cases alone), then the
failures grouped by what they point at, in the order faults.py gives, those that point at one
schema in different ways searched first as one (`grouped`: the edit that mends them all, where
an added precondition mends each alone); once a target is fixed, every failure its fix mends
is of that fault, and the search goes on to the next fault, so that every fault of the model
gets its fix, numbered in the order a student meets them. Each target has a share of the time
left.

The cases' plans are a sample: an added precondition that never holds where its schema is
needed breaks no case that agreed, yet switches a move off. So a candidate verified on the
cases is a fix only if it keeps the model's agreement with the game on every reachable state
of each case's level (kept_agreement.py); one that does not is rejected, with where, and the
search goes on to the next candidate of the same target. The probes are taken in their eight
orientations (a schema per direction is needed only in some: seed 001's `obtainKeyRight`
with `add skeleton(X, Y)` is caught on a mirrored copy alone), the levels as given.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from strips_model.schema import Schema
from translator.compare.models.compared import ModelOrDefect, UnbuildableModel
from translator.compare.models.protocols import ComparedModel
from translator.compare.repair import faults
from translator.compare.repair.edits import Edit, apply_edits
from translator.compare.repair.first_evidence import (
    AS_WRITTEN,
    left_out_failures,
    left_out_names,
)
from translator.compare.repair.kept_agreement import Memo, keeps_agreement
from translator.compare.repair.search import suggest
from translator.compare.repair.search_terms import Clock, Keep, Repair, RepairSearch, Subject
from translator.compare.repair.verify import Failure, check_case
from translator.compare.runs.evidence import Case

SHARES = 3
"""The time left is shared among at most this many targets at once (the first gets a third)."""
CHECKS_SHARE = 0.25
"""The share of its time that the search of each fault alone leaves to the checks of the
fixes it finds (fixes.py: every board and moved board): it goes on to the next fault while it
has time, and a fix found but never checked is never shown."""


def partial_fixes(subject: Subject, schemas: tuple[Schema, ...], failures: Sequence[Failure],
                  seconds: float, clock: Clock = time.perf_counter,
                  kept_on: Sequence[Case] | None = None) -> RepairSearch:
    """Verified fixes of the model's faults, one fault after another, searched for `seconds` of
    `clock`: the failing cases each makes agree (`fixed`), every case that agreed still
    agreeing, `still_failing` the others, and the model's agreement kept on every state of the
    levels of `kept_on` (the subject's own cases when None: fixes.py gives the probes in every
    orientation, a few states each, and the levels in one). A fault's fix is searched and
    verified with the first fixes of the faults before it made (`after`), as the student
    makes them. `rejected`: those verified on the cases that lose an agreement on a state,
    each with where."""
    started, named = clock(), {c.name: c for c in subject.cases}
    current = [f for f in failures if f.case in named]  # a case of the evidence
    base, after = schemas, tuple[Edit, ...]()
    repairs, rejected = list[Repair](), list[tuple[Repair, str]]()
    searched: set[tuple[object, ...]] = set()
    tried = 0
    kept: _Kept | None = None
    model = subject.model(base)
    evidence = _evidence(subject, model, named, current)
    while (left := seconds - (clock() - started)) > 0:
        # The schemas the reader left out first: what each lacks is stated, and a move it
        # would make may be behind failures of the cases too.
        pending = [group for group in (*((out,) for out in _left_out(model)),
                                       *faults.grouped(faults.targets(current)))
                   if (len(after), *_pointing(group)) not in searched]
        if not pending or isinstance(model, UnbuildableModel) and after:
            break
        group = pending[0]
        searched.add((len(after), *_pointing(group)))
        # A model that cannot be built agrees nowhere: there is no agreement to keep.
        if kept is None and not isinstance(model, UnbuildableModel):
            kept = _Kept(model, subject.cases if kept_on is None else kept_on,
                         [(failure, named[failure.case]) for failure in current],
                         in_time=lambda: clock() - started < seconds)
        found = _searched(replace(subject, cases=evidence), base, group, named, kept,
                          len(current), left / min(len(pending), SHARES), clock)
        tried += found.tried
        # Each fault's edits apply to the file as written: none touches an earlier fix's schema.
        own = [r for r in found.repairs
               if not {e.schema for e in r.edits} & {e.schema for e in after}]
        if kept is not None:
            own.sort(key=kept.rank)
        if own:
            fault = len({repair.fault for repair in repairs}) + 1
            widened = [replace(_widened(subject, base, repair, current, repair.verified_on,
                                        left_out_names(model)), fault=fault, after=after)
                       for repair in own]
            repairs += widened
            base, after = apply_edits(base, widened[0].edits), (*after, *widened[0].edits)
            model = subject.model(base)
            current = _failing_after(model, named, current, widened[0].fixed)
            evidence = _evidence(subject, model, named, current)
            rejected += _rejected(kept)
            kept = None
    rejected += _rejected(kept)
    return RepairSearch(tuple(failures),
                        faults.numbered(repairs, failures, [c.name for c in subject.cases]),
                        tried, clock() - started, rejected=tuple(rejected))


@dataclass
class _Kept:
    """Whether each candidate verified on a target's cases keeps the model's agreement on
    every state of the levels of `cases`, judged once over every target."""

    original: ComparedModel
    cases: Sequence[Case]
    failing: Sequence[tuple[Failure, Case]] = ()
    """The original's failures, each with its case: a fix that switches off a schema one of
    them points at first, the case failing still, takes a move away that the game makes
    there (an added precondition that never holds), and is no fix."""
    verdicts: dict[tuple[Edit, ...], str | None] = field(default_factory=dict)
    gained: dict[tuple[Edit, ...], int] = field(default_factory=dict)
    """The key presses each fix kept makes as the game where the model as written did not."""
    memo: Memo = field(default_factory=dict)
    rejected: list[tuple[Repair, str]] = field(default_factory=list)
    """Those that do not, each with where: as `verified` was when turned down (the target
    made agree, the other failures not shown mended), with its edits."""
    in_time: Callable[[], bool] | None = None
    """The search's bound, asked before each level is judged."""

    def keep(self, verified: Repair) -> Keep:
        def keep(edits: tuple[Edit, ...], model: ComparedModel) -> bool:
            if edits not in self.verdicts:
                kept = keeps_agreement(self.original, model, self.cases, memo=self.memo,
                                       in_time=self.in_time)
                why = kept.why or self._needed(edits, model, kept.switched_off, kept.states)
                self.verdicts[edits] = why
                self.gained[edits] = kept.gained
                if why is not None:
                    self.rejected.append((replace(verified, edits=edits), why))
            return self.verdicts[edits] is None

        return keep

    def rank(self, repair: Repair) -> int:
        """A fault's fixes, the one that makes more key presses do as the game first, the
        search's order (fewest edits first, an edit made in each case sharing its line one)
        kept between those that gain alike: the evidence cannot tell `add -holds(H)` from
        giving back `locked(L)` (both mend the failing case and lose nothing), but over
        every state the second leaves no bump on a free cell."""
        return -self.gained.get(repair.edits, 0)

    def _needed(self, edits: tuple[Edit, ...], model: ComparedModel,
                switched_off: frozenset[str], states: int) -> str | None:
        """Why a fix that keeps every agreement is still none: it switches off a schema that
        a case failing still points at first."""
        for schema in dict.fromkeys(edit.schema for edit in edits):
            still = [case.name for failure, case in self.failing if schema in switched_off
                     and failure.suspects[:1] == (schema,)
                     and check_case(model, case) is not None]
            if still:
                return (f"it switches {schema} off: it applies on none of the {states:,} "
                        f"states judged, where the model as written applied it, and "
                        f"{still[0]} fails still where it points at {schema}")
        return None


def _searched(kept_by: Subject, base: tuple[Schema, ...], group: tuple[Failure, ...],
              named: dict[str, Case], kept: _Kept | None, failing: int, share: float,
              clock: Clock) -> RepairSearch:
    """The fixes of one target within `share` seconds: a schema left out, mended on what must
    be kept (`kept_by`'s cases) alone, or failing cases, each made to agree as well. A group
    of targets (faults.py `grouped`) is a guess that one edit of the schema they point at
    mends them all: that schema's literals changed alone (none added, no pairs), in a quarter
    of a share, as a real model's faults alike in several schemas (seed 001's key taken
    through a skeleton, one schema per direction) leave most guesses wrong; its targets apart
    after."""
    mending, several = group[0].case == AS_WRITTEN, len(group) > 1
    cases = kept_by.cases if mending else (*(named[t.case] for t in group), *kept_by.cases)
    keep = None if kept is None else kept.keep(
        Repair((), tuple(t.case for t in group),
               tuple(dict.fromkeys(r for t in group for r in t.rules)),
               len(cases), failing - len(group)))
    return suggest(replace(kept_by, cases=cases), base, share / (4 if several else 1),
                   two_edits=not several, explain=False, clock=clock, whole=mending, keep=keep,
                   mend=group[0].suspects[0] if mending or several else None,
                   together=group if several else ())


def _failing_after(model: ModelOrDefect, named: dict[str, Case], failing: Sequence[Failure],
                   fixed: Sequence[str]) -> list[Failure]:
    """The failures of `failing` not in `fixed`, as `model` (a fault fixed) fails them now."""
    if isinstance(model, UnbuildableModel):
        return []
    again = (check_case(model, named[f.case]) for f in failing if f.case not in fixed)
    return [failure for failure in again if failure is not None]


def _left_out(model: ModelOrDefect) -> tuple[Failure, ...]:
    """A failure for each schema `model` runs without (none when it cannot be built)."""
    return () if isinstance(model, UnbuildableModel) else left_out_failures(model)


def _pointing(group: tuple[Failure, ...]) -> tuple[str, ...]:
    """What a target is searched once for: the schema left out, or what a case's failure
    points at (faults.py); a group, as the schema its targets point at together."""
    first = group[0]
    if first.case == AS_WRITTEN:
        return ("left out", *first.suspects[:1])
    return ("together", *first.suspects[:1]) if len(group) > 1 else faults.pointing(first)


def _rejected(kept: _Kept | None) -> tuple[tuple[Repair, str], ...]:
    return () if kept is None else tuple(kept.rejected)


def _evidence(subject: Subject, model: ModelOrDefect, named: dict[str, Case],
              failing: Sequence[Failure]) -> tuple[Case, ...]:
    """What a fix of `model` must keep: the cases it agrees on, and its failing cases' plans
    as far as it follows them (`_guards`)."""
    cases = {f.case for f in failing}
    agreeing = tuple(c for c in subject.cases if c.name not in cases)
    guards = () if isinstance(model, UnbuildableModel) else _guards(model, named, failing)
    return (*agreeing, *guards)


def _guards(original: ComparedModel, named: dict[str, Case], failures: Sequence[Failure]
            ) -> tuple[Case, ...]:
    """Each failing case's game plan cut before its divergence (whole when the divergence
    is elsewhere, on the model's own plan), where the model as written follows the game."""
    guards: list[Case] = []
    for failure in failures:
        case = named[failure.case]
        if case.plan is None:
            continue
        cut = failure.letter - 1 if failure.letter is not None and \
            failure.what.startswith("on the game's plan") else len(case.plan)
        guard = replace(case, name=f"{case.name}, its first {cut} letters",
                        plan=case.plan[:cut], cost=None, judged=None, small=False)
        if cut > 0 and check_case(original, guard) is None:
            guards.append(guard)
    return tuple(guards)


def _widened(subject: Subject, schemas: tuple[Schema, ...], repair: Repair,
             failures: Sequence[Failure], verified_on: int, left_out: frozenset[str]
             ) -> Repair:
    """The repair with every failing case it makes agree, the target and the others, and
    the model as written when it mends a schema of `left_out` (those left out before it);
    the schemas still left out count as failing."""
    model = subject.model(apply_edits(schemas, repair.edits))
    named = {c.name: c for c in subject.cases}
    fixed = [f for f in failures
             if not isinstance(model, UnbuildableModel)
             and check_case(model, named[f.case]) is None]
    still_out = left_out_names(model)
    mended = (AS_WRITTEN,) if left_out - still_out else ()
    return replace(repair, fixed=(*mended, *(f.case for f in fixed)),
                   rules=tuple(dict.fromkeys(r for f in fixed for r in f.rules)),
                   verified_on=verified_on,
                   still_failing=len(failures) - len(fixed) + len(still_out))
