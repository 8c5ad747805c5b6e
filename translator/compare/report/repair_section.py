"""The "Suggested fix" section of a compare report, in markdown and as an HTML diff."""

from __future__ import annotations

from html import escape

from translator.compare.repair.fixes import RepairReport, SuggestedFix
from translator.compare.runs.state_bound import STATES

_EVIDENCE_SHOWN = 5


def repair_markdown(found: RepairReport) -> str:
    """One entry per verified fix, best first, each at its lines in the model's notation;
    when none was found, why, and the evidence the search had."""
    lines = ["## Suggested fix", ""]
    if not found.failures and not found.unchecked:  # unchecked: the bound ran out first
        lines.append(f"Nothing to fix: the model agrees on all {found.cases} levels and probes "
                     "(each in its eight orientations).")
        return "\n".join(lines) + "\n"
    for fix, head in zip(found.fixes, _heads(found.fixes), strict=True):
        lines += _entry(fix, head)
    if found.together is not None:
        lines += _together(found.together)
    if not found.fixes:
        lines += [found.culprit or "", "", "The evidence (first failures):", ""]
        lines += [f"- {failure.case}: {failure.what}"
                  for failure in found.failures[:_EVIDENCE_SHOWN]]
    for repair, why in found.rejected[:_EVIDENCE_SHOWN]:
        lines.append(f"- rejected: {'; '.join(edit.text() for edit in repair.edits)}: {why}")
    lines.append(f"\n{found.tried} candidate edits verified in {found.seconds:.1f} s; a fix "
                 "is shown only once the edited model agrees on every level and probe (one of "
                 "several faults: on every case it agreed on, and on those it makes agree).")
    return "\n".join(lines) + "\n"


def _heads(fixes: tuple[SuggestedFix, ...]) -> list[tuple[str, str]]:
    """`Fix`, `Alternative 1`...; with several faults, each fault's own (`Fault 2, fix`), and
    the faults whose fixes were made before it was verified (`with the fix of fault 1 made`)."""
    firsts: dict[int, SuggestedFix] = {}
    for fix in fixes:
        firsts.setdefault(fix.repair.fault, fix)
    heads: list[tuple[str, str]] = []
    seen: dict[int, int] = {}
    for fix in fixes:
        fault = fix.repair.fault
        rank = seen[fault] = seen.get(fault, 0) + 1
        head = "fix" if rank == 1 else f"alternative {rank - 1}"
        before = [str(number) for number, first in firsts.items()
                  if first.repair.edits and set(first.repair.edits) <= set(fix.repair.after)]
        made = f"with the fix of fault{'s' if len(before) > 1 else ''} " \
            f"{', '.join(before)} made, " if before else ""
        heads.append((f"Fault {fault}, {head}" if len(firsts) > 1 else head.capitalize(), made))
    return heads


def _entry(fix: SuggestedFix, head: tuple[str, str]) -> list[str]:
    """A fix's head line, its edits at their lines, the divergences it mends and its diff."""
    repair, (title, made) = fix.repair, head
    edits = f"{len(repair.edits)} edit{'s' if len(repair.edits) > 1 else ''}"
    left = f"{repair.still_failing} cases still fail, of other faults" \
        if repair.still_failing else "with those made, every case agrees"
    equal = fix.states is None or fix.states.remaining is None
    lines = [f"**{title}** ({edits}, verified on {repair.verified_on} cases: every level "
             "and probe in its eight turned and mirrored copies, and equal to the game "
             f"on {_states(fix)}):"
             if not repair.still_failing and not repair.after and equal else
             f"**{title}** ({edits}, verified on {repair.verified_on} cases: every level "
             "and probe in its eight turned and mirrored copies, and keeping every agreement "
             f"of the model as written on {_states(fix)}):"
             if not repair.still_failing and not repair.after else
             f"**{title}** ({edits}, of one fault among several, verified {made}on "
             f"{repair.verified_on} cases: every case the model as written agrees on "
             f"still agrees; {left}):", ""]
    lines += [f"- `{line}`" for line in fix.lines]
    if fix.states is not None and fix.states.remaining is not None:
        lines.append("- still differs from the game where the model as written did, of a "
                     f"fault no case's plan shows: {fix.states.remaining}")
    lines += _mended(fix)
    if fix.diff:
        lines += ["", "```diff", fix.diff.rstrip("\n"), "```"]
    return [*lines, ""]


def _states(fix: SuggestedFix) -> str:
    """The states a complete fix was compared on, and the levels where that was their first
    states only (more are reachable within the budget): there it is "equal on the first N"."""
    verdict = fix.states
    if verdict is None:
        return "every state of each, up to the bound of a level"
    where = f"every state of each level and generated board ({verdict.states:,} states)"
    if verdict.bounded:
        where += f"; {', '.join(verdict.bounded)} on their first {STATES:,} states in order " \
            "of cost only, as their verdicts are"
    return where


def _together(fix: SuggestedFix) -> list[str]:
    repair = fix.repair
    left = f"{repair.still_failing} cases still fail, of faults not fixed" \
        if repair.still_failing else "every case agrees"
    lines = [f"**Every fault's fix at once** ({len(repair.edits)} edits: the first fix of "
             "each fault, each verified with those found before it made; " + left
             + "). This is what --repair-out writes.", ""]
    lines += [f"- `{line}`" for line in fix.lines]
    if fix.diff:
        lines += ["", "```diff", fix.diff.rstrip("\n"), "```"]
    return [*lines, ""]


def _mended(fix: SuggestedFix) -> list[str]:
    """The divergences the fix mends, the first of each level or probe in the report's
    words, then how many cases it makes agree in all and the rules whose probes they are."""
    repair = fix.repair
    lines = [f"- mends: {mend.text()}" for mend in fix.mends[:_EVIDENCE_SHOWN]]
    told = {case for mend in fix.mends for case in (mend.failure.case, *mend.copies)}
    untold = [case for case in repair.fixed if case not in told]  # a failure not in the report
    more = len(fix.mends) - _EVIDENCE_SHOWN
    if more > 0:
        plural = "s" if more > 1 else ""
        lines.append(f"- and {more} more level{plural} or probe{plural} it mends")
    if untold:
        lines.append(f"- makes agree also: {', '.join(untold[:_EVIDENCE_SHOWN])}"
                     + (f" and {len(untold) - _EVIDENCE_SHOWN} more"
                        if len(untold) > _EVIDENCE_SHOWN else ""))
    lines.append(f"- makes agree {len(repair.fixed)} case{'s' if len(repair.fixed) > 1 else ''} "
                 "in all" + (f" (rules {', '.join(repair.rules)})" if repair.rules else ""))
    return lines


def repair_html(found: RepairReport) -> str:
    """The fixes as diffs, removed lines and added lines told apart."""
    if not found.fixes:
        reason = found.culprit or "Nothing to fix."
        return f"<h2>Suggested fix</h2><p>{escape(reason)}</p>"
    parts = ["<h2>Suggested fix</h2>"]
    for fix in found.fixes:
        parts.append("<ul>" + "".join(f"<li><code>{escape(line)}</code></li>"
                                      for line in fix.lines)
                     + "".join(f"<li>mends: {escape(mend.text())}</li>"
                               for mend in fix.mends[:_EVIDENCE_SHOWN]) + "</ul>")
        rows = []
        for line in fix.diff.splitlines():
            kind = {"+": "added", "-": "removed"}.get(line[:1], "same")
            if line.startswith(("+++", "---")):
                kind = "same"
            rows.append(f'<span class="{kind}">{escape(line)}</span>')
        parts.append('<pre class="diff">' + "\n".join(rows) + "</pre>")
    return "".join(parts)
