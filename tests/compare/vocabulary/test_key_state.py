"""A key with a state argument (translator/compare/vocabulary/values.py `key_values`):
`cle(x, y, S)` where the action taking the key deletes one constant and adds another. Whatever
the constants are spelt (`true`/`false`, `lying`/`gone`, `1`/`0`, either one first) and
whichever schema comes first, the deleted one reads as the key lying and the added one as the
key taken, each level's Init writes the key lying, and the model agrees with the game on the
shared key corridor."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from helpers import shared_path
from hypothesis import given, settings
from hypothesis import strategies as st

from strips_model.level_file import load_level
from translator.compare.check import our_model, read_model
from translator.compare.models.compared import compared_model
from translator.compare.models.report_init import generated_init
from translator.compare.models.report_model import ReportModel
from translator.compare.runs.level_comparison import compare_level
from translator.runtime.processes import Limits

SCHEMAS = (
    """goRight(X, Y, X2)
    Precondition: hero(X, Y), succ(X, X2), -wall(X2, Y), -lock(X2, Y), -cle(X2, Y, {lying})
    Effect: hero(X2, Y), -hero(X, Y)
""",
    """goLeft(X, Y, X2)
    Precondition: hero(X, Y), succ(X2, X), -wall(X2, Y), -lock(X2, Y), -cle(X2, Y, {lying})
    Effect: hero(X2, Y), -hero(X, Y)
""",
    """takeKeyRight(X, Y, X2)
    Precondition: hero(X, Y), succ(X, X2), cle(X2, Y, {lying})
    Effect: hero(X2, Y), -hero(X, Y), -cle(X2, Y, {lying}), cle(X2, Y, {taken})
""",
    """openRight(X, Y, X2, A, B)
    Precondition: hero(X, Y), succ(X, X2), lock(X2, Y), cle(A, B, {taken})
    Effect: hero(X2, Y), -hero(X, Y), -lock(X2, Y)
""")

_WORD = st.text("cfjknpqstvwxz", min_size=3, max_size=7)
"""Lowercase, so a constant; without vowels, so no name of the game's words."""
SPELLINGS = st.one_of(
    st.sampled_from([("true", "false"), ("false", "true"), ("lying", "gone"),
                     ("gone", "lying"), ("1", "0"), ("0", "1"), ("2", "7")]),
    st.tuples(_WORD, _WORD).filter(lambda pair: pair[0] != pair[1]))


def _model(lying: str, taken: str, order: int, folder: Path) -> ReportModel:
    schemas = [s.format(lying=lying, taken=taken) for s in SCHEMAS]
    random.Random(order).shuffle(schemas)
    path = folder / f"key-{lying}-{taken}-{order}.md"
    path.write_text("\n".join(schemas), encoding="utf-8")
    report = read_model(str(path)).report
    model = compared_model(report, report.source)
    assert isinstance(model, ReportModel), getattr(model, "defect", None)
    return model


@settings(max_examples=30, deadline=None)
@given(spelling=SPELLINGS, order=st.integers(0, 23))
def test_the_constant_the_taking_deletes_is_the_key_lying(spelling: tuple[str, str],
                                                          order: int, tmp_path_factory:
                                                          pytest.TempPathFactory) -> None:
    lying, taken = spelling
    model = _model(lying, taken, order, tmp_path_factory.mktemp("key"))
    values = {name: str(value) for name, value in model.words.values}
    assert (values["key_lying"], values["key_taken"]) == (lying, taken)
    assert model.words.predicate("key") == "cle"
    level = load_level(str(shared_path("repros/key-corridor.txt")))
    atoms, _ = generated_init(level, model.words)
    assert [atom for atom in atoms if atom[0] == "cle"] == [("cle", "2", "1", lying)]


@pytest.mark.planner
@settings(max_examples=6, deadline=None)
@given(spelling=SPELLINGS, order=st.integers(0, 23))
def test_the_model_agrees_whatever_its_constants(spelling: tuple[str, str], order: int,
                                                 tmp_path_factory: pytest.TempPathFactory
                                                 ) -> None:
    model = _model(*spelling, order, tmp_path_factory.mktemp("key"))
    level = load_level(str(shared_path("repros/key-corridor.txt")))
    row = compare_level(model, our_model()[1], level, "fd", Limits(60.0))
    assert row.verdict == "agrees", (spelling, row.why)
    assert row.report.plan == "rrr"


def test_a_key_only_ever_deleted_is_taken_when_its_atom_is_gone(tmp_path: Path) -> None:
    """No action writes the taken state: the other value is made up, never read."""
    schemas = [s.format(lying="here", taken="here") for s in SCHEMAS]
    schemas[2] = schemas[2].replace(", cle(X2, Y, here)\n", "\n")
    schemas[3] = schemas[3].replace(", cle(A, B, here)", "")
    path = tmp_path / "deleted.md"
    path.write_text("\n".join(schemas), encoding="utf-8")
    report = read_model(str(path)).report
    model = compared_model(report, report.source)
    assert isinstance(model, ReportModel)
    values = dict(model.words.values)
    assert values.get("key_lying") == "here" and values.get("key_taken") == "not_here"
