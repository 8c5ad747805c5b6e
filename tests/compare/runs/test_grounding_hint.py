"""The clause a timeout's reason gets (translator/compare/runs/grounding_hint.py): the schemas
whose parameters no positive precondition binds, each copied once per object; never a
parameter no literal names, which the readings drop."""

from __future__ import annotations

from pathlib import Path

from translator.compare.check import read_model
from translator.compare.runs.grounding_hint import timeout_hint, unbound_parameters

FREE = """goRight(X, Y, X2, Z)
    Precondition: hero(X, Y), succ(X, X2), -wall(X2, Z)
    Effect: hero(X2, Y), -hero(X, Y)
goLeft(X, Y, X2, step)
    Precondition: hero(X, Y), succ(X2, X), -wall(X2, Y)
    Effect: hero(X2, Y), -hero(X, Y)
"""


def test_a_parameter_only_a_negative_precondition_names_is_said(tmp_path: Path) -> None:
    path = tmp_path / "free.md"
    path.write_text(FREE, encoding="utf-8")
    schemas = read_model(str(path)).report.schemas
    assert unbound_parameters(schemas) == [("goRight", ("Z",))]
    assert timeout_hint(schemas) == (
        "; its grounding may be what took it: 1 schema(s) have parameters no positive "
        "precondition binds, each copied once per object of the level: goRight (Z)")


def test_a_model_binding_every_parameter_adds_nothing(tmp_path: Path) -> None:
    path = tmp_path / "bound.md"
    path.write_text(FREE.replace("-wall(X2, Z)", "-wall(X2, Y)").replace(", Z)", ")"),
                    encoding="utf-8")
    assert timeout_hint(read_model(str(path)).report.schemas) == ""
