"""The entry of the repair room: the verified fixes of a checked model, in its own notation.

`suggest_fixes` takes the model as compare set it up (its file, read once, and the model
built from it: check.py `ModelSetUp`) and the game's plan on each level compare solved, builds
the evidence (every level and probe in its eight orientations, evidence.py), searches
(search.py; each fault alone when no fix mends them all, partial.py) and renders each verified
fix at its lines in the model's own notation, with the file's text as it would read fixed
(notation_text.py) and the divergences it mends (mends.py). `helltaker compare --repair` and
the repair benchmark both enter here.
Nothing unverified leaves this module: a `Repair` exists only once every case agreed.

The benchmark draws its mutants here too (mutants.py), and warms the groundings of the model
as written once for all its mutants (`warmed_groundings`).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from functools import partial
from types import MappingProxyType

from strips_model.schema import Schema
from translator.compare.check import ModelSetUp
from translator.compare.models.compared import UnbuildableModel
from translator.compare.repair.bound import UNCHECKED, checked_in_time, unchecked_evidence
from translator.compare.repair.crowding import SEVERAL_SHARE
from translator.compare.repair.edits import Edit
from translator.compare.repair.every_state import (
    StateVerdict,
    complete_fix_verdict,
    fixes_on_every_state,
    warm_boards,
)
from translator.compare.repair.faults import together
from translator.compare.repair.faults_alone import faults_alone
from translator.compare.repair.mends import Mend, mends
from translator.compare.repair.mutants import (
    OPERATORS,
    gives_back,
    mutants,
    mutants_of,
    mutated,
    operator,
)
from translator.compare.repair.notation_text import Notation, apply_to_text, describe
from translator.compare.repair.options import DEFAULT_OPTIONS, GamePlan, RepairOptions
from translator.compare.repair.partial import CHECKS_SHARE
from translator.compare.repair.search import suggest
from translator.compare.repair.search_terms import Clock, Repair, RepairSearch, Subject
from translator.compare.repair.shifted import by_coordinates
from translator.compare.repair.verify import Failure, check_case
from translator.compare.runs.evidence import Case, level_cases, probe_cases
from translator.ground.grounding_memo import remembering_groundings
from translator.runtime.progress import task_finished

__all__ = ["OPERATORS", "Clock", "Edit", "GamePlan", "RepairOptions", "RepairReport",
           "SuggestedFix", "gives_back", "mutants", "mutants_of", "mutated", "operator",
           "repair_cases", "suggest_fixes", "warmed_groundings"]

CULPRIT = ("no fix of at most two edits makes the model agree on every level and probe, nor fixes "
           "one of its faults alone, within the bound searched: its faults need more edits than "
           "that, or more time (--repair-seconds); if a predicate plays another part than the "
           "report's head says, correct the reading with --vocabulary-out and --vocabulary")
"""Said when no fix was found. It blames no vocabulary: an inferred reading was tested on the
game's plans already (translator/compare/hypotheses.py), and changed where another explains
the game better."""


@dataclass(frozen=True, slots=True)
class SuggestedFix:
    repair: Repair
    lines: tuple[str, ...]
    """Each edit at its line, in the model's notation."""
    fixed_text: str | None
    """The model file with the fix applied, None when its literals are not found as written
    (a LaTeX or PDF reading)."""
    diff: str
    """The fix as a unified diff of the file (empty without `fixed_text`)."""
    mends: tuple[Mend, ...] = ()
    """The failures of the model as written it mends, one per level or probe (mends.py)."""
    states: StateVerdict | None = None
    """How far it was compared with the game state by state (every_state.py), if it was."""

    def as_json(self) -> dict[str, object]:
        data = self.repair.as_json()
        data["states_compared"] = None if self.states is None else self.states.states
        data["bounded_levels"] = [] if self.states is None else list(self.states.bounded)
        data["remaining_difference"] = None if self.states is None else self.states.remaining
        line = self.lines[0].split(",", 1)[0].removeprefix("line ")
        data["line"] = int(line) if line.isdigit() else None
        data["edits"] = [{**edit.as_json(), "at": line}
                         for edit, line in zip(self.repair.edits, self.lines, strict=True)]
        data["mends"] = [mend.as_json() for mend in self.mends]
        return data


@dataclass(frozen=True, slots=True)
class RepairReport:
    failures: tuple[Failure, ...]
    fixes: tuple[SuggestedFix, ...]
    tried: int
    seconds: float
    cases: int
    suspects: tuple[str, ...] = ()
    """The schemas the search edited, most likely first (search.py `RepairSearch`)."""
    rejected: tuple[tuple[Repair, str], ...] = ()
    """Fixes that agreed on every case's plans but differ from the game on some reachable
    state of a level or generated board (every_state.py), or hold only by accident of
    coordinates (shifted.py), each with where: never suggested."""
    unequal: tuple[Repair, ...] = ()
    """Of `rejected`, those the comparison on every state of the levels and boards took back:
    what a verifier of the cases' plans alone would have suggested."""
    formerly_verified: tuple[Repair, ...] = ()
    """Of `unequal`, those that differ only on a generated board or past a level's first 2,000
    states (every_state.py `FORMER_LEVEL_STATES`), where the former verifier did not look."""
    together: SuggestedFix | None = None
    """With several faults, the first fix of each made at once (faults.py `together`): what
    `--repair-out` writes."""
    unchecked: tuple[str, ...] = ()
    """The cases the bound ran out before checking (first_evidence.py): not searched."""
    unwalked: tuple[str, ...] = ()
    """The cases whose game's plans the bound ran out before walking (first_evidence.py)."""

    @property
    def culprit(self) -> str | None:
        if self.fixes or not (self.failures or self.unchecked):
            return None
        if self.unchecked or self.unwalked:
            return unchecked_evidence(self.cases, self.unchecked, self.unwalked,
                                      len(self.failures))
        if any(why == UNCHECKED for _, why in self.rejected):
            return ("a fix agreed on every plan, but --repair-seconds ran out before it was "
                    "verified on every state, board and moved board (listed below): give the "
                    "repair more time")
        return CULPRIT

    def as_json(self) -> list[dict[str, object]]:
        return [fix.as_json() for fix in self.fixes]


REPAIR_STEPS = 3
"""The steps `suggest_fixes` counts on the progress shown (runtime/progress.py `tasks_shown`,
`compare --repair` on a terminal): the search, then the fixes checked on every state (or each
fault searched alone), then on moved boards."""


def repair_cases(plans: Sequence[GamePlan], symmetric: bool = True) -> tuple[Case, ...]:
    """The evidence a fix is verified on: the levels with the game's plans, then the probes."""
    return (*level_cases(plans, symmetric), *probe_cases(symmetric))


def suggest_fixes(set_up: ModelSetUp, plans: Sequence[GamePlan],
                  options: RepairOptions = DEFAULT_OPTIONS,
                  schemas: tuple[Schema, ...] | None = None) -> RepairReport:
    """The verified fixes of the model `set_up` holds, judged on `plans` and the probes;
    `schemas` in place of the file's own (a mutant of it, for the benchmark)."""
    # Every fix is checked on the same levels' states: the schemas it leaves as written are
    # ground there once for all of them (grounding_memo.py), not once per fix.
    with remembering_groundings():
        return _suggested(set_up, plans, options, schemas)


def _suggested(set_up: ModelSetUp, plans: Sequence[GamePlan], options: RepairOptions,
               schemas: tuple[Schema, ...] | None) -> RepairReport:
    report, model = set_up.file.report, set_up.model
    subject = Subject(report, model.label, model.words, repair_cases(plans, options.symmetric))
    written = report.schemas if schemas is None else schemas
    in_time = partial(_in_time, options, options.clock())
    # The evidence may take the whole bound; the search for a complete fix, half of it (less
    # where the failures point at more schemas than two edits: crowding.py).
    found = suggest(subject, written, options.seconds / 2, options.two_edits, options.explain,
                    options.clock, evidence_seconds=options.seconds, several=SEVERAL_SHARE,
                    jobs=options.jobs)
    task_finished(next_item="the fixes on every state" if found.repairs else "each fault alone")
    rejected: list[tuple[Repair, str]] = []
    unequal: list[tuple[Repair, bool]] = []  # each with whether the former verifier took it
    once = repair_cases(plans, symmetric=False)
    unchecked: list[tuple[Repair, str]] = []
    equal: dict[Repair, StateVerdict] = {}  # each fix kept, with how far it was compared
    moved: dict[Repair, str | None] = {}  # each fix moved, with where it held by accident
    if found.repairs:
        # A complete fix is one more verdict: equal to the game on every state, or none.
        firsts = fixes_on_every_state(subject, written, found.repairs, once, options.jobs,
                                      former=options.former) if in_time() else {}
        verdicts, unchecked = checked_in_time(
            found.repairs, lambda repair: complete_fix_verdict(
                subject, written, repair, once, in_time, options.jobs, firsts.get(repair),
                former=options.former),
            in_time)
        equal.update((r, verdict) for r, verdict in verdicts if verdict.differs is None)
        rejected += unchecked + [(repair, verdict.differs)
                                 for repair, verdict in verdicts if verdict.differs is not None]
        unequal = [(repair, verdict.formerly_accepted) for repair, verdict in verdicts
                   if verdict.differs is not None]
        found = replace(found, repairs=tuple(r for r, v in verdicts if v.differs is None))
    # A fix that still leaves schemas out mends one fault of several: each is then fixed
    # alone, that one among them.
    if all(repair.still_failing for repair in found.repairs) and found.failures \
            and not unchecked and in_time() and \
            not (found.unchecked or found.unwalked) and \
            not isinstance(subject.model(written), UnbuildableModel):
        alone = faults_alone(subject, written, found,
                             (*probe_cases(options.symmetric), *level_cases(plans, False)),
                             (options.seconds - found.seconds) * (1 - CHECKS_SHARE),
                             options.clock, in_time, once, equal, options.jobs,
                             former=options.former)
        found, rejected, unequal = alone.found, rejected + alone.rejected, unequal + alone.unequal
        moved.update(alone.moved)
    task_finished(next_item="the fixes on moved boards")
    later, unchecked = checked_in_time(
        [r for r in found.repairs if r not in moved],
        lambda repair: by_coordinates(subject, written, repair, once), in_time)
    moved.update(later)
    task_finished()
    rejected += unchecked + [(repair, f"it holds only by accident of coordinates ({where})")
                             for repair, where in moved.items() if where is not None]
    found = replace(found, repairs=tuple(r for r in found.repairs
                                         if r in moved and moved[r] is None))
    shown = render(found, set_up, written, len(subject.cases), equal)
    return replace(shown, rejected=tuple(rejected),
                   unequal=tuple(repair for repair, _ in unequal),
                   formerly_verified=tuple(repair for repair, former in unequal if former))


def _in_time(options: RepairOptions, began: float) -> bool:
    """Whether the bound leaves time for one more fix's check: past it, a fix the plans
    accepted is reported unchecked, never suggested unverified."""
    return options.clock() - began < options.seconds


@contextmanager
def warmed_groundings(set_up: ModelSetUp, plans: Sequence[GamePlan] = (),
                      symmetric: bool = True) -> Iterator[None]:
    """Within it, the ground actions of the model as written on the game's states of every
    case and generated board are known (grounding_memo.py) to every search, and to every
    process forked in it, which grounds anew only the schemas it edits and the states it
    reaches otherwise."""
    with remembering_groundings():
        if not isinstance(set_up.model, UnbuildableModel):
            for case in repair_cases(plans, symmetric):
                check_case(set_up.model, case)
            warm_boards(set_up.model)
        yield


def render(found: RepairSearch, set_up: ModelSetUp, schemas: tuple[Schema, ...],
           cases: int, equal: Mapping[Repair, StateVerdict] = MappingProxyType({})
           ) -> RepairReport:
    """Each fix at its lines of the file, and the file as it would read fixed."""
    text, path = set_up.file.text, set_up.file.path
    mutant = schemas is not set_up.file.report.schemas  # no file holds it as written
    notation = None if mutant else Notation.of(text, schemas)

    def shown(repair: Repair) -> SuggestedFix:
        if notation is None:
            return SuggestedFix(repair, tuple(edit.text() for edit in repair.edits), None, "",
                                mends(repair, found.failures), equal.get(repair))
        lines = tuple(describe(edit, schemas, text, notation, repair.edits)
                      for edit in repair.edits)
        fixed = apply_to_text(text, schemas, repair.edits, notation)
        diff = "" if fixed is None else "".join(difflib.unified_diff(
            text.splitlines(keepends=True), fixed.splitlines(keepends=True), path,
            f"{path} (fixed)", n=1))
        return SuggestedFix(repair, lines, fixed, diff, mends(repair, found.failures),
                            equal.get(repair))

    joint = together(found.repairs)
    return RepairReport(found.failures, tuple(map(shown, found.repairs)), found.tried,
                        found.seconds, cases, found.suspects,
                        together=None if joint is None else shown(joint),
                        unchecked=found.unchecked, unwalked=found.unwalked)
