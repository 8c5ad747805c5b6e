"""The level file (RULES.md section 1): read by ``level.lark`` and written back.

A file is a title line, a budget line and a grid drawn in the symbols of F4, checked against
the counts of F5. `parse_level` and `load_level` read one, `level_from_rows` builds a level
from grid rows alone (generators and rebuilt Inits draw rows, not files), and `format_level`
writes the file that `parse_level` reads back as the same level. Every syntax error is worded
in the format's own terms (an unknown symbol, a missing budget), never in the grammar's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Final

from lark import Token, Transformer, v_args

from strips_model.errors import LevelError, Position
from strips_model.input_files import InputKind, read_input
from strips_model.lark_front import (
    END_OF_INPUT,
    SyntaxProblem,
    Unexpected,
    Wording,
    integer_of,
    parse_with,
)
from strips_model.level import Cell, Level, State

_MISSING_BUDGET: Final = "missing budget line after the title (F1)"
_LONE_CARRIAGE_RETURN: Final = (
    "carriage return without a line feed: lines end with \\n or \\r\\n (F1)"
)

# Symbol -> (static part, movable part), RULES.md F4.
_SYMBOLS: Final[dict[str, tuple[str, str | None]]] = {
    "H": ("floor", "hero"),
    "D": ("demon", None),
    "#": ("wall", None),
    " ": ("floor", None),
    "B": ("floor", "boulder"),
    "K": ("key", None),
    "L": ("lock", None),
    "M": ("floor", "skeleton"),
    "S": ("spikes", None),
    "T": ("trap_lowered", None),
    "U": ("trap_raised", None),
    "O": ("spikes", "boulder"),
    "P": ("trap_lowered", "boulder"),
    "Q": ("trap_raised", "boulder"),
}
_SYMBOL_OF: Final[dict[tuple[str, str | None], str]] = {
    parts: symbol for symbol, parts in _SYMBOLS.items()
}


def _unknown_symbol(char: str) -> str:
    return f"unknown character {char!r} in the grid; expected one of 'HD# BKLMSTUPQO' (F4)"


def level_from_rows(
    title: str,
    budget: int,
    rows: Sequence[str],
    source: str = "<level>",
    where: Callable[[Cell], Position] | None = None,
) -> Level:
    """The level a grid of F4 symbols draws, one string per row, checked against F5.

    Errors point at `where(cell)`; by default at the cell's place in the file `format_level`
    writes (rows from line 3).
    """

    def place(cell: Cell) -> Position:
        if where is not None:
            return where(cell)
        return Position(source, cell[0] + 3, cell[1] + 1)

    cells: dict[str, list[Cell]] = {}
    movers: dict[str, list[Cell]] = {}
    for row, text in enumerate(rows):
        for column, char in enumerate(text.rstrip()):
            parts = _SYMBOLS.get(char)
            if parts is None:
                raise LevelError(_unknown_symbol(char), place((row, column)))
            static, movable = parts
            cells.setdefault(static, []).append((row, column))
            if movable is not None:
                movers.setdefault(movable, []).append((row, column))
    heroes = movers.get("hero", [])
    if not heroes:
        raise LevelError("no hero 'H' in the grid (F5)", place((0, 0)))
    if len(heroes) > 1:
        raise LevelError("a second hero 'H' (F5: exactly one)", place(heroes[1]))
    if not cells.get("demon"):
        raise LevelError("no demon 'D' in the grid (F5)", place((0, 0)))
    for kind, symbol in (("key", "K"), ("lock", "L")):
        if len(cells.get(kind, [])) > 1:
            raise LevelError(f"a second {kind} {symbol!r} (F5: at most one)",
                             place(cells[kind][1]))
    lock = cells["lock"][0] if cells.get("lock") else None
    return Level(
        title=title,
        budget=budget,
        height=len(rows),
        width=max((len(text.rstrip()) for text in rows), default=0),
        walls=frozenset(cells.get("wall", [])),
        demons=frozenset(cells["demon"]),
        spikes=frozenset(cells.get("spikes", [])),
        traps_lowered=frozenset(cells.get("trap_lowered", [])),
        traps_raised=frozenset(cells.get("trap_raised", [])),
        key=cells["key"][0] if cells.get("key") else None,
        lock=lock,
        start=State(
            hero=heroes[0],
            boulders=frozenset(movers.get("boulder", [])),
            skeletons=frozenset(movers.get("skeleton", [])),
            has_key=False,
            lock_closed=lock is not None,
            parity=0,
        ),
        source=source,
    )


def _symbol_at(level: Level, cell: Cell) -> str:
    static = (
        "wall" if cell in level.walls
        else "demon" if cell in level.demons
        else "key" if cell == level.key
        else "lock" if cell == level.lock
        else "spikes" if cell in level.spikes
        else "trap_lowered" if cell in level.traps_lowered
        else "trap_raised" if cell in level.traps_raised
        else "floor"
    )
    start = level.start
    movable = (
        "hero" if cell == start.hero
        else "boulder" if cell in start.boulders
        else "skeleton" if cell in start.skeletons
        else None
    )
    symbol = _SYMBOL_OF.get((static, movable))
    if symbol is None:
        raise LevelError(f"no F4 symbol draws a {movable} on {static.replace('_', ' ')} at "
                         f"({cell[0]},{cell[1]})", Position(level.source))
    return symbol


def format_level(level: Level) -> str:
    """The level file of `level` (F1): title, budget, then its start drawn in the symbols of
    F4, each row right-stripped; `parse_level` reads it back as `level`."""
    rows = (
        "".join(_symbol_at(level, (row, column)) for column in range(level.width)).rstrip()
        for row in range(level.height)
    )
    return f"{level.title}\n{level.budget}\n" + "\n".join(rows) + "\n"


@v_args(inline=True)
class _LevelBuilder(Transformer[Token, Level]):
    """Turns the parse tree into a `Level`, checking the counts of F5."""

    def __init__(self, source: str) -> None:
        super().__init__()
        self._source = source

    def _at(self, token: Token) -> Position:
        return Position(self._source, token.line, token.column)

    def title(self, token: Token | None = None) -> str:
        return str(token).strip() if token is not None else ""

    def budget(self, token: Token) -> tuple[int, Token]:
        text = str(token).strip()
        # ASCII digits only: int() would also take "1_0", "+5" or non-Latin digits.
        if re.fullmatch(r"-[0-9]+", text):
            raise LevelError(f"budget must be non-negative, found {text} (F1)", self._at(token))
        if not re.fullmatch(r"[0-9]+", text):
            raise LevelError(
                f"budget must be a non-negative integer, found {text!r} (F1)", self._at(token)
            )
        return integer_of(text, "budget", LevelError, self._at(token)), token

    def row(self, token: Token) -> Token:
        return token

    def grid(self, *rows: Token | None) -> tuple[Token | None, ...]:
        return rows

    def start(
        self, title: str, budget: tuple[int, Token], rows: tuple[Token | None, ...]
    ) -> Level:
        value, budget_token = budget
        # Blank lines are no rows (F1): row indices count the kept lines only.
        kept = [row for row in rows if row is not None and str(row).rstrip()]
        if not kept:
            raise LevelError("no grid after the budget line (F5)", self._at(budget_token))

        def where(cell: Cell) -> Position:
            token = kept[cell[0]]
            assert token.column is not None  # the lexer places every token it makes
            return Position(self._source, token.line, token.column + cell[1])

        return level_from_rows(title, value, [str(row) for row in kept], self._source, where)


def _unknown_character(text: str, source: str, line: int, column: int) -> Wording:
    """Point at the first character of `line` (from `column` on) that F4 does not define."""
    # Lines as the grammar counts them: only "\n" ends one (splitlines() would also split at
    # "\r", "\v", "\x1c" or "\u2028" and pick the wrong line).
    lines = text.split("\n")
    row = lines[line - 1] if line - 1 < len(lines) else ""
    for index in range(column - 1, len(row)):
        if row[index] == "\r":
            if index + 1 < len(row) or line == len(lines):  # not the "\r" of a "\r\n"
                return _LONE_CARRIAGE_RETURN, Position(source, line, index + 1)
            break
        if row[index] not in _SYMBOLS:
            return _unknown_symbol(row[index]), Position(source, line, index + 1)
    return "malformed grid row (F4)", Position(source, line, column)


def _level_wording(problem: SyntaxProblem, text: str) -> Wording:
    """The format's own words for every syntax error: the grammar leaves few places for
    one, and each has a cause a player recognises (an unknown symbol, a missing budget)."""
    source, line, column = problem.position.source, problem.position.line, problem.position.column
    if problem.kind is Unexpected.END:
        return _MISSING_BUDGET, Position(source, len(text.splitlines()))
    assert line is not None and column is not None
    if problem.kind is Unexpected.CHARACTER:
        return _unknown_character(text, source, line, column)
    if problem.found_type == END_OF_INPUT:
        return _MISSING_BUDGET, Position(source, 2, 1)
    if problem.found_type == "BUDGET":
        # A grid row holding an unknown symbol lexes as a (second) budget line.
        return _unknown_character(text, source, line, column)
    return f"unexpected {problem.found!r}", problem.position


def parse_level(text: str, source: str = "<level>") -> Level:
    """Parse a level from its text; errors carry `source:line:col`."""
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise LevelError("empty file, expected a title line, a budget and a grid (F1)",
                         Position(source))
    return parse_with("level.lark", text, source, _LevelBuilder(source), LevelError,
                      _level_wording)


def load_level(path: str) -> Level:
    """Read and parse a level file."""
    return parse_level(read_input(path, InputKind.LEVEL), source=path)
