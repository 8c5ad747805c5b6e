"""A replay page: one self-contained HTML file (inline CSS, JS and SVG, frames as JSON).

The page needs no network. The board's unchanging cells are drawn here as SVG; each frame is a
list of sprite placements that the script swaps in. Controls: play/pause, step back/forward,
start/end, a slider, the letters (click one to jump). Keys: left/right arrows step, space plays
or pauses, Home/End jump. `page.html#frame=N` (or `#end`) opens at frame N, which the README's
screenshot command uses.
"""

from __future__ import annotations

import json
from typing import Final
from xml.sax.saxutils import escape

from translator.render.frames import Frame, Replay, phase_text
from translator.render.svg import sprite_defs, use_svg
from translator.render.scene import (
    BACKGROUND,
    CELL,
    STEP_SECONDS,
    Layout,
    frame_placements,
    static_placements,
)

_STYLE: Final = """
:root { color-scheme: dark; --bg: #17151f; --panel: #221f2d; --text: #e8e6f0;
  --dim: #a9a5b8; --accent: #ffd54f; --bad: #ff6e6e; --good: #7be495; --hot: #ff4f7b; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text);
  font: 15px/1.4 "DejaVu Sans", Verdana, Arial, sans-serif; }
main { max-width: 980px; margin: 0 auto; padding: 18px; }
h1 { font-size: 20px; margin: 0 0 12px; }
h1 small { color: var(--dim); font-weight: normal; font-size: 14px; margin-left: 8px; }
.stage { display: flex; gap: 18px; align-items: flex-start; flex-wrap: wrap; }
#board { background: var(--bg); border-radius: 6px; max-width: 100%; height: auto; }
aside { flex: 1; min-width: 220px; background: var(--panel); border-radius: 6px;
  padding: 12px 14px; }
.counter-box { display: flex; align-items: baseline; gap: 10px; }
#counter { font-size: 44px; font-weight: bold; color: var(--accent); min-width: 2ch; }
#counter.over { color: var(--bad); }
#position { font-size: 16px; margin: 4px 0 8px; }
#did, #status { color: var(--dim); margin: 4px 0; }
.rules { color: var(--text); font-family: "DejaVu Sans Mono", monospace; }
.controls { display: flex; align-items: center; gap: 6px; margin: 14px 0 10px; }
.controls button { background: var(--panel); color: var(--text); border: 1px solid #3a3648;
  border-radius: 5px; width: 40px; height: 34px; cursor: pointer; padding: 0; }
.controls button:hover { border-color: var(--accent); }
.controls button#play { width: 56px; border-color: var(--accent); color: var(--accent); }
.controls svg { width: 16px; height: 16px; fill: currentColor; vertical-align: middle; }
#slider { flex: 1; accent-color: var(--accent); }
#letters { list-style: none; display: flex; flex-wrap: wrap; gap: 3px; padding: 0; margin: 0;
  font-family: "DejaVu Sans Mono", monospace; font-size: 16px; }
#letters li { min-width: 24px; text-align: center; padding: 2px 4px; border-radius: 4px;
  background: var(--panel); cursor: pointer; }
#letters li.done { color: var(--dim); }
#letters li.current { background: var(--accent); color: #17151f; font-weight: bold; }
#letters li.failed { outline: 2px solid var(--bad); color: var(--bad); }
#letters li.current.failed { background: var(--bad); color: #17151f; }
#letters li.unplayed { opacity: 0.45; cursor: default; }
#verdict { margin: 12px 0 0; }
#verdict.valid { color: var(--good); }
#verdict.invalid { color: var(--bad); font-weight: bold; }
.help { color: var(--dim); font-size: 13px; margin-top: 10px; }
"""

_SCRIPT: Final = """
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("replay-data").textContent);
  const SVG = "http://www.w3.org/2000/svg", XLINK = "http://www.w3.org/1999/xlink";
  const last = data.frames.length - 1;
  const layer = document.getElementById("dynamic");
  const counter = document.getElementById("counter");
  const position = document.getElementById("position");
  const did = document.getElementById("did");
  const status = document.getElementById("status");
  const slider = document.getElementById("slider");
  const playButton = document.getElementById("play");
  const letters = Array.from(document.querySelectorAll("#letters li"));
  let current = 0, timer = null;

  function place(sprite, row, column) {
    const use = document.createElementNS(SVG, "use");
    use.setAttributeNS(XLINK, "xlink:href", "#sprite-" + sprite);
    use.setAttribute("x", column * data.cell);
    use.setAttribute("y", row * data.cell);
    use.setAttribute("data-sprite", sprite);
    use.setAttribute("data-cell", row + "," + column);
    return use;
  }

  function show(index) {
    current = Math.max(0, Math.min(last, index));
    const frame = data.frames[current];
    layer.replaceChildren(...frame.placements.map(p => place(p[0], p[1], p[2])));
    counter.textContent = String(frame.counter);
    counter.classList.toggle("over", frame.counter < 0);
    position.textContent = frame.index === 0 ? "start"
      : "letter " + frame.index + " / " + data.plan.length + "  '" + frame.letter + "'";
    did.replaceChildren();
    if (frame.index > 0) {
      const rules = document.createElement("span");
      rules.className = "rules";
      rules.textContent = frame.rules.join(" ");
      did.append(rules, " " + frame.events.join("; ") + "  (cost " + frame.cost + ")");
    }
    status.textContent = frame.phase + " | key: " + (frame.key ? "yes" : "no") +
      " | spent " + frame.spent + " of " + data.budget;
    slider.value = String(current);
    letters.forEach((item, i) => {
      item.classList.toggle("done", i + 1 < current);
      item.classList.toggle("current", i + 1 === current);
    });
    document.body.dataset.frame = String(current);
  }

  function pause() {
    if (timer !== null) { clearInterval(timer); timer = null; }
    playButton.innerHTML = document.getElementById("icon-play").innerHTML;
    playButton.title = "play (space)";
  }

  function play() {
    if (current >= last) show(0);
    timer = setInterval(() => { if (current >= last) pause(); else show(current + 1); },
                        data.step_ms);
    playButton.innerHTML = document.getElementById("icon-pause").innerHTML;
    playButton.title = "pause (space)";
  }

  function toggle() { if (timer === null) play(); else pause(); }
  function step(delta) { pause(); show(current + delta); }

  document.getElementById("first").addEventListener("click", () => { pause(); show(0); });
  document.getElementById("prev").addEventListener("click", () => step(-1));
  document.getElementById("next").addEventListener("click", () => step(1));
  document.getElementById("last").addEventListener("click", () => { pause(); show(last); });
  playButton.addEventListener("click", toggle);
  slider.addEventListener("input", () => { pause(); show(Number(slider.value)); });
  letters.forEach((item, i) => item.addEventListener("click", () => {
    if (i + 1 <= last) { pause(); show(i + 1); }
  }));
  // Keys work wherever the focus is; the default action is cancelled so that a focused
  // button or slider does not react a second time.
  const keys = { ArrowRight: () => step(1), ArrowLeft: () => step(-1), " ": toggle,
    Home: () => { pause(); show(0); }, End: () => { pause(); show(last); } };
  document.addEventListener("keydown", event => {
    const action = keys[event.key];
    if (!action || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    if (!event.repeat || event.key !== " ") action();
  });
  document.addEventListener("keyup", event => { if (event.key === " ") event.preventDefault(); });

  const wanted = /^#(?:frame=(\\d+)|(end))$/.exec(location.hash);
  pause();
  show(wanted ? (wanted[2] ? last : Number(wanted[1])) : 0);
})();
"""

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
        items.append(f'<li data-index="{index}"{attribute}>{escape(letter)}</li>')
    return "".join(items)


def _verdict(replay: Replay) -> str:
    verdict = replay.verdict
    if verdict is None:
        return '<p id="verdict">no plan: the level as it starts</p>'
    if verdict.valid:
        return (f'<p id="verdict" class="valid">valid: cost {verdict.cost} &lt;= budget '
                f'{verdict.budget}, goal at letter {verdict.goal_at}</p>')
    reason = replay.failure.reason if replay.failure else ""
    return f'<p id="verdict" class="invalid">invalid: {escape(reason)}</p>'


def render_html(replay: Replay) -> str:
    level = replay.level
    board = Layout(level.width * CELL, level.height * CELL, 0, 0, 0)
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
    title = escape(level.title)
    heading = (f"{title}<small>{escape(level.name)} · budget {level.budget} · "
               f"plan {escape(replay.plan) or '(none)'}</small>")
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
<style>{_STYLE}</style>
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
<script>{_SCRIPT}</script>
</body>
</html>
"""
