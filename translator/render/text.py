"""Frames as terminal text: a two-character glyph per cell, in colour or plain ASCII.

A cell is two characters wide because terminal cells are about twice as tall as wide, and the
second character has a use: it tells what an occupant stands on (`H^` is the hero on a raised
trap, `Bk` a boulder on the key). Colour only adds ANSI styles to the same characters, so the
plain output is the coloured one with the styles stripped.
"""

from __future__ import annotations

from typing import Final

from strips_model.validator import Verdict
from translator.render.board import CellView, cell_view, reachable_cells
from translator.render.frames import Frame, Replay, phase_text

LEGEND: Final = (
    "legend: H hero  D demon  ## wall  B boulder  M skeleton  K key  L lock  . floor\n"
    "        ** spikes  ^^ raised trap  __ lowered trap;"
    " a letter's second character is what it stands on\n"
)

_EMPTY_GLYPHS: Final[dict[str, str]] = {
    "void": "  ", "floor": ". ", "wall": "##", "demon": "D ", "spikes": "**",
    "trap_raised": "^^", "trap_lowered": "__",
}
_ITEM_GLYPHS: Final[dict[str, str]] = {"key": "K ", "lock": "L "}
_OCCUPANT_LETTERS: Final[dict[str, str]] = {"hero": "H", "boulder": "B", "skeleton": "M"}
_UNDER_MARKS: Final[dict[str, str]] = {
    "floor": " ", "void": " ", "spikes": "*", "trap_raised": "^", "trap_lowered": "_",
}

# ANSI SGR parameters; the 16 basic colours, so any colour terminal shows them.
_STYLES: Final[dict[str, str]] = {
    "wall": "90", "floor": "2", "void": "", "demon": "1;95", "spikes": "91",
    "trap_raised": "1;31", "trap_lowered": "32", "key": "1;93", "lock": "1;33",
    "hero": "1;96", "boulder": "33", "skeleton": "1;97",
}
_CURRENT, _FAILED, _BAD = "7", "1;7;31", "1;31"


def _paint(text: str, style: str, colour: bool) -> str:
    if not colour or not style or not text.strip():
        return text
    return f"\x1b[{style}m{text}\x1b[0m"


def glyph(view: CellView, colour: bool = False) -> str:
    """The two characters of one cell."""
    if view.occupant is not None:
        under = "k" if view.item == "key" else _UNDER_MARKS.get(view.ground, " ")
        letter = _paint(_OCCUPANT_LETTERS[view.occupant], _STYLES[view.occupant], colour)
        mark_style = _STYLES["key"] if view.item == "key" else _STYLES.get(view.ground, "")
        return letter + _paint(under, mark_style, colour)
    if view.item is not None:
        return _paint(_ITEM_GLYPHS[view.item], _STYLES[view.item], colour)
    return _paint(_EMPTY_GLYPHS[view.ground], _STYLES[view.ground], colour)


def grid_text(replay: Replay, frame: Frame, colour: bool = False) -> str:
    level = replay.level
    reachable = reachable_cells(level)
    lines = []
    for row in range(level.height):
        views = [cell_view(level, frame.state, (row, column), reachable)
                 for column in range(level.width)]
        # Trailing void cells are dropped by whole cells, so no escape sequence is cut.
        while views and glyph(views[-1]).strip() == "":
            views.pop()
        lines.append(("  " + "".join(glyph(view, colour) for view in views)).rstrip())
    return "\n".join(lines) + "\n"


def plan_line(plan: str, marked: int | None, style: str, colour: bool,
              prefix: str = "plan  ") -> str:
    """The plan with letter `marked` (1-based) bracketed, or painted when in colour."""
    if marked is None or not 1 <= marked <= len(plan):
        return f"{prefix}{plan}"
    before, letter, after = plan[:marked - 1], plan[marked - 1], plan[marked:]
    if colour:
        return f"{prefix}{before}{_paint(letter, style, True)}{after}"
    return f"{prefix}{before}[{letter}]{after}"


def header(replay: Replay) -> str:
    level = replay.level
    title = f"{level.title} ({level.name}), budget {level.budget}"
    if replay.has_plan:
        count = len(replay.plan)
        title += f", plan of {count} letter{'s' if count != 1 else ''} ({replay.alphabet})"
    return title + "\n" + LEGEND


def frame_block(replay: Replay, frame: Frame, colour: bool = False) -> str:
    """One frame: what happened, the counters, the plan position and the grid."""
    state = frame.state
    facts = [f"moves left {frame.counter}"]
    if frame.index:
        facts[0] += f" (spent {frame.spent}, this letter {frame.cost})"
    facts += [phase_text(state.parity), f"key: {'yes' if state.has_key else 'no'}"]
    where = (f"letter {frame.index}/{len(replay.plan)} {frame.letter!r}" if frame.index
             else "start")
    lines = [" | ".join([where, *facts])]
    over_budget = frame.counter < 0
    if frame.index:
        did = " ".join(frame.rules) + ": " + "; ".join(frame.events)
        lines.append("did   " + _paint(did, _BAD, colour) if over_budget else "did   " + did)
        lines.append(plan_line(replay.plan, frame.index, _CURRENT, colour))
    return "\n".join(lines) + "\n" + grid_text(replay, frame, colour)


def summary(replay: Replay, colour: bool = False) -> str:
    """The verdict; an invalid plan points at its failing letter."""
    verdict = replay.verdict
    if verdict is None:
        return ""
    if verdict.valid:
        return _valid_line(replay.level.name, verdict) + "\n"
    failure = replay.failure
    assert failure is not None
    line = _paint(f"invalid: {failure.reason}", _BAD, colour)
    marked = failure.letter
    # No brackets here: the caret underneath points at the letter, so columns must match.
    plan = plan_line(replay.plan, marked, _FAILED, colour) if colour else f"plan  {replay.plan}"
    column = len("plan  ") + (marked - 1 if marked is not None else len(replay.plan))
    caret = " " * column + _paint("^", _BAD, colour) + (
        f" letter {marked}" if marked is not None else " the plan ends here")
    return f"{line}\n{plan}\n{caret}\n"


def _valid_line(name: str, verdict: Verdict) -> str:
    return (f"valid: {name}, cost {verdict.cost} <= budget {verdict.budget}, "
            f"goal at letter {verdict.goal_at}")


def blocks(replay: Replay, colour: bool = False) -> list[str]:
    """The header, one block per frame, then the verdict: `--step` pauses between them."""
    parts = [header(replay)]
    parts += [frame_block(replay, frame, colour) for frame in replay.frames]
    tail = summary(replay, colour)
    if tail:
        parts.append(tail)
    return parts


def render(replay: Replay, colour: bool = False) -> str:
    return "\n".join(blocks(replay, colour))
