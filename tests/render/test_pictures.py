"""SVG, PNG and GIF output of `helltaker show`: one frame per letter plus the start, the
simulator's states drawn where they are, the counter in every frame, distinct sprites, atomic
and deterministic files."""

from __future__ import annotations

import io
import os
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from helpers import ROOT, make_level, play
from PIL import Image

from strips_model.level import Cell, Level
from strips_model.level_file import load_level
from strips_model.moves import Direction, parse_plan
from strips_model.validator import validate
from translator.cli.main import main
from translator.render.frames import Replay, replay
from translator.render.raster import frame_images, render_gif, render_png
from translator.render.scene import COLOURS, HEADER, layout
from translator.render.svg import render_svg

# Found by the exhaustive search; the validator accepts it (checked below).
LEVEL1_PLAN = "dlddllllldlddrruurrrrdr"
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def level1() -> Level:
    return load_level(str(ROOT / "levels" / "level1.txt"))


@pytest.fixture(scope="module")
def level1_replay(level1: Level) -> Replay:
    assert validate(level1, parse_plan(LEVEL1_PLAN)).valid
    return replay(level1, parse_plan(LEVEL1_PLAN))


def rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def centre_colour(image: Image.Image, shown: Replay, cell: Cell) -> tuple[int, int, int]:
    x0, y0, _, _ = layout(shown).cell_box(cell)
    return image.convert("RGB").getpixel((x0 + 16, y0 + 16))


def cells_showing(image: Image.Image, shown: Replay, colour: str) -> list[Cell]:
    level = shown.level
    return [(row, column) for row in range(level.height) for column in range(level.width)
            if centre_colour(image, shown, (row, column)) == rgb(colour)]


def next_to_demon(level: Level, cell: Cell) -> bool:
    return any((cell[0] + direction.delta[0], cell[1] + direction.delta[1]) in level.demons
               for direction in Direction)


def gif_frames(data: bytes) -> list[Image.Image]:
    image = Image.open(io.BytesIO(data))
    frames = []
    for index in range(image.n_frames):
        image.seek(index)
        frames.append(image.convert("RGB"))
    return frames


def test_gif_has_one_frame_per_letter_plus_the_start(level1_replay: Replay) -> None:
    image = Image.open(io.BytesIO(render_gif(level1_replay)))
    assert image.format == "GIF"
    assert image.n_frames == len(LEVEL1_PLAN) + 1


def test_gif_frames_draw_the_hero_where_the_simulator_puts_it(level1: Level,
                                                              level1_replay: Replay) -> None:
    frames = gif_frames(render_gif(level1_replay))
    for count, frame in enumerate(frames):
        expected, _ = play(level1, LEVEL1_PLAN[:count])
        assert cells_showing(frame, level1_replay, COLOURS["hero"]) == [expected.hero]
    final = cells_showing(frames[-1], level1_replay, COLOURS["hero"])
    assert len(final) == 1 and next_to_demon(level1, final[0])
    assert cells_showing(frames[-1], level1_replay, COLOURS["demon"]) == sorted(level1.demons)


def test_gif_frames_draw_the_counter(level1_replay: Replay) -> None:
    frames = gif_frames(render_gif(level1_replay))
    width = frames[0].width
    bands = [frame.crop((0, 0, width, HEADER)).tobytes() for frame in frames]
    # The caption changes with every letter (counter and letter number), the board stays put
    # where nothing moved.
    assert len(set(bands)) == len(bands)
    # The counter is drawn in the counter colour at the band's left.
    left = frames[0].crop((0, 0, width // 2, HEADER))
    assert rgb("#ffd54f") in {colour for _, colour in left.getcolors(4096) or []}


def test_animated_png_has_one_frame_per_letter_plus_the_start(level1: Level,
                                                              level1_replay: Replay) -> None:
    image = Image.open(io.BytesIO(render_png(level1_replay)))
    assert image.format == "PNG" and image.n_frames == len(LEVEL1_PLAN) + 1
    image.seek(image.n_frames - 1)
    final, _ = play(level1, LEVEL1_PLAN)
    assert cells_showing(image.convert("RGB"), level1_replay, COLOURS["hero"]) == [final.hero]


def test_level_alone_is_one_frame(level1: Level) -> None:
    shown = replay(level1, None)
    assert Image.open(io.BytesIO(render_png(shown))).n_frames == 1
    assert Image.open(io.BytesIO(render_gif(shown))).n_frames == 1
    assert len(ElementTree.fromstring(render_svg(shown)).findall(f"{SVG}g[@class='frame']")) == 1


def test_svg_has_a_frame_per_state_with_hero_and_counter(level1: Level,
                                                         level1_replay: Replay) -> None:
    root = ElementTree.fromstring(render_svg(level1_replay))
    groups = root.findall(f"{SVG}g[@class='frame']")
    assert len(groups) == len(LEVEL1_PLAN) + 1
    _, costs = play(level1, LEVEL1_PLAN)
    for count, group in enumerate(groups):
        expected, _ = play(level1, LEVEL1_PLAN[:count])
        heroes = [use.get("data-cell") for use in group.iter(f"{SVG}use")
                  if use.get("data-sprite") == "hero"]
        assert heroes == [f"{expected.hero[0]},{expected.hero[1]}"]
        (counter,) = [text.text for text in group.iter(f"{SVG}text")
                      if text.get("class") == "counter"]
        assert counter == f"moves left {level1.budget - sum(costs[:count])}"
    assert counter == f"moves left {level1.budget - validate(level1, parse_plan(LEVEL1_PLAN)).cost}"
    # Shown one after the other: each group has its own discrete display animation.
    assert all(group.find(f"{SVG}animate") is not None for group in groups)


ALL_KINDS = """\
#######
#HMBK #
#LSTUD#
#######
"""
KIND_CELLS = {
    "hero": (1, 1), "skeleton": (1, 2), "boulder": (1, 3), "key": (1, 4), "lock": (2, 1),
    "spikes": (2, 2), "trap_lowered": (2, 3), "trap_raised": (2, 4), "demon": (2, 5),
    "wall": (0, 0),
}


def test_every_kind_has_its_own_colour_drawn_only_in_its_cell() -> None:
    assert len(set(COLOURS.values())) == len(COLOURS)
    assert set(KIND_CELLS) == set(COLOURS)
    shown = replay(make_level(ALL_KINDS), None)
    (image,) = frame_images(shown)
    box = layout(shown)
    for kind, colour in COLOURS.items():
        where = []
        for row in range(shown.level.height):
            for column in range(shown.level.width):
                cell_image = image.crop(box.cell_box((row, column)))
                if rgb(colour) in {value for _, value in cell_image.getcolors(4096) or []}:
                    where.append((row, column))
        if kind == "wall":
            assert KIND_CELLS["wall"] in where
        else:
            assert where == [KIND_CELLS[kind]], kind


def test_traps_change_picture_with_the_phase() -> None:
    level = make_level(ALL_KINDS)
    shown = replay(level, parse_plan("r"))  # the hero kicks the skeleton: one toggle
    start, after = frame_images(shown)
    box = layout(shown)
    for cell, before, now in (((2, 3), "trap_lowered", "trap_raised"),
                              ((2, 4), "trap_raised", "trap_lowered")):
        colours_before = {value for _, value in start.crop(box.cell_box(cell)).getcolors(4096)}
        colours_after = {value for _, value in after.crop(box.cell_box(cell)).getcolors(4096)}
        assert rgb(COLOURS[before]) in colours_before and rgb(COLOURS[now]) in colours_after
        assert rgb(COLOURS[now]) not in colours_before


def test_invalid_plan_stops_at_the_failing_letter_with_the_reason() -> None:
    level = load_level(str(ROOT / "levels" / "lock_and_key.txt"))
    shown = replay(level, parse_plan("llluu"))
    reason = validate(level, parse_plan("llluu")).reason
    root = ElementTree.fromstring(render_svg(shown))
    groups = root.findall(f"{SVG}g[@class='frame']")
    assert len(groups) == 4  # the start and the 3 letters before the wall
    text = " ".join(t.text or "" for t in groups[-1].iter(f"{SVG}text")
                    if t.get("class") == "failure")
    assert text == f"invalid: {reason}"
    assert Image.open(io.BytesIO(render_gif(shown))).n_frames == 4


def test_pictures_are_deterministic(level1_replay: Replay) -> None:
    assert render_gif(level1_replay) == render_gif(level1_replay)
    assert render_png(level1_replay) == render_png(level1_replay)
    assert render_svg(level1_replay) == render_svg(level1_replay)


def test_cli_writes_every_requested_file(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    level = str(ROOT / "levels" / "lock_and_key.txt")
    outputs = {extension: tmp_path / "out" / f"replay.{extension}"
               for extension in ("svg", "png", "gif", "html")}
    arguments = [item for extension, path in outputs.items()
                 for item in (f"--{extension}", str(path))]
    assert main(["show", level, "--plan", "lllrrrrrddllll", *arguments]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:4] == [str(path) for path in outputs.values()]
    assert out[4].startswith("valid: lock_and_key")
    for extension in ("png", "gif"):
        assert Image.open(outputs[extension]).n_frames == 15
    assert outputs["html"].read_text("utf-8").startswith("<!DOCTYPE html>")
    assert not [name for name in os.listdir(tmp_path / "out") if name.startswith(".tmp-")]


def test_cli_writes_nothing_when_one_output_fails(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    level = str(ROOT / "levels" / "lock_and_key.txt")
    blocked = tmp_path / "taken.gif"
    blocked.mkdir()
    status = main(["show", level, "--plan", "lllrrrrrddllll",
                   "--png", str(tmp_path / "a.png"), "--gif", str(blocked)])
    assert status == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith(f"helltaker: {blocked}:")
    assert sorted(os.listdir(tmp_path)) == ["taken.gif"]


def test_cli_pictures_of_an_invalid_plan_exit_1(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    level = str(ROOT / "levels" / "lock_and_key.txt")
    assert main(["show", level, "--plan", "llluu", "--gif", str(tmp_path / "x.gif")]) == 1
    assert capsys.readouterr().out.splitlines()[-1].startswith("invalid: letter 4 'u'")
    assert Image.open(tmp_path / "x.gif").n_frames == 4


def test_step_cannot_be_combined_with_files(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    level = str(ROOT / "levels" / "lock_and_key.txt")
    assert main(["show", level, "--step", "--gif", str(tmp_path / "x.gif")]) == 2
    assert not (tmp_path / "x.gif").exists()
