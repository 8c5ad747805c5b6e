"""Levels in the course format (RULES.md section 1), parsed by ``level.lark``."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Final

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import (
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
    VisitError,
)

from strips_model.errors import HelltakerError, LevelError, Position, read_text

Cell = tuple[int, int]
"""(row, column), row 0 = first grid row (RULES.md F2)."""

DIRECTIONS: Final[dict[str, Cell]] = {"u": (-1, 0), "d": (1, 0), "l": (0, -1), "r": (0, 1)}
"""Key press -> (row delta, column delta), in the English alphabet (F2)."""


@dataclass(frozen=True, slots=True)
class State:
    """The dynamic part of a level (RULES.md section 2); moves spent are tracked by replay."""

    hero: Cell
    boulders: frozenset[Cell]
    skeletons: frozenset[Cell]
    has_key: bool
    lock_closed: bool
    parity: int
    """Number of actions taken, modulo 2 (R-T1)."""


@dataclass(frozen=True, slots=True)
class Level:
    """Static cells, initial dynamic state and budget of one level."""

    title: str
    budget: int
    height: int
    width: int
    walls: frozenset[Cell]
    """Wall cells inside the padded rectangle; cells outside it are walls too (F3)."""
    demons: frozenset[Cell]
    spikes: frozenset[Cell]
    traps_lowered: frozenset[Cell]
    """`T`/`P`: lowered at the start, raised after an odd number of actions (R-T1)."""
    traps_raised: frozenset[Cell]
    """`U`/`Q`: raised at the start, raised after an even number of actions (R-T1)."""
    key: Cell | None
    lock: Cell | None
    start: State
    source: str = "<level>"

    @property
    def name(self) -> str:
        """A short name for tables: the file name without directory and extension."""
        base = self.source.replace("\\", "/").rsplit("/", 1)[-1]
        return base.rsplit(".", 1)[0] if "." in base else base

    def inside(self, cell: Cell) -> bool:
        row, column = cell
        return 0 <= row < self.height and 0 <= column < self.width

    def is_open(self, cell: Cell) -> bool:
        """Inside the grid and neither wall nor demon: a cell something may ever occupy."""
        return self.inside(cell) and cell not in self.walls and cell not in self.demons

    def open_cells(self) -> list[Cell]:
        return [
            (row, column)
            for row in range(self.height)
            for column in range(self.width)
            if self.is_open((row, column))
        ]

    def reachable_cells(self) -> frozenset[Cell]:
        """Open cells connected to the hero's start, movable objects ignored: the room, as
        opposed to the rectangle the file pads it to (F3)."""
        seen = {self.start.hero}
        todo = [self.start.hero]
        while todo:
            row, column = todo.pop()
            for d_row, d_column in DIRECTIONS.values():
                cell = (row + d_row, column + d_column)
                if cell not in seen and self.is_open(cell):
                    seen.add(cell)
                    todo.append(cell)
        return frozenset(seen)

    def goal_cells(self) -> frozenset[Cell]:
        """Open cells orthogonally next to a demon (R-G1)."""
        return frozenset(
            (row + dr, column + dc)
            for row, column in self.demons
            for dr, dc in DIRECTIONS.values()
            if self.is_open((row + dr, column + dc))
        )

    def is_trap(self, cell: Cell) -> bool:
        return cell in self.traps_lowered or cell in self.traps_raised

    def hurts(self, cell: Cell, parity_after: int) -> bool:
        """Static spikes, or a trap raised once `parity_after` actions (mod 2) are done (R-E2/3)."""
        if cell in self.spikes:
            return True
        if cell in self.traps_lowered:
            return parity_after == 1
        if cell in self.traps_raised:
            return parity_after == 0
        return False

    def with_budget(self, budget: int) -> Level:
        from dataclasses import replace

        return replace(self, budget=budget)


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


@v_args(inline=True)
class _LevelBuilder(Transformer):
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
        return int(text), token

    def row(self, token: Token) -> Token:
        return token

    def grid(self, *rows: Token | None) -> tuple[Token | None, ...]:
        return rows

    def start(
        self, title: str, budget: tuple[int, Token], rows: tuple[Token | None, ...]
    ) -> Level:
        value, budget_token = budget
        kept = [row for row in rows if row is not None and str(row).rstrip()]
        if not kept:
            raise LevelError("no grid after the budget line (F5)", self._at(budget_token))
        width = max(len(str(row).rstrip()) for row in kept)
        cells: dict[str, list[Cell]] = {}
        movers: dict[str, list[tuple[Cell, Position]]] = {}
        for index, token in enumerate(kept):
            for column, char in enumerate(str(token).rstrip()):
                static, movable = _SYMBOLS[char]
                cells.setdefault(static, []).append((index, column))
                if movable is not None:
                    place = Position(self._source, token.line, token.column + column)
                    movers.setdefault(movable, []).append(((index, column), place))
        first_row = Position(self._source, kept[0].line, kept[0].column)
        heroes = movers.get("hero", [])
        if not heroes:
            raise LevelError("no hero 'H' in the grid (F5)", first_row)
        if len(heroes) > 1:
            raise LevelError("a second hero 'H' (F5: exactly one)", heroes[1][1])
        if not cells.get("demon"):
            raise LevelError("no demon 'D' in the grid (F5)", first_row)
        for kind, symbol in (("key", "K"), ("lock", "L")):
            if len(cells.get(kind, [])) > 1:
                row, column = cells[kind][1]
                token = kept[row]
                raise LevelError(
                    f"a second {kind} {symbol!r} (F5: at most one)",
                    Position(self._source, token.line, token.column + column),
                )
        lock = cells["lock"][0] if cells.get("lock") else None
        return Level(
            title=title,
            budget=value,
            height=len(kept),
            width=width,
            walls=frozenset(cells.get("wall", [])),
            demons=frozenset(cells["demon"]),
            spikes=frozenset(cells.get("spikes", [])),
            traps_lowered=frozenset(cells.get("trap_lowered", [])),
            traps_raised=frozenset(cells.get("trap_raised", [])),
            key=cells["key"][0] if cells.get("key") else None,
            lock=lock,
            start=State(
                hero=heroes[0][0],
                boulders=frozenset(cell for cell, _ in movers.get("boulder", [])),
                skeletons=frozenset(cell for cell, _ in movers.get("skeleton", [])),
                has_key=False,
                lock_closed=lock is not None,
                parity=0,
            ),
            source=self._source,
        )


@cache
def _parser() -> Lark:
    grammar = resources.files("strips_model").joinpath("level.lark").read_text("utf-8")
    return Lark(grammar, parser="lalr", lexer="contextual", propagate_positions=False)


def _unknown_character(text: str, source: str, line: int, column: int) -> LevelError:
    """Point at the first character of `line` (from `column` on) that F4 does not define."""
    row = text.splitlines()[line - 1] if line - 1 < len(text.splitlines()) else ""
    for index in range(column - 1, len(row)):
        if row[index] not in _SYMBOLS:
            return LevelError(
                f"unknown character {row[index]!r} in the grid; "
                "expected one of 'HD# BKLMSTUPQO' (F4)",
                Position(source, line, index + 1),
            )
    return LevelError("malformed grid row (F4)", Position(source, line, column))


def parse_level(text: str, source: str = "<level>") -> Level:
    """Parse a level from its text; errors carry `source:line:col`."""
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise LevelError("empty file, expected a title line, a budget and a grid (F1)",
                         Position(source))
    try:
        tree = _parser().parse(text)
    except UnexpectedCharacters as error:
        raise _unknown_character(text, source, error.line, error.column) from None
    except UnexpectedToken as error:
        if error.token.type == "$END":
            raise LevelError(
                "missing budget line after the title (F1)", Position(source, 2, 1)
            ) from None
        if error.token.type == "BUDGET":
            # A grid row holding an unknown symbol lexes as a (second) budget line.
            raise _unknown_character(text, source, error.line, error.column) from None
        raise LevelError(
            f"unexpected {str(error.token)!r}", Position(source, error.line, error.column)
        ) from None
    except UnexpectedEOF:
        lines = text.splitlines()
        raise LevelError(
            "missing budget line after the title (F1)", Position(source, len(lines))
        ) from None
    except UnexpectedInput as error:
        raise LevelError(
            f"malformed level: {error.__class__.__name__}",
            Position(source, getattr(error, "line", None), getattr(error, "column", None)),
        ) from None
    try:
        return _LevelBuilder(source).transform(tree)
    except VisitError as error:
        if isinstance(error.orig_exc, HelltakerError):
            raise error.orig_exc from None
        raise


def load_level(path: str) -> Level:
    """Read and parse a level file."""
    return parse_level(read_text(path), source=path)
