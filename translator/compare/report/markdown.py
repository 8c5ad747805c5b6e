"""A comparison (translator/compare/comparison.py `Comparison`) as markdown: the complete text
of `helltaker compare`, section by section, every finding and divergence included.

It is one of the comparison's two renderings; html.py is the other, a page that
draws the divergences and embeds this text. The JSON form is `Comparison.as_json`.
"""

from __future__ import annotations

from collections.abc import Iterable

from translator.compare.comparison import Column, Comparison, LevelComparison, ModelSummary
from translator.compare.lint.findings import KINDS
from translator.compare.lint.grouping import FindingGroup
from translator.compare.report.board_text import board_section
from translator.compare.report.state_text import state_measures, states_cell
from translator.compare.report.summary_text import summary_lines
from translator.compare.report.vocabulary_text import vocabulary_lines
from translator.planners.outcome import Status

CellValue = str | int | float | None
"""What a table cell shows: None or an empty text as `-`."""


def _cell(text: CellValue) -> str:
    """A markdown table cell: pipes escaped, never empty."""
    shown = str(text) if text is not None and text != "" else "-"
    return shown.replace("|", "\\|").replace("\n", " ")


def _table(header: Iterable[str], rows: Iterable[Iterable[CellValue]]) -> list[str]:
    head = list(header)
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join("---" for _ in head) + "|"]
    lines += ["| " + " | ".join(_cell(value) for value in row) + " |" for row in rows]
    return lines


def _total(values: Iterable[int | float | None]) -> str:
    known = [value for value in values if value is not None]
    if not known:
        return "-"
    total = sum(known)
    return f"{total:.1f}" if isinstance(total, float) else str(total)


def _parameters(summary: ModelSummary) -> str:
    return ", ".join(f"{count} schemas with {number}" for number, count in summary.parameters)


def _status(column: Column) -> str:
    if column.status is not Status.SOLVED:
        return str(column.status.value)
    game = "valid" if column.valid else "invalid"
    return f"cost {column.cost}, {game} in the game (cost {column.game_cost})"


def render_markdown(comparison: Comparison) -> str:
    """The whole comparison as one markdown document."""
    report, ours = comparison.report, comparison.ours
    levels = comparison.levels
    lines = [f"# Comparing models: {report.source} and {ours.source}", ""]
    if comparison.reading is not None:
        # What was read comes first: nothing read is lost in silence (issue 22 item 3).
        lines += [f"Read from {report.source}: {comparison.reading.summary()}.", ""]
    lines += summary_lines(comparison) + [""]
    lines += vocabulary_lines(comparison.vocabulary)

    lines += ["## Side by side", ""]
    report_solved = sum(level.report.status is Status.SOLVED for level in levels)
    ours_solved = sum(level.ours.status is Status.SOLVED for level in levels)
    lines += _table(["", f"the compared model ({report.label})", f"ours ({ours.label})"], [
        ["schemas", report.schemas, ours.schemas],
        ["predicates (fluent + static)",
         f"{report.predicates} ({len(report.fluents)} + {len(report.static)})",
         f"{ours.predicates} ({len(ours.fluents)} + {len(ours.static)})"],
        ["ground actions (Fast Downward operators, all levels)",
         _total(level.report.ground_actions for level in levels),
         _total(level.ours.ground_actions for level in levels)],
        ["PDDL size (bytes, domain + problem, all levels)",
         _total(level.report.pddl_bytes for level in levels),
         _total(level.ours.pddl_bytes for level in levels)],
        ["solve time (s, all levels)", _total(level.report.seconds for level in levels),
         _total(level.ours.seconds for level in levels)],
        ["levels solved", f"{report_solved}/{len(levels)}", f"{ours_solved}/{len(levels)}"],
        ["plans valid in the game",
         f"{sum(level.report.valid is True for level in levels)}/{report_solved}",
         f"{sum(level.ours.valid is True for level in levels)}/{ours_solved}"],
        ["rules expressed (coverage)",
         f"{sum(rule.expressed for rule in comparison.coverage)}/{len(comparison.coverage)}",
         "all (tests/compare/test_equivalence.py)"],
    ])
    lines += [""]

    lines += ["## The model as parsed", ""]
    lines += _table(["", "the compared model", "ours"], [
        ["file", report.source, ours.source],
        ["vocabulary", report.vocabulary, ours.vocabulary],
        ["schemas", report.schemas, ours.schemas],
        ["fluents", ", ".join(report.fluents), ", ".join(ours.fluents)],
        ["static predicates", ", ".join(report.static), ", ".join(ours.static)],
        ["declared parameters", _parameters(report), _parameters(ours)],
        ["schemas using undeclared variables", report.undeclared, ours.undeclared],
        ["Init facts", report.init_facts, ours.init_facts],
        ["goal", report.goal, ours.goal],
    ])
    lines += [""]

    lines += ["## Lint", ""] + _lint(comparison.lint_groups) + [""]
    lines += ["## Levels", ""] + _levels(levels) + [""]
    lines += ["## Rule coverage", "", *_coverage(comparison), "", *board_section(comparison.boards)]
    lines += ["## How the comparison is made", "", *_method(comparison), ""]
    return "\n".join(lines)


def _lint(groups: tuple[FindingGroup, ...]) -> list[str]:
    if not groups:
        return ["No finding."]
    lines = ["Findings of one pattern are one entry, most serious kind first (unusable: "
             "schemas that, as written, never apply or cannot be instantiated; wrong: states "
             "the game never shows; style: nothing a planner sees). Unfold an entry for its "
             "findings.", ""]
    kinds = list(dict.fromkeys(group.kind for group in groups))
    for kind in kinds:
        mine = [group for group in groups if group.kind == kind]
        count = sum(len(group.findings) for group in mine)
        schemas = len({name for group in mine for name in group.schemas})
        lines += [f"### {kind} ({mine[0].severity}): {KINDS.get(kind, kind)}", "",
                  f"{count} finding(s)" + (f" in {schemas} schema(s)" if schemas else "")
                  + (f", {len(mine)} patterns" if len(mine) > 1 else "") + ".", ""]
        for group in mine:
            lines += _group(group)
    return lines


def _group(group: FindingGroup) -> list[str]:
    if len(group.findings) == 1:
        (finding,) = group.findings
        line = finding.position.line if finding.position else None
        where = ", ".join(str(part) for part in (f"line {line}" if line else None,
                                                 finding.schema) if part)
        return [f"- {where}{': ' if where else ''}`{_cell(finding.literal)}`: "
                f"{finding.message}", ""]
    names = len(group.schemas)
    head = f"- **{len(group.findings)} findings in {names} schema(s)**"
    if names:
        head += f" ({group.schema_list()})"
    # A <details> block keeps every finding in the report without making anyone scroll by.
    return [f"{head}: {group.pattern}", "",
            f"<details><summary>the {len(group.findings)} findings</summary>", "",
            *_table(["line", "schema", "literal", "finding"],
                    [[f.position.line if f.position else None, f.schema, f"`{f.literal}`",
                      f.message] for f in group.findings]),
            "", "</details>", ""]


def _levels(levels: tuple[LevelComparison, ...]) -> list[str]:
    lines = _table(
        ["level", "budget", "compared model", "its plan", "ours", "our plan", "states",
         "verdict"],
        [[level.name, level.budget, _status(level.report), level.report.plan,
          _status(level.ours), level.ours.plan, states_cell(level.states), level.verdict]
         for level in levels])
    lines.append("")
    for level in levels:
        lines += [f"### {level.name}", "", f"- verdict: {level.verdict}: {level.why}",
                  f"- level file: {level.source}",
                  f"- initial state of the compared model: {level.init}"]
        lines += [f"- goal of the compared model: {level.goal}"] if level.goal else []
        lines += [f"- treatment: {note}" for note in level.notes]
        for name, column in (("compared model", level.report), ("ours", level.ours)):
            detail = f"- {name}: {column.status.value} by {column.method} in {column.seconds:.2f} s"
            if column.ground_actions is not None:
                detail += f", {column.ground_actions} ground actions"
            if column.pddl_bytes is not None:
                detail += f", {column.pddl_bytes} bytes of PDDL"
            if column.reason:
                detail += f"; {column.reason}"
            lines.append(detail)
        if level.states is not None:
            lines.append(f"- on every reachable state: {state_measures(level.states)}")
        if level.divergences:
            lines += [f"- first divergence {divergence}" for divergence in level.divergences]
            lines.append("- pictures of both sides: `helltaker compare ... -o report.html`")
        else:
            lines.append("- no divergence: the compared model follows the game on both plans"
                         + (f"; {level.states.claim}" if level.states is not None else ""))
        lines.append("")
    return lines


def _coverage(comparison: Comparison) -> list[str]:
    rules = comparison.coverage
    shown = {"expressed": "yes", "not expressed": "**no**", "not run": "not run"}
    lines = _table(["rule", "what it says", "expressed", "probe"],
                   [[rule.rule, rule.title, shown[rule.verdict],
                     "; ".join(result.probe.situation for result in rule.probes)]
                    for rule in rules])
    lines.append("")
    not_run: dict[str, list[str]] = {}
    for rule in rules:
        if rule.why is not None:
            not_run.setdefault(rule.why, []).append(rule.rule)
    lines += [f"Not run ({', '.join(names)}): {why}" for why, names in not_run.items()]
    lines += [""] if not_run else []
    for rule in rules:
        witness = rule.witness
        if witness is None or rule.verdict == "not run":
            continue
        probe = witness.probe
        lines += [f"### {rule.rule}: {rule.title}", "",
                  f"Witness: {probe.situation} (budget {probe.budget}).", "", "```",
                  *probe.grid, "```", "",
                  f"- the game: {witness.game}", f"- the compared model: {witness.model}"]
        lines += [f"- first divergence {divergence}" for divergence in witness.divergences]
        lines.append("")
    return lines


def _method(comparison: Comparison) -> list[str]:
    return [
        "- The compared model's schemas are read as written, with three documented readings "
        "(see strips_model/reports/schema_readings.py): a predicate no effect deletes and that "
        "effects "
        "only repeat is static; a static literal in an effect is read as a precondition (that "
        "is what binds `C'` in `plusOne(C', C)`); variables a header does not declare become "
        "parameters.",
        "- Its exact view (those schemas over its Init) is what every replay uses. Fast "
        "Downward gets a compiled view (translator/compare/models/report_model.py): negative "
        "preconditions on static predicates as positive complements, the counter as action "
        "costs with the budget as cost bound (budget + 1 spent, as its `-counter(-1)` guard "
        "allows), the disjunctive goal as one zero-cost action per disjunct that adds "
        "`goal_reached`.",
        f"- Ours is solved with `--planner {comparison.planner}` and its plan replayed in the "
        "game; the first divergence is found by replaying a plan key by key in the game and in "
        "the compared model's exact view and comparing what the player would see.",
        "- Then every state the level reaches within its budget is compared the same way, the "
        "cheapest first, up to the bound of `--states` (translator/compare/runs/"
        "state_space.py): each key press must be possible in the model exactly when the game "
        "moves, do what the game does at its cost, and the goal must hold exactly where the "
        "game is won. A difference comes with the shortest key presses from the start that "
        "show it; applicability precision and recall count the key presses, effect precision "
        "and recall what each changes on the board.",
        "- Rule coverage solves each probe level exhaustively in the game and in the "
        "compared model's exact view (counter included).",
    ]
