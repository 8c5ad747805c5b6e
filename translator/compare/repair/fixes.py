"""The entry of the repair room: the verified fixes of a compared model, in its own notation.

`suggest_fixes` takes what compare found (the levels, with the game's plan our model found on
each) and the model as read, builds the evidence (every level and probe in its eight
orientations, evidence.py), searches (search.py) and renders each verified fix at its lines
in the model's own notation, with the file's text as it would read fixed (notation_text.py).
Nothing unverified leaves this module: a `Repair` exists only once every case agreed.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass, replace

from strips_model.level import Level
from strips_model.moves import Direction
from strips_model.reports.document import Report
from strips_model.reports.model_source import model_text
from strips_model.reports.vocabulary import Vocabulary
from translator.compare.repair.evidence import level_cases, probe_cases
from translator.compare.repair.notation_text import Notation, apply_to_text, describe
from translator.compare.repair.partial import partial_fixes
from translator.compare.repair.search import Repair, RepairSearch, Subject, suggest
from translator.compare.repair.verify import Failure

SEARCH_SECONDS = 120.0
"""The default bound of one model's repair search (`--repair-seconds`)."""
CULPRIT = ("no fix of at most two edits makes the model agree on every level and probe, nor "
           "fixes one of its faults alone: the vocabulary inferred (how its predicates read a "
           "level) is the likely culprit; check it with --vocabulary-out and correct it with "
           "--vocabulary")


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

    def as_json(self) -> dict[str, object]:
        data = self.repair.as_json()
        line = self.lines[0].split(",", 1)[0].removeprefix("line ")
        data["line"] = int(line) if line.isdigit() else None
        data["edits"] = [{**edit.as_json(), "at": line}
                         for edit, line in zip(self.repair.edits, self.lines, strict=True)]
        return data


@dataclass(frozen=True, slots=True)
class RepairReport:
    failures: tuple[Failure, ...]
    fixes: tuple[SuggestedFix, ...]
    tried: int
    seconds: float
    cases: int

    @property
    def culprit(self) -> str | None:
        return CULPRIT if self.failures and not self.fixes else None

    def as_json(self) -> list[dict[str, object]]:
        return [fix.as_json() for fix in self.fixes]


def model_vocabulary(model: object) -> Vocabulary | None:
    words = getattr(model, "words", None)
    return words if isinstance(words, Vocabulary) else None


def game_plans(levels: Sequence[Level], plans: Sequence[str | None],
               costs: Sequence[int | None]) -> list[tuple[Level, tuple[Direction, ...] | None,
                                                          int | None]]:
    """The levels with the game's plan found for each (our model's, validated by compare)."""
    return [(level, tuple(Direction(k) for k in plan) if plan is not None else None, cost)
            for level, plan, cost in zip(levels, plans, costs, strict=True)]


def suggest_fixes(path: str, report: Report, model: object,
                  levels: Sequence[tuple[Level, tuple[Direction, ...] | None, int | None]],
                  seconds: float = SEARCH_SECONDS, symmetric: bool = True) -> RepairReport:
    """The verified fixes of the model `path` holds, as read in `report`."""
    cases = (*level_cases(levels, symmetric), *probe_cases(symmetric))
    label = str(getattr(model, "label", path))
    subject = Subject(report, label, model_vocabulary(model), cases)
    found = suggest(subject, report.schemas, seconds / 2)
    if not found.repairs and found.failures and \
            not isinstance(subject.model(report.schemas), str):
        # A model of several faults has no complete fix: each fault is fixed alone.
        partial = partial_fixes(subject, report.schemas, found.failures,
                                seconds - found.seconds)
        found = replace(partial, tried=found.tried + partial.tried,
                        seconds=found.seconds + partial.seconds)
    return render(found, path, report, len(cases))


def render(found: RepairSearch, path: str, report: Report, cases: int) -> RepairReport:
    text = model_text(path)
    notation = Notation.of(text, report.schemas)
    fixes = []
    for repair in found.repairs:
        lines = tuple(describe(edit, report.schemas, text, notation) for edit in repair.edits)
        fixed = apply_to_text(text, report.schemas, repair.edits)
        diff = "" if fixed is None else "".join(difflib.unified_diff(
            text.splitlines(keepends=True), fixed.splitlines(keepends=True), path,
            f"{path} (fixed)", n=1))
        fixes.append(SuggestedFix(repair, lines, fixed, diff))
    return RepairReport(found.failures, tuple(fixes), found.tried, found.seconds, cases)
