"""The generated boards per mechanic and pair of mechanics (translator/compare/runs/
board_check.py) in the report's words: a summary line, and a section drawn like the rule
coverage's, one row per group and one witness per group that differs."""

from __future__ import annotations

from collections.abc import Sequence

from translator.compare.runs.board_check import GroupResult, first_causes

SHOWN = {"agrees": "yes", "diverges": "**no**", "not run": "not run"}


def board_summary(groups: Sequence[GroupResult]) -> list[str]:
    """The summary's line on the boards (none when there were none)."""
    if not groups:
        return []
    boards = len({result.board.level for group in groups for result in group.boards})
    differing = [group for group in groups if group.verdict == "diverges"]
    causes = first_causes(groups)
    unrun = sum(group.verdict == "not run" for group in groups)
    line = (f"- On {boards} generated boards ({len(groups)} mechanics and pairs of mechanics, "
            f"every orientation) it is equal to the game on every state of "
            f"{sum(group.agrees for group in groups)} of {len(groups)}")
    if differing:
        line += f"; it differs on {', '.join(group.name for group in causes)}"
        rest = len(differing) - len(causes)
        line += f" (witnesses below), and {rest} pairs with one of them" if rest else \
            " (witnesses below)"
    if unrun:
        line += f"; {unrun} could not be run (the reason below)"
    return [line + "."]


def board_section(groups: Sequence[GroupResult]) -> list[str]:
    """The boards' section, heading included (none when there were no boards)."""
    if not groups:
        return []
    lines = ["## Boards per mechanic and pair of mechanics", "",
             "Each a corridor where the hero brings the parts into contact, in both orders and "
             "every orientation, compared with the game on every state it reaches "
             "(translator/compare/runs/mechanic_boards.py).", "",
             "| mechanics | boards | states compared | equal on every state |", "|---|---|---|---|"]
    lines += [f"| {group.name} | {len(group.boards)} | {group.states:,} | "
              f"{SHOWN[group.verdict]} |" for group in groups]
    lines.append("")
    reasons: dict[str, list[str]] = {}
    for group in groups:
        witness = group.witness
        if witness is not None and witness.not_run is not None \
                and group.verdict == "not run":
            reasons.setdefault(witness.not_run, []).append(group.name)
    lines += [f"Not run ({', '.join(names)}): {why}" for why, names in reasons.items()]
    lines += [""] if reasons else []
    causes = first_causes(groups)
    if len(causes) < sum(group.verdict == "diverges" for group in groups):
        lines += ["A pair that differs where one of its mechanics differs alone gets no witness "
                  "of its own here (`--json` has them all).", ""]
    for group in causes:
        witness = group.witness
        if witness is None:
            continue
        board = witness.board
        found = "no plan" if board.cost is None else f"least cost {board.cost}"
        others = sum(result.verdict == "diverges" for result in group.boards) - 1
        lines += [f"### {group.name}", "",
                  f"Witness: {board.name} (budget {board.level.budget}; the game: "
                  f"{board.states} states, {found}).", "", "```", *board.grid, "```", "",
                  f"- first divergence {witness.divergence}"]
        if others:
            lines.append(f"- {others} more of its {len(group.boards)} boards differ too")
        lines.append("")
    return lines
