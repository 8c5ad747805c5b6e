"""`compare -o report.html`: the game and the model drawn side by side at each level's first
divergence, on one self-contained page."""

from __future__ import annotations

import re
import xml.dom.minidom
from pathlib import Path

import pytest
from helpers import make_level, shared_path

from strips_model.moves import Direction
from translator.cli.main import main
from translator.compare.models.observation import Observation
from translator.compare.report.html import divergence_html
from translator.compare.runs.divergence import Divergence
from translator.render.still import Seen, still_svg

REPORT = "seeds/001_1103b020ed6d817c.txt"
GRID = "#######\n#H T KD#\n#  L  #\n#######\n"


def _sprites(svg: str, name: str) -> list[str]:
    return re.findall(rf'data-sprite="{name}" data-cell="([0-9,]+)"', svg)


def test_a_still_draws_what_the_model_sees_even_two_heroes() -> None:
    level = make_level(GRID)
    seen = Seen(frozenset({(1, 1), (2, 2)}), frozenset(), frozenset(), key_shown=False,
                lock_shown=True, raised_traps=frozenset({(1, 3)}))
    svg = still_svg(level, seen, "the model <odd>")
    xml.dom.minidom.parseString(svg)  # well-formed, the title escaped
    assert _sprites(svg, "hero") == ["1,1", "2,2"]
    assert _sprites(svg, "trap_raised") == ["1,3"]
    assert _sprites(svg, "key") == [] and _sprites(svg, "lock") == ["2,3"]
    assert "sprite-hero" in svg
    assert "<defs>" not in still_svg(level, seen, "x", with_defs=False)


def test_a_divergence_is_three_pictures_before_game_model() -> None:
    level = make_level(GRID)
    before = Observation(frozenset({(1, 1)}), frozenset(), frozenset(), False, False,
                         frozenset())
    game = Observation(frozenset({(1, 2)}), frozenset(), frozenset(), False, False,
                       frozenset({(1, 3)}))
    model = Observation(frozenset({(1, 1), (1, 2)}), frozenset(), frozenset(), False, False,
                        frozenset())
    divergence = Divergence(1, Direction("r"), "hero (1,1)", "steps", "applies go(...)",
                            before, game, model)
    page = divergence_html(level, "on its plan", divergence)
    assert page.count("<figure>") == 3
    figures = re.findall(r"<figure>(.*?)</figure>", page)
    assert _sprites(figures[1], "trap_raised") == ["1,3"]
    assert _sprites(figures[2], "hero") == ["1,1", "1,2"]


@pytest.mark.planner
def test_html_report_draws_the_first_divergence(tmp_path: Path, capsys, boards_off,
                                                probes_here) -> None:
    target = tmp_path / "report.html"
    level = str(shared_path("levels/classic/level6.txt"))
    status = main(["compare", str(shared_path(REPORT)), level, "-o", str(target),
                   "--jobs", "2", "--states", "200"])
    assert status == 1
    assert capsys.readouterr().out.strip() == str(target)
    page = target.read_text("utf-8")
    assert page.startswith("<!DOCTYPE html>") and "http" not in page.split("<svg", 1)[0]
    assert "first divergence before letter 1" in page
    assert page.count("<figure>") >= 3
    for svg in re.findall(r'<svg xmlns=.*?</svg>', page):
        xml.dom.minidom.parseString(svg)
    # The lint is grouped on the page too, every finding kept in a folded table.
    assert "168 finding(s) in 108 schema(s)" in page
    assert page.count("<tr><td>") == 170
