"""Pictures of frames as sprites placed on cells, plus the captions around the board.

Each kind of thing (hero, wall, raised trap...) is one sprite: a few shapes in a CELL x CELL
box. A frame is a list of placements (sprite, cell) and a caption. The SVG, raster and HTML
renderers only know how to draw shapes and text, so all three look the same.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final, Literal

from strips_model.level import Cell, Level
from translator.render.board import cell_view, cells, ground_at
from translator.render.frames import Frame, Replay

CELL: Final = 32
"""Side of a cell in pixels."""
HEADER: Final = 44
"""Height of the caption band above the board: counter, letter, rules."""
MIN_WIDTH: Final = 256
"""Narrow levels are centred in a picture this wide, so the caption fits."""
FOOTER_LINE: Final = 14
CHARS_PER_PIXEL: Final = 1 / 6.2
"""Rough width of the caption font at 11 px, used to wrap the failure reason."""
FIRST_SECONDS, STEP_SECONDS, LAST_SECONDS = 1.0, 0.5, 2.0
"""How long an animation shows the start, each letter and the end."""


def frame_seconds(index: int, count: int) -> float:
    """How long frame `index` of `count` stays on screen in an animation."""
    if index == count - 1:
        return LAST_SECONDS
    return FIRST_SECONDS if index == 0 else STEP_SECONDS


@dataclass(frozen=True, slots=True)
class Shape:
    kind: Literal["rect", "ellipse", "polygon", "line"]
    points: tuple[float, ...]
    """rect/ellipse: x0, y0, x1, y1 (a bounding box); polygon: x, y pairs; line: x0, y0, x1, y1."""
    fill: str | None = None
    stroke: str | None = None
    width: float = 0


@dataclass(frozen=True, slots=True)
class Text:
    x: float
    y: float
    """Baseline."""
    text: str
    size: int
    colour: str
    anchor: Literal["start", "end"] = "start"
    role: str = ""
    """What the text says (counter, step, rules, failure), for tests and the page."""


@dataclass(frozen=True, slots=True)
class Placement:
    sprite: str
    cell: Cell


BACKGROUND: Final = "#17151f"
FLOOR: Final = "#2e2b3a"
COLOURS: Final[dict[str, str]] = {
    "hero": "#4fc3f7",
    "demon": "#ff4f7b",
    "wall": "#5d5566",
    "boulder": "#9c7b55",
    "skeleton": "#ece6d3",
    "key": "#ffd54f",
    "lock": "#c98a2e",
    "spikes": "#cfd8dc",
    "trap_raised": "#ff5252",
    "trap_lowered": "#8d6e63",
}
"""The main colour of each sprite: tests look for it at a cell's centre or in its box."""
TEXT: Final = "#e8e6f0"
TEXT_DIM: Final = "#a9a5b8"
COUNTER: Final = "#ffd54f"
FAILURE: Final = "#ff6e6e"
FAILURE_MARK: Final = "#ff1744"


def _spike_row(top: float, colour: str) -> tuple[Shape, ...]:
    return tuple(
        Shape("polygon", (x, top + 10, x + 4, top, x + 8, top + 10), fill=colour)
        for x in (4, 12, 20)
    )


def _sprites() -> dict[str, tuple[Shape, ...]]:
    dark = "#1a1a1a"
    return {
        "floor": (Shape("rect", (0, 0, CELL, CELL), fill=FLOOR, stroke="#3a3648", width=1),),
        "wall": (
            Shape("rect", (0, 0, CELL, CELL), fill=COLOURS["wall"]),
            Shape("line", (0, 16, 32, 16), stroke="#443e4c", width=2),
            Shape("line", (16, 0, 16, 16), stroke="#443e4c", width=2),
            Shape("line", (8, 16, 8, 32), stroke="#443e4c", width=2),
            Shape("line", (24, 16, 24, 32), stroke="#443e4c", width=2),
        ),
        "demon": (
            Shape("polygon", (7, 13, 9, 2, 14, 9), fill="#b0173f"),
            Shape("polygon", (18, 9, 23, 2, 25, 13), fill="#b0173f"),
            Shape("ellipse", (6, 7, 26, 29), fill=COLOURS["demon"]),
            Shape("rect", (11, 14, 14, 18), fill=dark),
            Shape("rect", (18, 14, 21, 18), fill=dark),
        ),
        "spikes": (
            Shape("rect", (2, 2, 30, 30), fill="#3b2f2f"),
            *_spike_row(5, COLOURS["spikes"]),
            *_spike_row(18, COLOURS["spikes"]),
        ),
        "trap_raised": (
            Shape("rect", (2, 2, 30, 30), fill="#4a1414", stroke="#ff7043", width=2),
            *_spike_row(5, COLOURS["trap_raised"]),
            *_spike_row(18, COLOURS["trap_raised"]),
        ),
        "trap_lowered": (
            Shape("rect", (2, 2, 30, 30), fill=FLOOR, stroke=COLOURS["trap_lowered"], width=2),
            *(Shape("line", (8, y, 24, y), stroke=COLOURS["trap_lowered"], width=2)
              for y in (10, 16, 22)),
        ),
        "key": (
            Shape("ellipse", (4, 9, 15, 20), stroke=COLOURS["key"], width=3),
            Shape("rect", (14, 13, 29, 16), fill=COLOURS["key"]),
            Shape("rect", (21, 16, 24, 22), fill=COLOURS["key"]),
            Shape("rect", (26, 16, 29, 20), fill=COLOURS["key"]),
        ),
        "lock": (
            Shape("rect", (10, 5, 22, 17), stroke="#8a8a8a", width=3),
            Shape("rect", (6, 13, 26, 29), fill=COLOURS["lock"], stroke="#6b4a13", width=2),
            Shape("ellipse", (13, 16, 19, 22), fill=dark),
            Shape("rect", (15, 20, 17, 26), fill=dark),
        ),
        "boulder": (
            Shape("polygon", (10, 3, 22, 3, 29, 10, 29, 22, 22, 29, 10, 29, 3, 22, 3, 10),
                  fill=COLOURS["boulder"], stroke="#5d4630", width=2),
            Shape("line", (9, 12, 15, 17), stroke="#5d4630", width=2),
        ),
        "skeleton": (
            Shape("ellipse", (7, 3, 25, 21), fill=COLOURS["skeleton"]),
            Shape("rect", (11, 17, 21, 27), fill=COLOURS["skeleton"]),
            Shape("ellipse", (10, 9, 15, 14), fill=dark),
            Shape("ellipse", (17, 9, 22, 14), fill=dark),
            Shape("line", (14, 22, 14, 27), stroke=dark, width=1),
            Shape("line", (18, 22, 18, 27), stroke=dark, width=1),
        ),
        "hero": (
            Shape("ellipse", (5, 5, 27, 27), fill=COLOURS["hero"], stroke="#0b3d5c", width=2),
            Shape("rect", (9, 9, 23, 13), fill="#e53935"),
        ),
        "failure": (Shape("rect", (1, 1, 31, 31), stroke=FAILURE_MARK, width=3),),
    }


SPRITES: Final[dict[str, tuple[Shape, ...]]] = _sprites()


@dataclass(frozen=True, slots=True)
class Layout:
    """Where the board sits in a picture of `width` x `height` pixels."""

    width: int
    height: int
    board_x: int
    board_y: int

    def cell_box(self, cell: Cell) -> tuple[int, int, int, int]:
        x = self.board_x + cell[1] * CELL
        y = self.board_y + cell[0] * CELL
        return x, y, x + CELL, y + CELL


def picture_size(level: Level) -> tuple[int, int]:
    """Width and height of a picture of `level` before any failure footer: the caption band
    and the board."""
    return max(level.width * CELL, MIN_WIDTH), HEADER + level.height * CELL


def layout(replay: Replay) -> Layout:
    level = replay.level
    width, height = picture_size(level)
    lines = len(failure_lines(replay, width)) if replay.failure else 0
    footer = lines * FOOTER_LINE + (8 if lines else 0)
    return Layout(width, height + footer, (width - level.width * CELL) // 2, HEADER)


def static_placements(level: Level) -> tuple[Placement, ...]:
    """What never changes: floor, walls, demons, spikes (parity-free ground)."""
    reachable = level.reachable_cells()
    placed: list[Placement] = []
    for cell in cells(level):
        ground = ground_at(level, cell, 0, reachable)
        if ground == "void" and (cell in level.start.boulders or cell in level.start.skeletons):
            ground = "floor"
        if ground in ("wall", "void"):
            if ground == "wall":
                placed.append(Placement("wall", cell))
            continue
        placed.append(Placement("floor", cell))
        if ground in ("demon", "spikes"):
            placed.append(Placement(ground, cell))
    return tuple(placed)


@lru_cache(maxsize=16)
def _reachable(level: Level) -> frozenset[Cell]:
    # Asked for by every frame of a replay; a level is immutable, so work it out once.
    return level.reachable_cells()


def frame_placements(replay: Replay, frame: Frame) -> tuple[Placement, ...]:
    """What a state changes: traps' phase, key, lock, boulders, skeletons, hero (in that order,
    so objects are drawn over the ground they stand on)."""
    level, state = replay.level, frame.state
    # Only these cells can hold a trap, an item or an occupant; the rest are static_placements.
    candidates = {*level.traps_lowered, *level.traps_raised, *state.boulders, *state.skeletons,
                  state.hero}
    candidates.update(cell for cell in (level.key, level.lock) if cell is not None)
    reachable = _reachable(level)
    views = [(cell, cell_view(level, state, cell, reachable)) for cell in sorted(candidates)]
    placed = [Placement(view.ground, cell) for cell, view in views
              if view.ground in ("trap_raised", "trap_lowered")]
    placed += [Placement(view.item, cell) for cell, view in views if view.item is not None]
    for kind in ("boulder", "skeleton", "hero"):
        placed += [Placement(kind, cell) for cell, view in views if view.occupant == kind]
    if replay.failure is not None and frame.index == replay.last_index:
        placed.append(Placement("failure", frame.state.hero))
    return tuple(placed)


def caption(replay: Replay, frame: Frame, box: Layout) -> tuple[Text, ...]:
    """The counter, the letter and what it did; the failure reason under the last frame."""
    level = replay.level
    right = box.width - 8
    texts = [
        Text(8, 19, f"moves left {frame.counter}", 15, COUNTER, role="counter"),
        Text(right, 19, level.title[:28] if not replay.has_plan
             else f"{frame.index}/{len(replay.plan)}", 13, TEXT, "end", role="step"),
    ]
    if frame.index:
        texts.append(Text(8, 37, f"'{frame.letter}'   {'  '.join(frame.rules)}", 11, TEXT_DIM,
                          role="rules"))
    status = []
    if level.traps_lowered or level.traps_raised:
        status.append("T raised" if frame.state.parity else "T lowered")
    if frame.state.has_key:
        status.append("key")
    if status:
        texts.append(Text(right, 37, "  ".join(status), 11, TEXT_DIM, "end", role="status"))
    if replay.failure is not None and frame.index == replay.last_index:
        top = box.board_y + level.height * CELL + 4
        for number, line in enumerate(failure_lines(replay, box.width), start=1):
            texts.append(Text(8, top + number * FOOTER_LINE - 3, line, 11, FAILURE,
                              role="failure"))
    return tuple(texts)


def failure_lines(replay: Replay, width: int) -> list[str]:
    """The failure reason wrapped to the picture's width."""
    failure = replay.failure
    if failure is None:
        return []
    limit = max(20, int((width - 16) * CHARS_PER_PIXEL))
    lines: list[str] = []
    line = ""
    for word in f"invalid: {failure.reason}".split():
        if line and len(line) + 1 + len(word) > limit:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return lines
