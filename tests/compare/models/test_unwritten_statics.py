"""A static the model's own Init writes and the reading gives no part (a derived one, as the
cells that hurt on an even turn) makes the model's divergences questions of the reading, never
a verdict on it (translator/compare/models/unwritten_statics.py): here the moves follow none
of the game under the reading, so nothing of the model is run (hypotheses.py `_unexplained`),
and the reason names what its Init writes. The same schemas with no Init at all (a domain,
as a PDDL file is) are not run either, naming what the reading writes on no level."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import make_level

from translator.compare.check import read_model, set_up_model
from translator.compare.models.compared import UNEXPLAINED, UnbuildableModel, model_or_defect
from translator.compare.models.report_model import ReportModel
from translator.compare.models.unwritten_statics import unwritten_statics

_STEPS = {"Up": ("Y'", "Y", "X, Y'"), "Down": ("Y", "Y'", "X, Y'"),
          "Left": ("X'", "X", "X', Y"), "Right": ("X", "X'", "X', Y")}
_LEVEL = """
    #######
    #H    #
    #    D#
    #######
"""


def _text(derived: str, with_init: bool | None) -> str:
    """The moves, with an Init that writes `derived` (True), with one that does not
    (False), or with none (None)."""
    moves = "\n".join(
        f"move{name}(X, Y, G)\n    Precondition: man(X, Y), plusOne({low}, {high}), "
        f"phase(G), {derived}({there}, G), -wall({there}), -demon({there})\n"
        f"    Effect: man({there}), -man(X, Y)\n" for name, (low, high, there) in _STEPS.items())
    if with_init is None:
        return moves
    cells = ", ".join(f"{derived}({x}, {y}, even)" for x in range(1, 6) for y in (1, 2))
    return f"{moves}\nInit(man(1, 1), phase(even){', ' + cells if with_init else ''})\n"


@pytest.mark.parametrize("derived", ["wxq", "calm"])
def test_a_static_its_init_writes_and_no_role_reads_leaves_the_model_unjudged(
        tmp_path: Path, derived: str) -> None:
    level = make_level(_LEVEL, 9)
    verdicts = {}
    for with_init in (True, False):
        path = tmp_path / f"model{with_init}.txt"
        path.write_text(_text(derived, with_init), encoding="utf-8")
        # The model as inferred, before the game tests the reading.
        model = model_or_defect(read_model(str(path)).report, str(path))
        assert isinstance(model, ReportModel)
        unwritten = unwritten_statics(model, level)
        wanted = tuple(sorted(((derived, 10), ("phase", 1)))) if with_init else (
            ("phase", 1),)
        assert unwritten == wanted, model.words
        # Under the reading the moves follow none of the game: nothing of the model is run,
        # and the reason names what its own Init writes (hypotheses.py `_unexplained`).
        read = set_up_model(str(path), (level,)).model
        assert isinstance(read, UnbuildableModel) and read.cause == UNEXPLAINED
        verdicts[with_init] = ("not run", read.defect)
    assert verdicts[False][0] == "not run" and "phase (1 atom)" in verdicts[False][1] and \
        f"{derived} (" not in verdicts[False][1], verdicts[False]
    verdict, why = verdicts[True]
    assert verdict == "not run" and "the model's own Init writes" in why, why
    assert f"{derived} (10 atoms)" in why and "phase (1 atom)" in why, why
    path = tmp_path / "domain.txt"
    path.write_text(_text(derived, None), encoding="utf-8")
    domain = set_up_model(str(path), (level,)).model
    assert isinstance(domain, UnbuildableModel) and domain.cause == UNEXPLAINED
    unread = ", ".join(sorted((derived, "phase")))
    assert f"its moves require {unread}, which" in domain.defect, domain.defect
