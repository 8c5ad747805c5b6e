"""The search for the smallest edit that makes a model agree with the game on every case.

The fast path tries single edits of the schemas the failures point at (verify.py names them;
candidates.py adds those the game's plan points at and ranks the edits), the added
preconditions kept only when they hold at every use of the schema along the game's plans.
Each candidate is verified on every case, the counterexamples met so far first, so a wrong
candidate is usually turned down by its first case. When two edits are allowed and no single
edit has done yet, two edits at once are tried (pairs.py) in a share of the time, each pair
verified here alike, and the single edits left have the rest. Only a verified fix is ever
returned."""

from __future__ import annotations

import time
from collections.abc import Sequence

from strips_model.schema import Schema
from translator.compare.models.compared import ModelOrDefect, UnbuildableModel
from translator.compare.repair import pairs
from translator.compare.repair.candidates import leads_of, single_edits, together_leads
from translator.compare.repair.crowding import searched_for
from translator.compare.repair.edits import Edit, Signature, apply_edits
from translator.compare.repair.first_evidence import AS_WRITTEN as AS_WRITTEN
from translator.compare.repair.first_evidence import evidence_of, left_out_names
from translator.compare.repair.first_evidence import failing_cases as failing_cases
from translator.compare.repair.first_evidence import left_out_failures as left_out_failures
from translator.compare.repair.judged_ahead import AHEAD_PER_CORE, WINDOW, Judge, JudgedAhead
from translator.compare.repair.search_terms import (
    Clock,
    Keep,
    Repair,
    RepairSearch,
    Subject,
    found_repair,
)
from translator.compare.repair.twins import with_twins
from translator.compare.repair.verify import Failure
from translator.compare.runs.evidence import Case
from translator.ground.grounding_memo import remembering_groundings

ALTERNATIVES = 3
SUSPECTS = 6
"""How many of the schemas the failures point at are edited, most named first."""


def suggest(subject: Subject, schemas: tuple[Schema, ...], deadline_seconds: float = 60.0,
            two_edits: bool = True, explain: bool = True,
            clock: Clock = time.perf_counter, whole: bool = True, keep: Keep | None = None,
            evidence_seconds: float | None = None, mend: str | None = None,
            several: float = 1.0, together: tuple[Failure, ...] = (), jobs: int = 1
            ) -> RepairSearch:
    """The verified fixes of `schemas`, the model as written (or a mutant of it), searched
    for `deadline_seconds` of `clock`, the evidence built first within `evidence_seconds`
    (`deadline_seconds` when None; first_evidence.py: a case it leaves unchecked is not
    searched, and said so). With `explain`, every failing case of the model as written is
    listed; else only the first, which is all the search needs. `whole`: a schema the model
    runs without is a failure too, which a fix mends: one at least (those it leaves out count
    as still failing), or the one `mend` names (a fault among several, partial.py), whose
    edits alone are tried; without `whole` a fix may leave them out still. `several`: the
    share of `deadline_seconds` the search keeps, past the evidence, when the failures point
    first at more schemas than it may edit (crowding.py). `together`: the failures of several
    targets searched as one (partial.py), whose leads rank the edits (`together_leads`).
    `jobs`: the cores the candidates are verified on (judged_ahead.py), the fixes the same."""
    with remembering_groundings():
        return _suggest(subject, schemas, (deadline_seconds, evidence_seconds or
                                           deadline_seconds, several), two_edits, explain,
                        clock, keep, (whole, mend, together), jobs)


def _suggest(subject: Subject, schemas: tuple[Schema, ...], bounds: tuple[float, float, float],
             two_edits: bool, explain: bool, clock: Clock, keep: Keep | None,
             mending: tuple[bool, str | None, tuple[Failure, ...]], jobs: int) -> RepairSearch:
    started, (deadline_seconds, evidence_seconds, several) = clock(), bounds

    def in_time() -> bool:
        return clock() - started < deadline_seconds

    (whole, mend, together), original = mending, subject.model(schemas)
    evidence = evidence_of(subject.cases, schemas, original, explain, whole,
                           lambda: clock() - started < evidence_seconds)
    failures, uses, unchecked = evidence.failures, evidence.uses, evidence.unchecked
    deadline_seconds = searched_for(deadline_seconds, several, failures, two_edits,
                                    clock() - started)
    if not failures or not in_time():  # nothing to fix, or no time left to search
        return RepairSearch(failures, (), 0, clock() - started, unchecked=unchecked,
                            unwalked=evidence.unwalked)
    search = _Search(subject, schemas, failures, started, deadline_seconds, clock,
                     left_out_names(original), whole, keep, mend, jobs)

    def case_of(failure: Failure) -> Case | None:
        return next((c for c in subject.cases if c.name == failure.case), None)
    leads = together_leads(original, [(case_of(f), f) for f in together], schemas, uses) \
        if together else leads_of(original, case_of(failures[0]), failures[0], schemas, uses)
    suspects = [mend] if mend is not None else leads.suspects(failures, schemas)

    def ranked_edits(edited: tuple[Schema, ...], model: ModelOrDefect,
                     failed: Sequence[Failure], past: int = 0) -> list[Edit]:
        """The single edits of `edited` (the model, or it edited once) its failures call for:
        those of its first `SUSPECTS` suspects and the writers blamed (`past` = 0), or of the
        next batch of suspects past that cut."""
        by_name, first = {s.name: s for s in edited}, failed[0]
        found = (leads, suspects) if edited is schemas else None
        if found is None:
            led = leads_of(model, case_of(first), first, edited, uses)
            found = led, led.suspects(failed, edited)
        led, ranked = found[0], found[1] or list(by_name)
        names = ranked[past:past + SUSPECTS]
        names += [] if past else [n for n in led.blamed.writers if n not in ranked[:SUSPECTS]]
        return single_edits([by_name[name] for name in names], Signature.of(edited), uses,
                            first, subject.vocabulary, led, edited, in_time)

    candidates = ranked_edits(schemas, original, failures)
    left = deadline_seconds - (clock() - started)
    for share, paired in ((SINGLE_SHARE, False), (PAIR_SHARE, True), (1.0, False)) \
            if two_edits else ((1.0, False),):  # the single edits left after the pairs
        search.until = deadline_seconds - left * (1.0 - share)
        if not paired:
            search.each(candidates)
        elif not search.found:
            if search.tried_all(candidates):
                search.until = deadline_seconds
            pairs.two_edits(search, candidates, original, ranked_edits)
    # Past the cut, a batch at a time (a precondition never holding ranks its schema last).
    past = SUSPECTS
    while not search.found and past < len(suspects) and not search.out_of_time():
        search.each(ranked_edits(schemas, original, failures, past))
        past += SUSPECTS
    return RepairSearch(failures, tuple(search.found), search.tried, clock() - started,
                        tuple(suspects), unchecked=unchecked, unwalked=evidence.unwalked)


EXTRA_TRIES = 60
"""Candidates tried for alternatives once a first fix is verified. The evidence cannot tell
verified fixes apart (each behaves as the game on every case); places can help the reader. So
alternatives of other schemas come first (another edit of a fixed schema is most often that
fix spelled otherwise), in the ranking's order: the writer before the reader, the literal the
failure names first, the least change first (a place's plausibility, which no name enters)."""
SINGLE_SHARE, PAIR_SHARE = 0.4, 0.8
"""Where the time left after the set-up ends for the single edits first, then for the pairs
(all that is left when every single edit was tried); the single edits left have the rest."""


class _Search:
    """The counterexample loop: candidates verified, counterexamples kept first."""

    def __init__(self, subject: Subject, schemas: tuple[Schema, ...],
                 failures: tuple[Failure, ...], started: float, seconds: float, clock: Clock,
                 left_out: frozenset[str] = frozenset(), mend: bool = True,
                 keep: Keep | None = None, mend_only: str | None = None, jobs: int = 1
                 ) -> None:
        self.subject, self.schemas, self.failures = subject, schemas, failures
        self.started, self.seconds, self.clock = started, seconds, clock
        self.counterexamples = [failures[0].case]
        self.found: list[Repair] = []
        self.tried = 0
        self.first_at: int | None = None
        self.until = seconds
        """Where the current stage (single edits, pairs) ends, in seconds from the start."""
        self.seen: set[tuple[Edit, ...]] = set()
        self.left_out = left_out
        """A fix leaves out none but these, and with `mend` fewer, or not `mend_only`; those
        it leaves out still count as failing (`Repair.still_failing`)."""
        self.judge = Judge(self.build, subject.cases, left_out, mend and bool(left_out),
                           mend_only, lambda: not self.out_of_time())
        self.keep = keep
        # A keep records what it turns down: with one, every candidate is verified here.
        self.jobs = jobs if keep is None else 1
        self.ahead: JudgedAhead | None = None
        """The next candidates, verified ahead on the other cores (judged_ahead.py)."""

    def out_of_time(self) -> bool:
        return self.clock() - self.started > min(self.until, self.seconds)

    def done(self) -> bool:
        return len(self.found) >= ALTERNATIVES or self.out_of_time() or (
            self.first_at is not None and self.tried >= self.first_at + EXTRA_TRIES)

    @property
    def cases(self) -> tuple[Case, ...]:
        return self.subject.cases

    def tried_all(self, candidates: Sequence[Edit]) -> bool:
        return all((edit,) in self.seen for edit in candidates)

    def each(self, candidates: Sequence[Edit]) -> None:
        """Each candidate not tried yet verified in turn; those of a schema a fix edits are
        put off, and fill the alternatives other schemas left (`EXTRA_TRIES` // 2 at most)."""
        try:
            later: list[Edit] = []
            scanned = 0
            for position, edit in enumerate(candidates):
                if (edit,) in self.seen:
                    continue
                if position >= scanned and not self.done():
                    scanned = self._ahead(candidates, position, put_off=True)
                if not self._fresh(edit):
                    later.append(edit)
            later, scanned = later[:EXTRA_TRIES // 2], 0
            for position, edit in enumerate(later):
                if len(self.found) >= ALTERNATIVES or self.out_of_time():
                    return
                if position >= scanned:
                    scanned = self._ahead(later, position, put_off=False)
                self.attempt((edit,))
        finally:
            self._ahead_over()

    def _ahead(self, candidates: Sequence[Edit], start: int, put_off: bool) -> int:
        """The next candidates from `start` that would be tried, verified ahead on the other
        cores (`put_off`: those of a schema a fix edits are not); where the scan stopped."""
        self._ahead_over()
        if self.jobs <= 1:
            return len(candidates)
        fixed = {e.schema for r in self.found for e in r.edits} if put_off else set()
        batch: list[tuple[Edit, ...]] = []
        position = start
        while position < len(candidates) and len(batch) < WINDOW * AHEAD_PER_CORE:
            edit, position = candidates[position], position + 1
            edits = self._twinned((edit,))
            if edit.schema not in fixed and (edit,) not in self.seen and \
                    edits not in self.seen and edits not in batch:
                batch.append(edits)
        self.ahead = JudgedAhead(self.judge, batch, self.counterexamples, self.jobs,
                                 self.out_of_time)
        return position

    def _ahead_over(self) -> None:
        if self.ahead is not None:
            self.ahead.close()
            self.ahead = None

    def _fresh(self, edit: Edit) -> bool:
        """Tries `edit` (unless done) when no fix found edits its schema; else False."""
        if any(edit.schema == e.schema for r in self.found for e in r.edits):
            return False
        if not self.done():
            self.attempt((edit,))
        return True

    def build(self, edits: tuple[Edit, ...]) -> ModelOrDefect:
        return self.subject.model(apply_edits(self.schemas, edits))

    def _twinned(self, edits: tuple[Edit, ...]) -> tuple[Edit, ...]:
        """A place the schemas left out share is one line of the file: edited in each
        (twins.py), whichever case the edit came from."""
        twinned = with_twins(edits, self.schemas, self.left_out)
        return edits if twinned == edits else tuple(
            sorted(twinned, key=lambda e: (e.schema, e.clause, e.index)))

    def attempt(self, edits: tuple[Edit, ...]) -> bool:
        self.seen.add(edits)
        twinned = self._twinned(edits)
        if twinned != edits:
            edits = twinned
            if edits in self.seen:
                return False  # that change, made from another case: not tried again
            self.seen.add(edits)
        self.tried += 1
        ahead = None if self.ahead is None else self.ahead.judgment(edits)
        judgment, model = (ahead, None) if ahead is not None else \
            self.judge.judged(edits, self.counterexamples)
        if not judgment.passed:
            failed = judgment.failed_case
            if failed is not None and failed not in self.counterexamples:
                self.counterexamples.insert(0, failed)
            return False
        if self.keep is not None:
            # Never judged ahead (self.jobs): its model was built here, and is one.
            assert model is not None and not isinstance(model, UnbuildableModel)
            if not self.keep(edits, model):
                return False  # agrees on every case, yet is no fix (`Keep`)
        self.found.append(found_repair(edits, self.failures, len(self.subject.cases),
                                       len(judgment.left)))
        self.first_at = self.tried if self.first_at is None else self.first_at
        return True
