"""A static the model's own Init writes and the reading gives no part (a derived one, as the
cells that hurt on an even turn) makes each level's divergence a question of the reading,
`not run`, never a verdict on the model; the same model saying nothing of it in an Init keeps
its divergence, a fault of its own (translator/compare/models/unwritten_statics.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import make_level

from translator.compare.check import our_model, set_up_model
from translator.compare.models.report_model import ReportModel
from translator.compare.models.unwritten_statics import unwritten_statics
from translator.compare.runs.level_comparison import compare_level

_STEPS = {"Up": ("Y'", "Y", "X, Y'"), "Down": ("Y", "Y'", "X, Y'"),
          "Left": ("X'", "X", "X', Y"), "Right": ("X", "X'", "X', Y")}
_LEVEL = """
    #######
    #H    #
    #    D#
    #######
"""


def _text(derived: str, with_init: bool) -> str:
    moves = "\n".join(
        f"move{name}(X, Y, G)\n    Precondition: man(X, Y), plusOne({low}, {high}), "
        f"phase(G), {derived}({there}, G), -wall({there}), -demon({there})\n"
        f"    Effect: man({there}), -man(X, Y)\n" for name, (low, high, there) in _STEPS.items())
    if not with_init:
        return moves
    cells = ", ".join(f"{derived}({x}, {y}, even)" for x in range(1, 6) for y in (1, 2))
    return f"{moves}\nInit(man(1, 1), phase(even), {cells})\n"


@pytest.mark.parametrize("derived", ["wxq", "calm"])
def test_a_static_its_init_writes_and_no_role_reads_makes_each_divergence_a_question(
        tmp_path: Path, derived: str) -> None:
    level = make_level(_LEVEL, 9)
    verdicts = {}
    for with_init in (True, False):
        path = tmp_path / f"model{with_init}.txt"
        path.write_text(_text(derived, with_init), encoding="utf-8")
        model = set_up_model(str(path), (level,)).model
        assert isinstance(model, ReportModel)
        unwritten = unwritten_statics(model, level)
        wanted = tuple(sorted(((derived, 10), ("phase", 1)))) if with_init else ()
        assert unwritten == wanted, model.words
        compared = compare_level(model, our_model()[1], level, "search")
        verdicts[with_init] = (compared.verdict, compared.why)
    assert verdicts[False][0] == "diverges", verdicts[False]
    verdict, why = verdicts[True]
    assert verdict == "not run" and "the model's own Init writes" in why, why
    assert f"{derived} (10 atoms)" in why and "phase (1 atom)" in why, why
