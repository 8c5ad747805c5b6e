"""Frames as Pillow images: a PNG (animated PNG for a plan) or a GIF, one frame per state.

Every frame is drawn whole, so a reader that skips animation still sees a complete picture.
The GIF uses a palette made of exactly the colours the sprites use and unsmoothed text, so
each colour survives the conversion unchanged.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from translator.render.frames import Frame, Replay
from translator.render.scene import (
    BACKGROUND,
    COUNTER,
    FAILURE,
    FAILURE_MARK,
    FLOOR,
    SPRITES,
    TEXT,
    TEXT_DIM,
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


@cache
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    # Pillow's built-in font, so pictures look the same on every machine.
    return ImageFont.load_default(size=size)


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _draw_shape(draw: ImageDraw.ImageDraw, shape: Shape, x: int, y: int) -> None:
    p = shape.points
    width = round(shape.width)
    if shape.kind in ("rect", "ellipse"):
        # Pillow boxes include their far edge; SVG boxes (and ours) do not.
        box = (x + p[0], y + p[1], x + p[2] - 1, y + p[3] - 1)
        method = draw.rectangle if shape.kind == "rect" else draw.ellipse
        method(box, fill=shape.fill, outline=shape.stroke, width=width if shape.stroke else 0)
    elif shape.kind == "polygon":
        points = [(x + p[i], y + p[i + 1]) for i in range(0, len(p), 2)]
        draw.polygon(points, fill=shape.fill, outline=shape.stroke,
                     width=width if shape.stroke else 0)
    else:
        draw.line((x + p[0], y + p[1], x + p[2], y + p[3]), fill=shape.stroke, width=width)


def _place(draw: ImageDraw.ImageDraw, placement: Placement, box: Layout) -> None:
    x, y, _, _ = box.cell_box(placement.cell)
    for shape in SPRITES[placement.sprite]:
        _draw_shape(draw, shape, x, y)


def _write(draw: ImageDraw.ImageDraw, text: Text) -> None:
    draw.text((text.x, text.y), text.text, fill=text.colour, font=_font(text.size),
              anchor="rs" if text.anchor == "end" else "ls")


def _board(replay: Replay, box: Layout) -> Image.Image:
    image = Image.new("RGB", (box.width, box.height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for placement in static_placements(replay.level):
        _place(draw, placement, box)
    return image


def frame_images(replay: Replay, smooth_text: bool = True) -> list[Image.Image]:
    """One RGB image per frame."""
    return list(_frame_stream(replay, smooth_text))


def _frame_stream(replay: Replay, smooth_text: bool = True) -> Iterator[Image.Image]:
    """The frames' images one at a time, so the GIF encoder holds only what it keeps itself."""
    box = layout(replay)
    board = _board(replay, box)
    for frame in replay.frames:
        yield _frame_image(replay, frame, box, board, smooth_text)


def _frame_image(replay: Replay, frame: Frame, box: Layout, board: Image.Image,
                 smooth_text: bool) -> Image.Image:
    image = board.copy()
    draw = ImageDraw.Draw(image)
    draw.fontmode = "L" if smooth_text else "1"
    for placement in frame_placements(replay, frame):
        _place(draw, placement, box)
    for text in caption(replay, frame, box):
        _write(draw, text)
    return image


def _durations(count: int) -> list[int]:
    return [round(frame_seconds(index, count) * 1000) for index in range(count)]


def render_png(replay: Replay) -> bytes:
    """A PNG of the start, or an animated PNG with one frame per state when there is a plan."""
    # A list, not a stream: Pillow's APNG writer reads the frames twice.
    images = frame_images(replay)
    stream = io.BytesIO()
    if len(images) == 1:
        images[0].save(stream, format="PNG")
    else:
        images[0].save(stream, format="PNG", save_all=True, append_images=images[1:],
                       duration=_durations(len(images)), loop=0)
    return stream.getvalue()


def _palette() -> Image.Image:
    colours = {BACKGROUND, FLOOR, TEXT, TEXT_DIM, COUNTER, FAILURE, FAILURE_MARK}
    for shapes in SPRITES.values():
        for shape in shapes:
            colours.update(colour for colour in (shape.fill, shape.stroke) if colour)
    flat = [channel for colour in sorted(colours) for channel in _rgb(colour)]
    palette = Image.new("P", (1, 1))
    palette.putpalette(flat + [0] * (768 - len(flat)))
    return palette


def render_gif(replay: Replay) -> bytes:
    """An animated GIF, one frame per state, looping."""
    palette = _palette()
    images = (image.quantize(palette=palette, dither=Image.Dither.NONE)
              for image in _frame_stream(replay, smooth_text=False))
    stream = io.BytesIO()
    next(images).save(stream, format="GIF", save_all=True, append_images=images,
                      duration=_durations(len(replay.frames)), loop=0)
    return stream.getvalue()
