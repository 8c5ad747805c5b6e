"""The summary section of a comparison's report, which the HTML page shows too: what the
compared model solves, where it agrees, the states and boards compared, the lint, the rules,
and the verdict."""

from __future__ import annotations

from translator.compare.comparison import Comparison, LevelComparison
from translator.compare.report.board_text import board_summary
from translator.compare.report.state_text import state_totals
from translator.planners.outcome import Status

NOT_RUN = ("not run: nothing of the compared model could be run (the reason above), so no "
           "departure from the game is shown.")
"""The verdict of a model nothing of which could be run (`Comparison.ran`)."""


def summary_lines(comparison: Comparison) -> list[str]:
    """The summary section, heading included (the HTML page shows it too)."""
    levels = comparison.levels
    solved = [level.name for level in levels if level.report.status is Status.SOLVED]
    unsolved = [level.name for level in levels if level.report.status is not Status.SOLVED]
    valid = [level.name for level in levels if level.report.valid]
    invalid = [level.name for level in levels if level.report.valid is False]
    missing = [rule.rule for rule in comparison.coverage if rule.verdict == "not expressed"]
    unprobed = [rule.rule for rule in comparison.coverage if rule.verdict == "not run"]
    agreeing = [level.name for level in levels if level.agrees]
    lines = ["## Summary", ""]
    if comparison.defect is not None:
        lines.append(f"- The compared model {comparison.cause}, on any level: "
                     f"{comparison.defect}. Nothing of it was run; the levels and rules below "
                     "say so one by one.")
    lines.append(f"- The compared model solves {len(solved)} of {len(levels)} levels"
                 + (f" (not {', '.join(unsolved)})" if unsolved else "")
                 + f"; {len(valid)} of its plans are valid in the game"
                 + (f", {len(invalid)} are not ({', '.join(invalid)})" if invalid else "") + ".")
    lines.append(f"- It agrees with the game on {len(agreeing)} of {len(levels)} levels "
                 "(same outcome, same cost, no divergence on either plan or on the states "
                 "compared)" + _verdict_counts(levels) + ".")
    lines += state_totals(levels) + board_summary(comparison.boards)
    groups = comparison.lint_groups
    per_kind = {group.kind: 0 for group in groups}
    for group in groups:
        per_kind[group.kind] += len(group.findings)
    lines.append(f"- The lint finds {len(comparison.lint)} finding(s) in {len(groups)} "
                 "pattern(s)" + (", most serious first: " + ", ".join(
                     f"{kind} ({count})" for kind, count in per_kind.items())
                     if per_kind else "") + ".")
    if missing:
        lines.append(f"- It cannot express {len(missing)} of {len(comparison.coverage)} rules: "
                     f"{', '.join(missing)} (witnesses below).")
    if unprobed:
        lines.append(f"- {len(unprobed)} of {len(comparison.coverage)} rules could not be "
                     "probed (not run, the reason below).")
    if not missing and not unprobed:
        lines.append(f"- It expresses all {len(comparison.coverage)} rules on their probes.")
    lines.append("- Verdict: " + ("no divergence from the game found." if comparison.agrees
                                  else "the compared model departs from the game."
                                  if comparison.ran else NOT_RUN))
    return lines


def _verdict_counts(levels: tuple[LevelComparison, ...]) -> str:
    """", diverges on N, not run on M (why)", the parts that are not zero."""
    diverging = sum(level.verdict == "diverges" for level in levels)
    not_run = [level for level in levels if level.verdict == "not run"]
    text = f", diverges on {diverging}" if diverging else ""
    if not_run:
        reasons = list(dict.fromkeys(level.why for level in not_run))
        text += f", is not run on {len(not_run)} ({'; '.join(reasons[:2])}" \
            + ("; ..." if len(reasons) > 2 else "") + ")"
    return text
