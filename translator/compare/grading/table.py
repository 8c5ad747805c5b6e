"""A graded class written down: the table `compare MODEL... LEVEL...` prints, the summary page
`-o DIR` writes beside the models' reports, and the names of those reports.

The table is markdown, aligned so that it reads on a terminal as well as on a rendered page;
one row per model in the order the models were given (class_grading.py makes the rows).
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Sequence
from urllib.parse import quote

from strips_model.errors import shown_name
from translator.compare.grading.class_grading import VERDICTS, ModelGrade, Standing
from translator.compare.lint.findings import SEVERITIES
from translator.compare.runs.state_space import Tally

SUMMARY = "summary"
"""The summary page's name in the output folder (`summary.md`); no report takes it."""

HEADER: tuple[str, ...] = ("model", "read as", "schemas", "skipped", *SEVERITIES, *VERDICTS,
                           "rules", "states", "applicable P/R", "effects P/R", "standing")

LEGEND = (
    "Columns: the notation the model was read in; schemas read, and schemas skipped as "
    "unreadable; lint findings by severity (unusable, wrong, style); levels where the model "
    "agrees with the game, diverges from it, or was not run; rules of RULES.md it expresses "
    "on the probe levels; states of the levels compared with the game, and over them the "
    "precision and recall of which key presses the model allows and of what they change "
    "(AMLGym's applicability and effect measures); where it stands (`agrees` only with no "
    "finding, every level agreeing and every rule expressed).")


_PLURAL = {Standing.AGREES: "agree", Standing.DEPARTS: "depart", Standing.NOT_RUN: "not run"}
"""How the totals say a standing of several models (`2 depart`)."""


def grade_cells(grade: ModelGrade) -> list[str]:
    """The cells of one row: a model without counts shows its error in the last cell."""
    counts = grade.counts
    if counts is None:
        return [grade.model, *["-"] * (len(HEADER) - 2),
                f"{grade.standing.value}: {grade.error}"]
    return [grade.model, counts.notation, str(counts.schemas), str(counts.skipped),
            *map(str, counts.lint), *map(str, counts.levels),
            f"{counts.rules_expressed}/{counts.rules}", f"{counts.states_compared:,}",
            _pair(counts.applicability), _pair(counts.effects), grade.standing.value]


def _pair(tally: Tally) -> str:
    """Precision/recall, two decimals each; `-` where nothing was counted."""
    return "/".join("-" if value is None else f"{value:.2f}"
                    for value in (tally.precision, tally.recall))


def class_table(grades: Sequence[ModelGrade], links: dict[str, str] | None = None) -> str:
    """The class as one markdown table, columns padded; with `links`, each model's cell links
    to its report (model path -> file name)."""
    rows = [[_escaped(cell) for cell in grade_cells(grade)] for grade in grades]
    if links:
        for row, grade in zip(rows, grades, strict=True):
            if grade.model in links:
                row[0] = f"[{row[0]}]({_relative_link(links[grade.model])})"
    cells = [list(HEADER), *rows]
    widths = [max(len(row[column]) for row in cells) for column in range(len(HEADER))]
    lines = ["| " + " | ".join(cell.ljust(width) for cell, width in zip(row, widths,
                                                                         strict=True)) + " |"
             for row in cells]
    lines.insert(1, "|" + "|".join("-" * (width + 2) for width in widths) + "|")
    return "\n".join(lines) + "\n"


def class_totals(grades: Sequence[ModelGrade]) -> str:
    """One line: how many models stand where (`3 models: 1 agree, 2 depart`)."""
    return f"{_models(len(grades))}: {_standings(grades)}"


def _standings(grades: Sequence[ModelGrade]) -> str:
    standings = Counter(grade.standing for grade in grades)
    return ", ".join(f"{standings[standing]} {_PLURAL.get(standing, standing.value)}"
                     for standing in Standing if standings[standing])


def _models(count: int) -> str:
    return f"{count} model{'' if count == 1 else 's'}"


def summary_page(grades: Sequence[ModelGrade], levels: Sequence[str], planner: str,
                 links: dict[str, str]) -> str:
    """The summary of `-o DIR`: the table, each model linked to its markdown report (its HTML
    page beside it), the levels and how to read the columns."""
    checked_on = f"{len(levels)} level{'' if len(levels) == 1 else 's'}" if levels else \
        "the level of each model's own Init (no LEVEL given)"
    level_list = f"\nLevels: {', '.join(f'`{level}`' for level in levels)}.\n" if levels else ""
    return (f"# Grading a class\n\n{_models(len(grades))} checked on {checked_on}, our model "
            f"solved by `{planner}` and each model by Fast Downward: {_standings(grades)}.\n"
            f"{level_list}\n{class_table(grades, links)}\n{LEGEND} Each model's report is "
            f"`NAME.md` and `NAME.html` in this folder.\n")


def report_names(models: Sequence[str]) -> dict[str, str]:
    """A file stem per model path, unique within the folder: the file's name without its
    extension, then with it, then numbered; never `summary`."""
    names: dict[str, str] = {}
    taken = {SUMMARY}
    for model in models:
        base = os.path.basename(model.rstrip("/")) or "model"
        stem, extension = os.path.splitext(base)
        candidates = [stem or base, base.replace(".", "_") if extension else base]
        name = next((candidate for candidate in candidates if candidate not in taken), None)
        number = 2
        while name is None or name in taken:
            name = f"{stem or base}-{number}"
            number += 1
        taken.add(name)
        names[model] = name
    return names


def _escaped(cell: str) -> str:
    """A markdown table cell as text: one line, never empty, pipes, brackets and HTML
    escaped, control characters shown (a file name is the user's, and may hold any)."""
    shown = shown_name(cell).replace("\\n", " ").replace("\\r", " ") or "-"
    for char, escaped in (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("|", "\\|"),
                          ("[", "\\["), ("]", "\\]")):
        shown = shown.replace(char, escaped)
    return shown


def _relative_link(name: str) -> str:
    """A report's file name as a link that stays a file beside the summary: `./`, and every
    character past letters, digits and `._-` percent-encoded (no `javascript:` scheme)."""
    return "./" + quote(name, safe="")
