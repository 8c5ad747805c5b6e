"""A slip on a faulty base scored on the fixes `compare --repair` reports (issue 40), and the
faulty-base table of the repair benchmark.

A fix undoes the slip when the model it gives is the faulty base again: the same schemas
(`gives_back`), or a model that fails exactly where and how the faulty base fails (the same
cases, at the same letter, told in the same words) and runs without the same schemas. The
base agrees on every case the slip made fail, so a fix that undoes it mends each of them.
A fix of the slip and of a fault of the base at once (two
edits, the complete fix of a one-fault base) holds the slip's fix: it counts, and is
counted apart too (`within`).

- **among**: some fix reported undoes the slip (or holds its undoing);
- **first**: the first fix that mends one of the slip's divergences (its `mends`,
  compare/repair/mends.py) does; with no fix mending them, no;
- **first overall**: the first fix reported does;
- **disabling**: fixes that switch off a move the slipped model made as the game does, on
  some state of a probe's board (compare/repair/kept_agreement.py: the schema the model as
  written applied has no action left there).
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from translator.compare.models.compared import UnbuildableModel
from translator.compare.repair.edits import Edit, apply_edits
from translator.compare.repair.fixes import OPERATORS, SuggestedFix, gives_back
from translator.compare.repair.kept_agreement import Memo, keeps_agreement
from translator.compare.repair.search_terms import Subject
from translator.compare.repair.verify import Failure, verify
from translator.measure.faulty_bases import MAX_FAULTS, Base, Slip, divergence, divergences


def told(failures: Sequence[Failure]) -> frozenset[tuple[str, int | None, str]]:
    """Failures as the report tells them: where and what, whichever schemas it suspects."""
    return frozenset((f.case, f.letter, f.what) for f in failures)


def undoes(subject: Subject, base: Base, slip: Slip, edits: tuple[Edit, ...]) -> bool:
    """Whether `edits` of the slipped base give the faulty base back, or a model that
    behaves as it on every case (the cases the slip made fail checked first: most fixes
    that do not undo it fail one of them at once)."""
    if gives_back(slip.schemas, edits, base.schemas):
        return True
    schemas = apply_edits(slip.schemas, edits)
    model = subject.model(schemas)
    if isinstance(model, UnbuildableModel) or verify(
            model, [case for case in subject.cases if case.name in slip.cases]) is not None:
        return False
    return told(divergences(subject, schemas)) == told(base.failures)


def mended(fix: SuggestedFix) -> frozenset[str]:
    """The divergences a fix mends, as its report lists them (each level or probe with its
    copies, each schema left out apart), told as faulty_bases.py `divergence` tells them."""
    return frozenset(told for mend in fix.mends
                     for told in (divergence(mend.failure), *mend.copies))


@dataclass(frozen=True, slots=True)
class Undoing:
    """Whether one fix undoes the slip."""

    exact: bool
    """The fix, all its edits."""
    within: bool
    """Some of its edits, not all (the others fix faults of the base)."""


def undoing(subject: Subject, base: Base, slip: Slip, fix: SuggestedFix) -> Undoing:
    edits = fix.repair.edits
    if undoes(subject, base, slip, edits):
        return Undoing(True, False)
    return Undoing(False, any(undoes(subject, base, slip, part)
                              for size in range(1, len(edits))
                              for part in combinations(edits, size)))


def disabling(subject: Subject, slip: Slip, fixes: Sequence[SuggestedFix]) -> int:
    """The fixes that switch off a move the slipped model made as the game does."""
    written = subject.model(slip.schemas)
    if isinstance(written, UnbuildableModel):
        return 0  # it makes no move to keep
    memo: Memo = {}
    count = 0
    for fix in fixes:
        model = subject.model(apply_edits(slip.schemas, fix.repair.edits))
        if isinstance(model, UnbuildableModel):
            continue
        lost = keeps_agreement(written, model, subject.cases, memo=memo).lost
        count += lost is not None and lost.disabled is not None
    return count


@dataclass(frozen=True, slots=True)
class SlipScore:
    among: bool
    within: bool
    """Among only through a fix that also edits a fault of the base."""
    first: bool
    """The first fix mending a divergence of the slip undoes it."""
    first_overall: bool
    mended: bool
    """Some fix mends a divergence of the slip."""
    disabling: int


def score(subject: Subject, base: Base, slip: Slip, fixes: Sequence[SuggestedFix]
          ) -> SlipScore:
    return ranked([undoing(subject, base, slip, fix) for fix in fixes],
                  [bool(mended(fix) & slip.cases) for fix in fixes],
                  disabling(subject, slip, fixes))


def ranked(undone: Sequence[Undoing], mending: Sequence[bool], disabled: int) -> SlipScore:
    """The score of fixes in the report's order: whether each undoes the slip, and whether
    each mends a divergence of the slip."""
    holds = [u.exact or u.within for u in undone]
    first = next((held for held, mends in zip(holds, mending, strict=True) if mends), False)
    return SlipScore(any(holds), any(holds) and not any(u.exact for u in undone), first,
                     bool(holds) and holds[0], any(mending), disabled)


@dataclass(frozen=True, slots=True)
class SlipOutcome:
    model: str
    operator: str
    faults: int
    """Of the base."""
    slip: str
    """The slip's schema and edit."""
    live: bool
    """The slip has divergences of its own; a masked one is not scored."""
    score: SlipScore | None
    fixes: int
    seconds: float
    """The repair's wall seconds (`compare --repair`'s entry, suggest_fixes)."""
    cpu_seconds: float


def percent(part: int, whole: int) -> str:
    """`part` of `whole` as a table shows it: `50% (1/2)`, `-` of none."""
    return f"{100 * part / whole:.0f}% ({part}/{whole})" if whole else "-"


def p95(ordered: Sequence[float]) -> float:
    """The 95th percentile of sorted values (the nearest rank)."""
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def faulty_table(outcomes: Sequence[SlipOutcome]) -> str:
    """One row per slip operator, one for every slip, and one per number of faults of the
    base; the times are those of the repairs of live slips."""
    header = ("| slip operator | slips | masked | among | among, in a fix of a fault too "
              "| first for its divergence | first overall | its divergence mended "
              "| disabling fixes | s median | s p95 | CPU s median |")
    lines = [header, "|" + "---|" * 12]
    groups = [(name, [o for o in outcomes if o.operator == name]) for name in OPERATORS]
    groups.append(("all", list(outcomes)))
    groups += [(f"base of {k} fault{'s' if k > 1 else ''}",
                [o for o in outcomes if o.faults == k]) for k in range(1, MAX_FAULTS + 1)]
    for name, rows in groups:
        scored = [o.score for o in rows if o.score is not None]
        if not rows:
            continue
        times = sorted(o.seconds for o in rows if o.live) or [0.0]
        cpu = [o.cpu_seconds for o in rows if o.live] or [0.0]
        lines.append(
            f"| {name} | {len(rows)} | {sum(not o.live for o in rows)} "
            f"| {percent(sum(s.among for s in scored), len(scored))} "
            f"| {sum(s.within for s in scored)} "
            f"| {percent(sum(s.first for s in scored), len(scored))} "
            f"| {percent(sum(s.first_overall for s in scored), len(scored))} "
            f"| {percent(sum(s.mended for s in scored), len(scored))} "
            f"| {sum(s.disabling for s in scored)} "
            f"| {statistics.median(times):.1f} | {p95(times):.1f} "
            f"| {statistics.median(cpu):.1f} |")
    lines.append("")
    lines.append("Faulty bases: each slip is made on a correct model given 1 to 3 diverging "
                 "faults first (on a model that diverges as written, on it, with no fault "
                 "added), and repaired as `compare --repair` repairs it; `among`: a fix "
                 "reported gives the faulty base back (or behaves as it on every case); "
                 "`first for its divergence`: the first fix that mends a divergence of the "
                 "slip does; a masked slip (no divergence the base lacks) is not scored.")
    return "\n".join(lines) + "\n"
