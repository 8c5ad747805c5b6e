"""The coordinate convention chosen on a probe level when no action name tells the conventions
apart (translator/compare/models/probes.py)."""

from __future__ import annotations

from pathlib import Path

from translator.compare.check import read_model
from translator.compare.models.compared import compared_model
from translator.compare.models.report_model import ReportModel

STEPS = {"a1": "next(Y, Y2), -wall(X, Y2)\n    Effect: at(X, Y2)",
         "a2": "next(Y2, Y), -wall(X, Y2)\n    Effect: at(X, Y2)",
         "a3": "next(X2, X), -wall(X2, Y)\n    Effect: at(X2, Y)",
         "a4": "next(X, X2), -wall(X2, Y)\n    Effect: at(X2, Y)"}
"""A walker whose action names say no direction."""


def _model(folder: Path, names: tuple[str, ...]) -> ReportModel:
    path = folder / "walker.txt"
    path.write_text("\n".join(f"{name}(X, Y)\n    Precondition: at(X, Y), {STEPS[name]}, "
                              "-at(X, Y)\n" for name in names), encoding="utf-8")
    model = compared_model(read_model(str(path)).report, "walker")
    assert isinstance(model, ReportModel), getattr(model, "defect", None)
    return model


def _probed(model: ReportModel) -> str:
    (line,) = [line for line in model.evidence if "tried on a probe level" in line]
    return line


def test_a_walker_right_in_every_direction_reads_alike_under_every_convention(tmp_path: Path
                                                                               ) -> None:
    model = _model(tmp_path, ("a1", "a2", "a3", "a4"))
    assert "the probes cannot separate them" in _probed(model)
    assert (model.words.first_is_column, model.words.rows_upward) == (True, False)


def test_a_walker_missing_a_direction_gets_the_convention_it_agrees_most_under(tmp_path: Path
                                                                                ) -> None:
    """Without `a2` (y - 1), read rows upward the model cannot go down, a plain step on the
    probe, and walks up into the skeleton: one move of four agrees, two under the others."""
    model = _model(tmp_path, ("a1", "a3", "a4"))
    line = _probed(model)
    assert "column first and rows upward 1" in line and "column first and rows downward 2" in line
    assert not model.words.rows_upward
