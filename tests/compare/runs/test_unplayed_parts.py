"""A part a model does not play is a fault of the model (issue 39, 3): a model written without
traps, on a level with traps, diverges, and the level's notes say its Init has no traps. Only
where a predicate the reading left unread may hold that part is the level not run: the
reading, not the model, may be at fault there."""

from __future__ import annotations

import tempfile
from dataclasses import replace
from pathlib import Path

import pytest
from compare.agreeing import write_model
from compare.model_encodings import (
    AnyOf,
    Atom,
    Clause,
    Encoding,
    Names,
    random_names,
    render,
    same_names,
    schemas,
)
from helpers import make_level
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from translator.compare.check import our_model, read_model, set_up_model
from translator.compare.models.compared import compared_model
from translator.compare.models.report_model import ReportModel
from translator.compare.runs.level_comparison import compare_level

TRAPPED = "######\n#HU  #\n#   D#\n######"
"""A trap raised at the start beside the hero, the demon two steps further."""
DROPPED = frozenset({"trapUp", "trapDown", "odd"})
"""The traps and their parity: what a model without traps never writes."""


def _without(clause: Clause, dropped: frozenset[str]) -> Clause | None:
    """`clause` without the literals of the `dropped` predicates (None: nothing is left)."""
    if isinstance(clause, AnyOf):
        kept = tuple(atom for atom in clause.atoms if atom.predicate not in dropped)
        return (kept[0] if len(kept) == 1 else AnyOf(kept)) if kept else None
    return None if isinstance(clause, Atom) and clause.predicate in dropped else clause


def _without_traps(folder: Path, unread: str | None, names: Names = same_names
                   ) -> ReportModel:
    """The textbook encoding with every trap literal dropped (its even-phase schemas), and
    with `unread(P)` added where a move leaves (the cells walked on) when `unread` is
    given."""
    encoding = Encoding()
    written = []
    for schema in schemas(encoding):
        if "Odd" in schema.name:
            continue
        pre = tuple(c for c in (_without(c, DROPPED) for c in schema.preconditions)
                    if c is not None)
        eff = [e for e in schema.effects if e.predicate not in DROPPED]
        if unread is not None and schema.name.startswith("Move"):
            eff.append(Atom(unread, ("x", "y")))
        written.append(replace(schema, preconditions=pre, effects=tuple(eff)))
    path = str(write_model(folder, encoding, render(encoding, names, written)))
    model = compared_model(read_model(path).report, path)
    assert isinstance(model, ReportModel), getattr(model, "defect", None)
    return model


@pytest.mark.planner
def test_a_model_without_traps_diverges_where_the_level_has_them(tmp_path: Path) -> None:
    model = _without_traps(tmp_path, None)
    assert model.words is not None
    assert not {"trap", "trap_raised", "trap_lowered"} & {r for r, _ in model.words.roles}
    row = compare_level(model, our_model()[1], make_level(TRAPPED, 9), "search")
    assert row.verdict == "diverges", row.why
    assert "the model names no trap predicate: the level's traps are not in its Init" \
        in row.notes
    assert row.states is not None and row.states.counterexample is not None


@pytest.mark.planner
def test_a_level_whose_part_an_unread_predicate_may_hold_is_not_run(tmp_path: Path) -> None:
    model = _without_traps(tmp_path, "walked")
    assert model.words is not None and "walked" not in {n for _, n in model.words.roles}
    row = compare_level(model, our_model()[1], make_level(TRAPPED, 9), "search")
    assert row.verdict == "not run" and "no predicate of the model reads as the trap" in row.why


@pytest.mark.planner
def test_a_level_whose_part_a_predicate_is_named_after_is_not_run(tmp_path: Path) -> None:
    """The spikes called `piege`: read as the spikes by what the moves do, but named as a
    trap, so a level with traps may be a question of the reading."""
    model = _without_traps(tmp_path, None, lambda name: "piege" if name == "spike" else name)
    assert model.words is not None and model.words.predicate("spikes") == "piege"
    row = compare_level(model, our_model()[1], make_level(TRAPPED, 9), "search")
    assert row.verdict == "not run" and "no predicate of the model reads as the trap" in row.why


SPIKED = "#######\n#H S D#\n#######"
"""Spikes on the only way to the demon: the game charges their step 2."""
SPIKELESS = frozenset({"trapUp", "trapDown", "odd", "spike"})
"""What a model without spikes or traps never writes (nor the parity of the traps)."""


@pytest.mark.planner
@settings(max_examples=2, derandomize=True, deadline=None, phases=(Phase.generate,))
@given(seed=st.integers(0, 10_000))
def test_a_model_without_spikes_keeps_its_demon_and_walls_and_diverges_on_them(
        seed: int) -> None:
    """A model that plays no spikes, with a goal only its `But` names: the game's test of the
    reading never takes its demon or its walls for the spikes it does not play (the levels
    would then hold spikes its Init writes, and no demon it needs), and the spiked level
    diverges at the step the game charges 2."""
    encoding = Encoding(goal="only_goal")
    names = random_names(seed)
    written = []
    for schema in schemas(encoding):
        if "Odd" in schema.name or "Hurt" in schema.name:
            continue
        pre = tuple(c for c in (_without(c, SPIKELESS) for c in schema.preconditions)
                    if c is not None)
        written.append(replace(schema, preconditions=pre, effects=tuple(
            e for e in schema.effects if e.predicate not in SPIKELESS)))
    with tempfile.TemporaryDirectory() as folder:
        path = str(write_model(Path(folder), encoding, render(encoding, names, written)))
        model = set_up_model(path).model
    assert isinstance(model, ReportModel) and model.words is not None
    read = {role: name for role, name in model.words.roles}
    # Walls and demons, obstacles alike in its moves, may be read either way round.
    assert {read.get("demon"), read.get("wall")} == {names("demon"), names("wall")}, read
    assert read.get("goal") == names("goal") and "spikes" not in read, read
    row = compare_level(model, our_model()[1], make_level(SPIKED, 5), "search")
    assert row.verdict == "diverges", row.why
    assert row.states is not None and row.states.counterexample == "rr"
