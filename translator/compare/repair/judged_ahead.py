"""Candidates verified ahead on the other cores, the search reading each outcome in its turn.

The search (search.py) verifies its candidates one after another, the counterexamples met so
far first, and stops at the first fixes and `EXTRA_TRIES` more; which candidates it tries
depends only on the outcomes of those before, never on which counterexample turned one down.
On `jobs` cores, the next candidates it would try, as far as it can tell now, are verified
ahead in forked workers, `AHEAD_PER_CORE` a worker, and the search then reads each outcome in
its turn as if it had verified the candidate itself: the fixes found, the candidates tried and
their order are those of one core, and a candidate verified ahead that the search no longer
tries (a fix of its schema found before it, the stage's time over) costs only its time. A
candidate whose outcome is not known ahead is verified in its turn, here, and so is every one
when a worker fails: the error, if it is the model's, is then raised as on one core.

Only the verdict of the cases is judged ahead. A search with a `keep` (partial.py), which
records every fix it turns down, stays on one core.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from functools import partial

from translator.compare.models.compared import ModelOrDefect, UnbuildableModel
from translator.compare.repair.edits import Edit
from translator.compare.repair.first_evidence import left_out_names
from translator.compare.repair.verify import OutOfTime, verify
from translator.compare.runs.evidence import Case
from translator.runtime.progress import tasks_unshown
from translator.runtime.workers import run_ordered

AHEAD_PER_CORE = 6
"""Candidates a worker verifies ahead in one fork: a fork of a large model costs about what
verifying a candidate does, and a fork's groundings are lost with it."""
WINDOW = 8
"""Workers in one batch: the search looks this far ahead (`AHEAD_PER_CORE` candidates each),
then reads the next candidates it would try as the batch ends."""

Edits = tuple[Edit, ...]


@dataclass(frozen=True, slots=True)
class Judgment:
    """What verifying one candidate (its edits, twins included) told."""

    built: bool
    left: frozenset[str] = frozenset()
    """The schemas the edited model runs without."""
    passed: bool = False
    """It leaves out no schema it may not, and agrees on every case."""
    failed_case: str | None = None
    """The first case it fails: a counterexample, tried first on the next candidates."""


@dataclass(frozen=True, slots=True)
class Judge:
    """How the search verifies a candidate: the model it edits rebuilt, the schemas it must
    mend, the cases."""

    build: Callable[[Edits], ModelOrDefect]
    cases: tuple[Case, ...]
    left_out: frozenset[str]
    """A fix leaves out none but these; with `must_mend` fewer, or not `mend_only`."""
    must_mend: bool
    mend_only: str | None
    in_time: Callable[[], bool] | None = None
    """Asked before each case: false leaves the candidate unjudged (verify.py `OutOfTime`)."""

    def judged(self, edits: Edits, first: Sequence[str]) -> tuple[Judgment, ModelOrDefect]:
        """The candidate's judgment, its counterexamples `first` tried first, and its model."""
        model = self.build(edits)
        if isinstance(model, UnbuildableModel):
            return Judgment(False), model
        left = left_out_names(model)
        if not left <= self.left_out or self.must_mend and (
                left == self.left_out if self.mend_only is None else self.mend_only in left):
            return Judgment(True, left), model  # a schema broken, or those left out not mended
        try:
            failure = verify(model, self.cases, first, tell=False, in_time=self.in_time)
        except OutOfTime:
            return Judgment(True, left), model
        return Judgment(True, left, failure is None,
                        None if failure is None else failure.case), model


class JudgedAhead:
    """The judgments of `batch`, in its order, verified on up to `jobs` cores at once,
    `AHEAD_PER_CORE` candidates a worker: each worker starts as the one before it ends, while
    the search reads the judgments as they come. A worker starts with the counterexamples
    `first` holds then (the search's own list, which it adds to as it reads)."""

    def __init__(self, judge: Judge, batch: Sequence[Edits], first: list[str], jobs: int,
                 out_of_time: Callable[[], bool]) -> None:
        self._chunks = [tuple(batch[start:start + AHEAD_PER_CORE])
                        for start in range(0, len(batch), AHEAD_PER_CORE)]
        self._chunk_of = {edits: number for number, chunk in enumerate(self._chunks)
                          for edits in chunk}
        self._read = 0
        """The chunks whose judgments were read."""
        self._known: dict[Edits, Judgment] = {}
        self._open = ExitStack()
        # The candidates are one step of the search: its progress counts the step, not them.
        self._open.enter_context(tasks_unshown())
        self._judgments = run_ordered(partial(_judged_chunk, judge, first, out_of_time),
                                      self._chunks, jobs)
        self._open.callback(self._judgments.close)

    def judgment(self, edits: Edits) -> Judgment | None:
        """The judgment of `edits`, waiting for it if it is still being made; None when it is
        not in the batch, or its worker gave none (its time over, or it failed)."""
        number = self._chunk_of.get(edits, -1)
        while self._read <= number:
            try:
                judgments = next(self._judgments)
            except Exception:  # noqa: BLE001 - the rest verified in turn, raising if it must
                self._read = len(self._chunks)
                break
            self._known.update(zip(self._chunks[self._read], judgments, strict=False))
            self._read += 1
        return self._known.pop(edits, None)

    def close(self) -> None:
        """The workers still running stopped: the search needs no more of the batch."""
        self._open.close()


def _judged_chunk(judge: Judge, first: list[str], out_of_time: Callable[[], bool],
                  chunk: tuple[Edits, ...]) -> list[Judgment]:
    """The chunk's judgments in order, until the search's time is over (on its wall clock;
    a worker's CPU clock starts at its fork, so under a CPU clock the chunk ends whole), the
    counterexamples met tried first, as the search does."""
    judgments: list[Judgment] = []
    counterexamples = list(first)
    for edits in chunk:
        if out_of_time():
            break
        judgment = judge.judged(edits, counterexamples)[0]
        judgments.append(judgment)
        if judgment.failed_case is not None and judgment.failed_case not in counterexamples:
            counterexamples.insert(0, judgment.failed_case)
    return judgments
