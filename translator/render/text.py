"""Frames as terminal text: a two-character glyph per cell, in colour or plain ASCII.

A cell is two characters wide because terminal cells are about twice as tall as wide, and the
second character has a use: it tells what an occupant stands on (`H^` is the hero on a raised
trap, `Bk` a boulder on the key). Every part is built from pieces of text with a style that
only colour output paints, so the plain output is the coloured one without styles. Two things
differ in plain output: the current letter is bracketed rather than painted, and under an
invalid plan only the caret points at the failing letter.

A frame shows its own letter within a window of the plan (`PLAN_CONTEXT` letters either side),
so a frame's text does not grow with the plan and a long replay streams in linear time. Plans
longer than the window are also printed once in the header, cut after `HEADER_PLAN_LETTERS`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Final

from rich.color import ColorSystem
from rich.style import Style

from strips_model.errors import shown_name
from strips_model.level import Cell, State
from translator.render.board import CellView, cell_view
from translator.render.frames import Frame, Replay, phase_text

LEGEND: Final = (
    "legend: H hero  D demon  ## wall  B boulder  M skeleton  K key  L lock  . floor\n"
    "        ** spikes  ^^ raised trap  __ lowered trap;"
    " a letter's second character is what it stands on\n"
)
PLAN_CONTEXT: Final = 30
"""Letters of the plan shown on each side of a frame's letter (80 columns hold the window)."""
HEADER_PLAN_LETTERS: Final = 200
"""How much of a plan longer than the window the header prints before cutting it."""

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
_CUT: Final = "..."

Piece = tuple[str, str]
"""Some text and its style ("" for none)."""


@cache
def _ansi(text: str, style: str) -> str:
    # The caller has already decided on colour (NO_COLOR, --color): always emit the codes.
    return Style.parse(style).render(text, color_system=ColorSystem.STANDARD)


def _paint(piece: Piece, colour: bool) -> str:
    text, style = piece
    # Blank text stays unstyled: a style on spaces would show only as a reverse or underline.
    if not colour or not style or not text.strip():
        return text
    return _ansi(text, style)


@cache
def _glyph(view: CellView) -> tuple[Piece, ...]:
    """The two characters of one cell."""
    if view.occupant is not None:
        under = "k" if view.item == "key" else _UNDER_MARKS.get(view.ground, " ")
        mark_style = _STYLES["key"] if view.item == "key" else _STYLES.get(view.ground, "")
        return (_OCCUPANT_LETTERS[view.occupant], _STYLES[view.occupant]), (under, mark_style)
    if view.item is not None:
        return ((_ITEM_GLYPHS[view.item], _STYLES[view.item]),)
    return ((_EMPTY_GLYPHS[view.ground], _STYLES[view.ground]),)


def _rstrip(pieces: list[Piece]) -> list[Piece]:
    """The pieces without their trailing blanks."""
    while pieces and not pieces[-1][0].rstrip():
        pieces.pop()
    if pieces:
        text, style = pieces[-1]
        pieces[-1] = (text.rstrip(), style)
    return pieces


@dataclass(frozen=True, slots=True)
class _CellText:
    whole: str
    last: str
    """What the cell prints when it ends its line: lines carry no trailing blanks."""
    blank: bool


@cache
def _cell_text(view: CellView, colour: bool) -> _CellText:
    pieces = _glyph(view)
    last = "".join(_paint(piece, colour) for piece in _rstrip(list(pieces)))
    return _CellText("".join(_paint(piece, colour) for piece in pieces), last, not last)


def _plan_window(plan: str, at: int) -> tuple[str, str, str]:
    """The letters before position `at` (0-based), the letter there ("" past the end) and the
    letters after it, each side cut to PLAN_CONTEXT letters and marked where cut."""
    start, end = max(0, at - PLAN_CONTEXT), min(len(plan), at + 1 + PLAN_CONTEXT)
    before = (_CUT if start else "") + plan[start:at]
    after = plan[at + 1:end] + (_CUT if end < len(plan) else "")
    return before, plan[at:at + 1], after


class TerminalText:
    """The text of one replay, block by block; what a level needs is worked out once."""

    def __init__(self, replay: Replay, colour: bool = False) -> None:
        self.replay = replay
        self.colour = colour
        level = replay.level
        self._reachable = level.reachable_cells()
        # Every cell but those of the hero, boulders, skeletons, key and lock shows its ground,
        # which changes only with the trap phase: drawn once per phase, the grid of a frame
        # redraws just the cells of movable things.
        self._grounds = tuple(self._ground_rows(parity) for parity in (0, 1))

    def _ground_rows(self, parity: int) -> list[list[_CellText]]:
        level = self.replay.level
        # Nothing movable: the hero stands off the grid, the key is taken, the lock open.
        bare = State(hero=(-1, -1), boulders=frozenset(), skeletons=frozenset(), has_key=True,
                     lock_closed=False, parity=parity)
        return [[self._text(bare, (row, column)) for column in range(level.width)]
                for row in range(level.height)]

    def _text(self, state: State, cell: Cell) -> _CellText:
        return _cell_text(cell_view(self.replay.level, state, cell, self._reachable), self.colour)

    def _line(self, pieces: list[Piece]) -> str:
        return "".join(_paint(piece, self.colour) for piece in pieces)

    def header(self) -> str:
        replay = self.replay
        level = replay.level
        title = f"{shown_name(level.title)} ({shown_name(level.name)}), budget {level.budget}"
        if not replay.has_plan:
            return title + "\n" + LEGEND
        count = len(replay.plan)
        title += f", plan of {count} letter{'s' if count != 1 else ''} ({replay.alphabet})"
        if count <= 2 * PLAN_CONTEXT + 1:
            # Every frame shows the whole plan already.
            return title + "\n" + LEGEND
        shown = replay.plan[:HEADER_PLAN_LETTERS]
        if count > HEADER_PLAN_LETTERS:
            shown += f"{_CUT} ({count} letters)"
        return title + "\n" + _PLAN_PREFIX + shown + "\n" + LEGEND

    def _grid(self, frame: Frame) -> str:
        level, state = self.replay.level, frame.state
        changed: dict[int, dict[int, _CellText]] = {}
        movable = (level.key, level.lock, *state.boulders, *state.skeletons, state.hero)
        for cell in movable:
            if cell is not None:
                changed.setdefault(cell[0], {})[cell[1]] = self._text(state, cell)
        lines = []
        for number, ground in enumerate(self._grounds[state.parity]):
            row = ground
            if number in changed:
                row = list(ground)
                for column, text in changed[number].items():
                    row[column] = text
            last = len(row) - 1
            while last >= 0 and row[last].blank:
                last -= 1
            if last < 0:
                lines.append("\n")
                continue
            lines.append("  " + "".join(text.whole for text in row[:last]) + row[last].last
                         + "\n")
        return "".join(lines)

    def _plan_line(self, window: tuple[str, str, str], style: str, bracket: bool) -> str:
        """A `_plan_window` with its letter painted in colour, else bracketed when `bracket`."""
        before, letter, after = window
        if self.colour:
            return self._line([(_PLAN_PREFIX + before, ""), (letter, style), (after, "")])
        if bracket and letter:
            letter = f"[{letter}]"
        return _PLAN_PREFIX + before + letter + after

    def frame(self, frame: Frame) -> str:
        """One frame: what happened, the counters, the plan around its letter and the grid."""
        state = frame.state
        facts = [f"moves left {frame.counter}"]
        if frame.index:
            facts[0] += f" (spent {frame.spent}, this letter {frame.cost})"
        facts += [phase_text(state.parity), f"key: {'yes' if state.has_key else 'no'}"]
        where = (f"letter {frame.index}/{len(self.replay.plan)} {frame.letter!r}" if frame.index
                 else "start")
        lines = [" | ".join([where, *facts])]
        if frame.index:
            did = " ".join(frame.rules) + ": " + "; ".join(frame.events)
            over_budget = frame.counter < 0
            lines.append(self._line([("did   ", ""), (did, _BAD if over_budget else "")]))
            window = _plan_window(self.replay.plan, frame.index - 1)
            lines.append(self._plan_line(window, _CURRENT, bracket=True))
        return "\n".join(lines) + "\n" + self._grid(frame)

    def summary(self) -> str | None:
        """The verdict; an invalid plan points at its failing letter."""
        replay = self.replay
        verdict = replay.verdict
        if verdict is None:
            return None
        if verdict.valid:
            return verdict.summary() + "\n"
        failure = replay.failure
        assert failure is not None
        marked = failure.letter
        # Not bracketed in plain text: the caret underneath points at the letter, so the columns
        # of the plan and the caret line must match.
        window = _plan_window(replay.plan, len(replay.plan) if marked is None else marked - 1)
        plan = self._plan_line(window, _FAILED, bracket=False)
        column = len(_PLAN_PREFIX) + len(window[0])
        where = f" letter {marked}" if marked is not None else " the plan ends here"
        caret = self._line([(" " * column, ""), ("^", _BAD), (where, "")])
        return "\n".join([self._line([(f"invalid: {failure.reason}", _BAD)]), plan, caret]) + "\n"


def blocks(replay: Replay, colour: bool = False) -> Iterator[str]:
    """The header, one block per frame, then the verdict, each made when it is asked for."""
    text = TerminalText(replay, colour)
    yield text.header()
    for frame in replay.frames:
        yield text.frame(frame)
    tail = text.summary()
    if tail is not None:
        yield tail


def render(replay: Replay, colour: bool = False) -> str:
    return "\n".join(blocks(replay, colour))
