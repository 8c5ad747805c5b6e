"""A trap's phase written as a value (translator/compare/vocabulary/valued_parity.py):
`phase(T)` replaced by every action with the T2 of a static `flip(T, T2)`, the traps a static
`trap(C, T)`, raised while the phase is T. One schema serves both parities.

Before, such a model was read with the phase as its counter (a value every action replaces
along a static relation, as a count is) and the flip as the spikes (required by every
action): not run on every level, for a reason of the reading. Now it is read by what its
actions do, under any names, and a correct one agrees with the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import pytest
from compare.model_encodings import Encoding, render
from compare.pddl_encoding import CANONICAL, VALUED, domain_text
from helpers import make_level, shared_level
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strips_model.reports.init_level import Coordinates
from strips_model.reports.notation import read_model
from strips_model.reports.vocabulary import parse_vocabulary
from strips_model.schema import parse_schemas
from translator.compare.check import our_model, set_up_model
from translator.compare.lint.checks import lint
from translator.compare.models.report_init import generated_init
from translator.compare.models.report_model import ReportModel
from translator.compare.models.report_observation import observe_atoms
from translator.compare.runs.level_comparison import compare_level
from translator.runtime.processes import Limits

_RESERVED = frozenset({"and", "not", "or", "when", "either", "object", "define", "domain",
                       "forall", "exists", "imply", "number"})
_NAMES = st.lists(st.text("abcdefghijklmnopqrstuvwxyz", min_size=4, max_size=7).filter(
    lambda name: name not in _RESERVED), min_size=len(CANONICAL + VALUED),
    max_size=len(CANONICAL + VALUED), unique=True).map(
    lambda drawn: dict(zip(CANONICAL + VALUED, drawn, strict=True)))


def _model(tmp_path: Path, names: Mapping[str, str] | None = None) -> ReportModel:
    path = tmp_path / "domain.pddl"
    path.write_text(domain_text(names, valued=True), encoding="utf-8")
    model = set_up_model(str(path), (shared_level("levels/classic/level5.txt"),)).model
    assert isinstance(model, ReportModel), model
    return model


@settings(max_examples=3, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(names=_NAMES)
def test_a_phase_written_as_a_value_is_read_by_what_the_actions_do(
        tmp_path: Path, names: Mapping[str, str]) -> None:
    roles = dict(_model(tmp_path, names).words.roles)  # type: ignore[union-attr]
    for role, name in (("trap_parity", "phase"), ("trap_flip", "flip"), ("trap", "trap"),
                       ("counter", "steps-left"), ("spikes", "spikes")):
        assert roles.get(role) == names[name], (role, roles)


@pytest.mark.planner
@pytest.mark.parametrize("level", ["classic/level5.txt", "tests/trapsmob2.txt"])
def test_a_correct_domain_with_its_phase_a_value_agrees(tmp_path: Path, level: str) -> None:
    """On a level of traps in both phases, and one where a skeleton is kicked onto a trap
    about to rise (it dies as the phase flips, E3)."""
    row = compare_level(_model(tmp_path), our_model()[1], shared_level(f"levels/{level}"),
                        "fd", Limits(120.0))
    assert row.verdict == "agrees", row.why


_WORDS = parse_vocabulary('[roles]\nhero = "at"\ntrap = "trap"\ntrap_parity = "phase"\n'
                          'trap_flip = "flip"\n\n[values]\ntrap_lowered = "odd"\n'
                          'trap_raised = "even"\n', "v.toml")


def test_each_trap_is_listed_under_the_phase_it_is_raised_in_and_seen_so() -> None:
    """A trap raised at the start under the start value, a lowered one under the other,
    the flip both ways: once the phase is the other value, the traps seen raised are those
    that were lowered (R-T1)."""
    level = make_level("#########\n#HUT   D#\n#########")
    raised, lowered = level.traps_raised, level.traps_lowered
    assert raised and lowered
    atoms, _ = generated_init(level, _WORDS)
    coordinates = Coordinates.of_level(level, _WORDS)
    phase = [a for a in atoms if a[0] in ("phase", "flip")]
    assert sorted(phase) == [("flip", "even", "odd"), ("flip", "odd", "even"),
                             ("phase", "even")]
    start = frozenset(atoms)
    assert observe_atoms(start, _WORDS, coordinates, level).raised_traps == raised
    flipped = (start - {("phase", "even")}) | {("phase", "odd")}
    assert observe_atoms(flipped, _WORDS, coordinates, level).raised_traps == lowered


def test_a_relation_of_two_cells_a_kept_fluent_or_a_comparison_is_no_part_named_twice(
        ) -> None:
    """Where a place is one cell term, a skeleton's cell doomed from the hero's
    (`doomedAt(P, S)`) is a relation of two cells, and a slot the actions add (`doomed(S)`)
    the model's own: neither is a part of the game under a second name, as a predicate
    of one place only the Init could hold is (`monster(P)`)."""
    schemas = parse_schemas(
        "push(P, S)\n    Precondition: at(P), mob(S), monster(S)\n"
        "    Effect: doomedAt(P, S), doomed(S), -mob(S)\n", "m.txt")
    found = lint(schemas, vocabulary=frozenset({"at", "mob"}), width=1)
    assert [f.message.split()[0] for f in found if f.kind == "outside-vocabulary"] == [
        "monster"]
    # Nor is a comparison of two numbers, `C <= L` read as `at_most(C, L)`, where a place is
    # two coordinates.
    counted = read_model("step(x, y, c, c2, l)\n    Precondition: at(x, y), count(c), "
                         "limit(l), next(c, c2), c2 <= l\n    Effect: -count(c), count(c2)\n",
                         "m.txt").schemas
    assert not [f for f in lint(counted, vocabulary=frozenset({"at", "count", "limit", "next"}))
                if f.kind == "outside-vocabulary"]


def test_the_phase_values_are_those_the_models_own_init_starts_and_flips(
        tmp_path: Path) -> None:
    """A model with an Init of its own names the phase's values itself: the trap listed
    under its start value is raised at the start, as that Init reads as a level."""
    text = render(Encoding(notation="plain", traps="phase", parity="value")) + (
        "\nInit(at(1, 1), phase(pair), flip(pair, impair), flip(impair, pair), "
        "trap(2, 1, impair))\n")
    path = tmp_path / "model.txt"
    path.write_text(text, encoding="utf-8")
    model = set_up_model(str(path)).model
    assert model.words is not None
    values = dict(model.words.values)
    assert (values["trap_raised"], values["trap_lowered"]) == ("pair", "impair")
