"""Frames as terminal text: a two-character glyph per cell, in colour or plain ASCII.

A cell is two characters wide because terminal cells are about twice as tall as wide, and the
second character has a use: it tells what an occupant stands on (`H^` is the hero on a raised
trap, `Bk` a boulder on the key). Every part is built as a rich `Text` whose styles are the
colours; the plain output is its bare characters, so it is the coloured one without styles.
Two things differ in plain output: the current letter is bracketed rather than painted, and
under an invalid plan only the caret points at the failing letter.
"""

from __future__ import annotations

from typing import Final

from rich.console import Console
from rich.text import Text

from translator.render.board import CellView, cell_view
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

# Only the 16 basic colours, so any colour terminal shows them.
_STYLES: Final[dict[str, str]] = {
    "wall": "bright_black", "floor": "dim", "void": "", "demon": "bold bright_magenta",
    "spikes": "bright_red", "trap_raised": "bold red", "trap_lowered": "green",
    "key": "bold bright_yellow", "lock": "bold yellow", "hero": "bold bright_cyan",
    "boulder": "yellow", "skeleton": "bold bright_white",
}
_CURRENT, _FAILED, _BAD = "reverse", "bold reverse red", "bold red"
_PLAN_PREFIX: Final = "plan  "

# Renders styles as ANSI codes whatever the environment says: the caller has already decided
# on colour (NO_COLOR, --color). Wide enough that rich never wraps or crops a line.
_ANSI: Final = Console(color_system="standard", force_terminal=True, no_color=False,
                       force_jupyter=False, width=1_000_000, highlight=False)


def _styled(text: str, style: str) -> Text:
    # Blank text stays unstyled: a style on spaces would show only as a reverse or underline.
    return Text(text, style=style if text.strip() else "")


def _glyph(view: CellView) -> Text:
    """The two characters of one cell."""
    if view.occupant is not None:
        under = "k" if view.item == "key" else _UNDER_MARKS.get(view.ground, " ")
        mark_style = _STYLES["key"] if view.item == "key" else _STYLES.get(view.ground, "")
        return Text.assemble(_styled(_OCCUPANT_LETTERS[view.occupant], _STYLES[view.occupant]),
                             _styled(under, mark_style))
    if view.item is not None:
        return _styled(_ITEM_GLYPHS[view.item], _STYLES[view.item])
    return _styled(_EMPTY_GLYPHS[view.ground], _STYLES[view.ground])


def _grid(replay: Replay, frame: Frame) -> Text:
    level = replay.level
    reachable = level.reachable_cells()
    lines = []
    for row in range(level.height):
        glyphs = [_glyph(cell_view(level, frame.state, (row, column), reachable))
                  for column in range(level.width)]
        line = Text.assemble("  ", *glyphs)
        line.rstrip()
        lines.append(line)
    return Text("\n").join(lines) + "\n"


def _plan_line(plan: str, marked: int | None, style: str, colour: bool) -> Text:
    """The plan with letter `marked` (1-based) painted in colour, or bracketed without."""
    if marked is None or not 1 <= marked <= len(plan):
        return Text(_PLAN_PREFIX + plan)
    before, letter, after = plan[:marked - 1], plan[marked - 1], plan[marked:]
    if colour:
        return Text.assemble(_PLAN_PREFIX + before, _styled(letter, style), after)
    return Text(f"{_PLAN_PREFIX}{before}[{letter}]{after}")


def _header(replay: Replay) -> Text:
    level = replay.level
    title = f"{level.title} ({level.name}), budget {level.budget}"
    if replay.has_plan:
        count = len(replay.plan)
        title += f", plan of {count} letter{'s' if count != 1 else ''} ({replay.alphabet})"
    return Text(title + "\n" + LEGEND)


def _frame_block(replay: Replay, frame: Frame, colour: bool) -> Text:
    """One frame: what happened, the counters, the plan position and the grid."""
    state = frame.state
    facts = [f"moves left {frame.counter}"]
    if frame.index:
        facts[0] += f" (spent {frame.spent}, this letter {frame.cost})"
    facts += [phase_text(state.parity), f"key: {'yes' if state.has_key else 'no'}"]
    where = (f"letter {frame.index}/{len(replay.plan)} {frame.letter!r}" if frame.index
             else "start")
    lines = [Text(" | ".join([where, *facts]))]
    if frame.index:
        did = " ".join(frame.rules) + ": " + "; ".join(frame.events)
        over_budget = frame.counter < 0
        lines.append(Text.assemble("did   ", _styled(did, _BAD if over_budget else "")))
        lines.append(_plan_line(replay.plan, frame.index, _CURRENT, colour))
    return Text("\n").join(lines) + "\n" + _grid(replay, frame)


def _summary(replay: Replay, colour: bool) -> Text | None:
    """The verdict; an invalid plan points at its failing letter."""
    verdict = replay.verdict
    if verdict is None:
        return None
    if verdict.valid:
        return Text(verdict.summary() + "\n")
    failure = replay.failure
    assert failure is not None
    marked = failure.letter
    # Not bracketed in plain text: the caret underneath points at the letter, so the columns
    # of the plan and the caret line must match.
    plan = (_plan_line(replay.plan, marked, _FAILED, colour) if colour
            else Text(_PLAN_PREFIX + replay.plan))
    column = len(_PLAN_PREFIX) + (marked - 1 if marked is not None else len(replay.plan))
    where = f" letter {marked}" if marked is not None else " the plan ends here"
    caret = Text.assemble(" " * column, _styled("^", _BAD), where)
    return Text("\n").join([_styled(f"invalid: {failure.reason}", _BAD), plan, caret]) + "\n"


def _output(text: Text, colour: bool) -> str:
    if not colour:
        return text.plain
    with _ANSI.capture() as captured:
        _ANSI.print(text, end="", soft_wrap=True)
    return captured.get()


def blocks(replay: Replay, colour: bool = False) -> list[str]:
    """The header, one block per frame, then the verdict: `--step` pauses between them."""
    parts = [_header(replay)]
    parts += [_frame_block(replay, frame, colour) for frame in replay.frames]
    tail = _summary(replay, colour)
    if tail is not None:
        parts.append(tail)
    return [_output(part, colour) for part in parts]


def render(replay: Replay, colour: bool = False) -> str:
    return "\n".join(blocks(replay, colour))
