"""A replay page: one self-contained HTML file (inline CSS, JS and SVG, frames as JSON).

The page needs no network. The board's unchanging cells are drawn here as SVG; each frame is a
list of sprite placements that the script swaps in. Controls: play/pause, step back/forward,
start/end, a slider, the letters (click one to jump). Keys: left/right arrows step, space plays
or pauses, Home/End jump. `page.html#frame=N` (or `#end`) opens at frame N, which the README's
screenshot command uses.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Final

from translator.render.frames import Frame, Replay, phase_text
from translator.render.markup import xml_text
from translator.render.scene import (
    BACKGROUND,
    CELL,
    STEP_SECONDS,
    Layout,
    frame_placements,
    static_placements,
)
from translator.render.svg import sprite_defs, use_svg


@cache
def _asset(name: str) -> str:
    """A stylesheet or script shipped beside this module, inlined so the page stays one file."""
    return resources.files("translator.render").joinpath(name).read_text(encoding="utf-8")


_ICONS: Final = {
    "first": '<svg viewBox="0 0 16 16"><rect x="2" y="2" width="2" height="12"/>'
             '<polygon points="14,2 5,8 14,14"/></svg>',
    "prev": '<svg viewBox="0 0 16 16"><polygon points="12,2 3,8 12,14"/></svg>',
    "play": '<svg viewBox="0 0 16 16"><polygon points="4,2 14,8 4,14"/></svg>',
    "pause": '<svg viewBox="0 0 16 16"><rect x="3" y="2" width="4" height="12"/>'
             '<rect x="9" y="2" width="4" height="12"/></svg>',
    "next": '<svg viewBox="0 0 16 16"><polygon points="4,2 13,8 4,14"/></svg>',
    "last": '<svg viewBox="0 0 16 16"><polygon points="2,2 11,8 2,14"/>'
            '<rect x="12" y="2" width="2" height="12"/></svg>',
}


def _frame_data(replay: Replay, frame: Frame) -> dict[str, object]:
    return {
        "index": frame.index, "letter": frame.letter, "counter": frame.counter,
        "spent": frame.spent, "cost": frame.cost, "rules": list(frame.rules),
        "events": list(frame.events), "phase": phase_text(frame.state.parity),
        "key": frame.state.has_key, "hero": list(frame.state.hero),
        "placements": [[p.sprite, p.cell[0], p.cell[1]] for p in frame_placements(replay, frame)],
    }


def replay_data(replay: Replay) -> dict[str, object]:
    """Everything the page's script needs, as embedded in the page."""
    failure = replay.failure
    return {
        "level": replay.level.name, "title": replay.level.title, "budget": replay.level.budget,
        "plan": replay.plan, "alphabet": replay.alphabet, "cell": CELL,
        "step_ms": round(STEP_SECONDS * 1000),
        "valid": replay.verdict.valid if replay.verdict is not None else None,
        "failure": None if failure is None else {"letter": failure.letter,
                                                  "reason": failure.reason},
        "frames": [_frame_data(replay, frame) for frame in replay.frames],
    }


def _script_json(value: object) -> str:
    # Inside <script>, "</script>" or "<!--" in a level title would end or break the element.
    text = json.dumps(value, ensure_ascii=True, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _letters(replay: Replay) -> str:
    applied = len(replay.frames) - 1
    failure = replay.failure
    items = []
    for index, letter in enumerate(replay.plan, start=1):
        classes = []
        if index > applied:
            classes.append("unplayed")
        if failure is not None and failure.letter == index:
            classes.append("failed")
        attribute = f' class="{" ".join(classes)}"' if classes else ""
        items.append(f'<li data-index="{index}"{attribute}>{xml_text(letter)}</li>')
    return "".join(items)


def _verdict(replay: Replay) -> str:
    verdict = replay.verdict
    if verdict is None:
        return '<p id="verdict">no plan: the level as it starts</p>'
    if verdict.valid:
        return (f'<p id="verdict" class="valid">valid: cost {verdict.cost} &lt;= budget '
                f'{verdict.budget}, goal at letter {verdict.goal_at}</p>')
    reason = replay.failure.reason if replay.failure else ""
    return f'<p id="verdict" class="invalid">invalid: {xml_text(reason)}</p>'


def render_html(replay: Replay) -> str:
    level = replay.level
    board = Layout(level.width * CELL, level.height * CELL, 0, 0)
    # Shown larger than the pictures (the viewBox scales it), but never wider than 560 px.
    scale = min(1.5, 560 / board.width)
    shown = f'width="{round(board.width * scale)}" height="{round(board.height * scale)}"'
    static = "".join(use_svg(placement, board) for placement in static_placements(level))
    buttons = "".join(
        f'<button id="{name}" type="button" title="{title}">{_ICONS[icon]}</button>'
        for name, icon, title in (
            ("first", "first", "start (Home)"), ("prev", "prev", "step back (left arrow)"),
            ("play", "play", "play (space)"), ("next", "next", "step forward (right arrow)"),
            ("last", "last", "end (End)"),
        )
    )
    icons = "".join(f'<template id="icon-{name}">{_ICONS[name]}</template>'
                    for name in ("play", "pause"))
    title = xml_text(level.title)
    heading = (f"{title}<small>{xml_text(level.name)} · budget {level.budget} · "
               f"plan {xml_text(replay.plan) or '(none)'}</small>")
    svg_open = (f'<svg id="board" xmlns="http://www.w3.org/2000/svg" '
                f'xmlns:xlink="http://www.w3.org/1999/xlink" {shown} '
                f'viewBox="0 0 {board.width} {board.height}" role="img" aria-label="the board">')
    slider = (f'<input id="slider" type="range" min="0" max="{len(replay.frames) - 1}" '
              f'value="0" aria-label="frame">')
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Helltaker replay: {title}</title>
<link rel="icon" href="data:,">
<style>
{_asset("replay.css")}</style>
</head>
<body>
<main>
<h1>{heading}</h1>
<div class="stage">
{svg_open}
{sprite_defs()}
<rect width="{board.width}" height="{board.height}" fill="{BACKGROUND}"/>
<g class="static">{static}</g>
<g id="dynamic"></g>
</svg>
<aside>
<div class="counter-box"><span id="counter">{level.budget}</span><span>moves left</span></div>
<div id="position">start</div>
<div id="did"></div>
<div id="status"></div>
</aside>
</div>
<div class="controls">{buttons}{slider}</div>
<ol id="letters">{_letters(replay)}</ol>
{_verdict(replay)}
<p class="help">Keys: left/right arrows step, space plays or pauses, Home/End jump.</p>
</main>
{icons}
<script type="application/json" id="replay-data">{_script_json(replay_data(replay))}</script>
<script>
{_asset("replay.js")}</script>
</body>
</html>
"""
