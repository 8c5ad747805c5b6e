"""Frames as one SVG file: every frame is a group, shown in turn by SMIL animation.

A viewer without animation shows the start. Sprites are defined once and placed with `<use>`,
which keeps a 40-letter replay small; the replay page embeds the same definitions.
"""

from __future__ import annotations

from translator.render.frames import Frame, Replay
from translator.render.markup import xml_attribute, xml_text
from translator.render.scene import (
    BACKGROUND,
    SPRITES,
    Layout,
    Placement,
    Shape,
    Text,
    caption,
    frame_placements,
    frame_seconds,
    layout,
    static_placements,
)

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"


def _number(value: float) -> str:
    return f"{value:.4f}".rstrip("0").rstrip(".")


def shape_svg(shape: Shape) -> str:
    paint = f' fill="{shape.fill or "none"}"'
    if shape.stroke:
        paint += f' stroke="{shape.stroke}" stroke-width="{_number(shape.width)}"'
    p = shape.points
    if shape.kind == "rect":
        return (f'<rect x="{_number(p[0])}" y="{_number(p[1])}" width="{_number(p[2] - p[0])}" '
                f'height="{_number(p[3] - p[1])}"{paint}/>')
    if shape.kind == "ellipse":
        return (f'<ellipse cx="{_number((p[0] + p[2]) / 2)}" cy="{_number((p[1] + p[3]) / 2)}" '
                f'rx="{_number((p[2] - p[0]) / 2)}" ry="{_number((p[3] - p[1]) / 2)}"{paint}/>')
    if shape.kind == "polygon":
        points = " ".join(f"{_number(p[i])},{_number(p[i + 1])}" for i in range(0, len(p), 2))
        return f'<polygon points="{points}"{paint}/>'
    return (f'<line x1="{_number(p[0])}" y1="{_number(p[1])}" x2="{_number(p[2])}" '
            f'y2="{_number(p[3])}"{paint}/>')


def sprite_defs() -> str:
    """`<defs>` with one group per sprite, id `sprite-NAME`."""
    groups = [
        f'<g id="sprite-{name}">{"".join(shape_svg(shape) for shape in shapes)}</g>'
        for name, shapes in SPRITES.items()
    ]
    return "<defs>" + "".join(groups) + "</defs>"


def use_svg(placement: Placement, box: Layout) -> str:
    x, y, _, _ = box.cell_box(placement.cell)
    row, column = placement.cell
    return (f'<use xlink:href="#sprite-{placement.sprite}" x="{x}" y="{y}" '
            f'data-sprite="{placement.sprite}" data-cell="{row},{column}"/>')


def text_svg(text: Text) -> str:
    anchor = ' text-anchor="end"' if text.anchor == "end" else ""
    return (f'<text x="{_number(text.x)}" y="{_number(text.y)}" font-size="{text.size}" '
            f'fill="{text.colour}"{anchor} class="{text.role}">{xml_text(text.text)}</text>')


def _schedule(count: int) -> list[float]:
    """Start time of each frame, then the total duration."""
    times = [0.0]
    for index in range(count):
        times.append(times[-1] + frame_seconds(index, count))
    return times


def _animation(index: int, times: list[float]) -> str:
    count = len(times) - 1
    if count == 1:
        return ""
    total = times[-1]
    start, end = times[index] / total, times[index + 1] / total
    if index == 0:
        values, keys = "inline;none", [0.0, end]
    elif index == count - 1:
        values, keys = "none;inline", [0.0, start]
    else:
        values, keys = "none;inline;none", [0.0, start, end]
    key_times = ";".join(_number(key) for key in keys)
    return (f'<animate attributeName="display" values="{values}" keyTimes="{key_times}" '
            f'dur="{_number(total)}s" calcMode="discrete" repeatCount="indefinite"/>')


def frame_group(replay: Replay, frame: Frame, box: Layout, animation: str = "") -> str:
    display = "" if frame.index == 0 else ' display="none"'
    body = "".join(use_svg(placement, box) for placement in frame_placements(replay, frame))
    body += "".join(text_svg(text) for text in caption(replay, frame, box))
    return (f'<g class="frame" id="frame-{frame.index}" data-index="{frame.index}" '
            f'data-counter="{frame.counter}"{display}>{body}{animation}</g>')


def render_svg(replay: Replay) -> str:
    box = layout(replay)
    times = _schedule(len(replay.frames))
    title = f"{replay.level.title}: {replay.plan}" if replay.has_plan else replay.level.title
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'width="{box.width}" height="{box.height}" viewBox="0 0 {box.width} {box.height}" '
        f'font-family={xml_attribute(FONT)}>',
        f"<title>{xml_text(title)}</title>",
        sprite_defs(),
        f'<rect width="{box.width}" height="{box.height}" fill="{BACKGROUND}"/>',
        '<g class="static">'
        + "".join(use_svg(placement, box) for placement in static_placements(replay.level))
        + "</g>",
    ]
    parts += [frame_group(replay, frame, box, _animation(index, times))
              for index, frame in enumerate(replay.frames)]
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
