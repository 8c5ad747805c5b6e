"""One still picture of a board drawn from what is seen on it, not from a game state.

A hand-written model may reach states the game cannot (two heroes, a trap up out of phase), and
the comparison page draws those too (translator/compare/report/html.py). So the picture is
made from the cells each thing is seen on, with the sprites and layout of the replays.
"""

from __future__ import annotations

from dataclasses import dataclass

from strips_model.level import Cell, Level
from translator.render.markup import xml_attribute, xml_text
from translator.render.scene import (
    BACKGROUND,
    CELL,
    HEADER,
    TEXT,
    Layout,
    Placement,
    Text,
    picture_size,
    static_placements,
)
from translator.render.svg import FONT, sprite_defs, text_svg, use_svg


@dataclass(frozen=True, slots=True)
class Seen:
    """Where everything that moves or changes is seen."""

    heroes: frozenset[Cell]
    boulders: frozenset[Cell]
    skeletons: frozenset[Cell]
    key_shown: bool
    """The key still lies on its cell."""
    lock_shown: bool
    """The lock still bars its cell."""
    raised_traps: frozenset[Cell]


def _placements(level: Level, seen: Seen) -> list[Placement]:
    placed = list(static_placements(level))
    for cell in sorted(level.traps_lowered | level.traps_raised):
        placed.append(Placement("trap_raised" if cell in seen.raised_traps else "trap_lowered",
                                cell))
    if seen.key_shown and level.key is not None:
        placed.append(Placement("key", level.key))
    if seen.lock_shown and level.lock is not None:
        placed.append(Placement("lock", level.lock))
    # Drawn last so that occupants stand over the ground and items under them.
    placed += [Placement("boulder", cell) for cell in sorted(seen.boulders)]
    placed += [Placement("skeleton", cell) for cell in sorted(seen.skeletons)]
    placed += [Placement("hero", cell) for cell in sorted(seen.heroes)]
    return placed


def still_svg(level: Level, seen: Seen, title: str, with_defs: bool = True) -> str:
    """An `<svg>` element; without defs it relies on `sprite_defs()` placed once elsewhere in
    the same document, which keeps a page of many pictures from repeating the sprites."""
    width, height = picture_size(level)
    box = Layout(width, height, (width - level.width * CELL) // 2, HEADER)
    body = "".join(use_svg(placement, box) for placement in _placements(level, seen))
    label = text_svg(Text(8, 26, title, 13, TEXT, role="title"))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
            f'width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
            f'font-family={xml_attribute(FONT)} role="img" aria-label={xml_attribute(title)}>'
            f"<title>{xml_text(title)}</title>" + (sprite_defs() if with_defs else "")
            + f'<rect width="{width}" height="{height}" fill="{BACKGROUND}"/>{body}{label}</svg>')
