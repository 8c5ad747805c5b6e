"""A static's complement is listed over the values its places may be asked for
(translator/compare/models/complement_domains.py), not over every tuple of objects: the same
ground actions are reachable either way, from a task a fraction of the size.

The trap relation of a phase written as a value, `trap(P, T)`, once listed its complement
over every object twice (12,000 tuples on classic level 5), and clingo took 2 s and 500 MB a
level to join them."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from compare.agreeing import write_model
from compare.model_encodings import Encoding, random_names, render
from helpers import shared_level

from strips_model.ground_plan import PlanStep
from strips_model.schema import Domain, Predicate, parse_schemas
from translator.compare.check import set_up_model
from translator.compare.models import report_planning
from translator.compare.models.complement_domains import complement_domains
from translator.compare.models.report_model import ReportModel
from translator.ground.clingo_grounding import ground
from translator.ground.pddl_named import pddl_named
from translator.model.level_facts import Facts

_TEXT = ("step(X, Y, X2, T, T2, K)\n"
         "    Precondition: at(X, Y), next(X, X2), phase(T), flip(T, T2), -trap(X2, Y, T2), "
         "-locked(K)\n"
         "    Effect: -at(X, Y), at(X2, Y), -phase(T), phase(T2)\n")


def _planning(tmp_path: Path, encoding: Encoding, level: str, seed: int
              ) -> tuple[frozenset[PlanStep], Facts]:
    tmp_path.mkdir()
    path = write_model(tmp_path, encoding, render(encoding, random_names(seed)))
    loaded = shared_level(level)
    model = set_up_model(str(path), (loaded,)).model
    assert isinstance(model, ReportModel), model
    domain, facts = model.on(loaded).planning_task()
    return frozenset(ground(*pddl_named(domain, facts)).actions), facts


@pytest.mark.parametrize(("encoding", "level", "tenth"), [
    (Encoding(place="cell", adjacency="per_direction", direction_parameter=False,
              traps="phase", parity="value"), "levels/classic/level5.txt", True),
    # Every number is a coordinate the successor steps: nothing to leave out.
    (Encoding(notation="plain", adjacency="successor", direction_parameter=False,
              walls="floor", spikes="safe"), "levels/tests/trapsmob2.txt", False),
    (Encoding(traps="phase"), "levels/classic/level7.txt", False)])
def test_the_same_actions_are_reachable_as_with_every_tuple_listed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, encoding: Encoding,
        level: str, tenth: bool) -> None:
    kept, few = _planning(tmp_path / "few", encoding, level, 3)
    monkeypatch.setattr(report_planning, "complement_domains", lambda *_: {})
    every, many = _planning(tmp_path / "many", encoding, level, 3)
    assert kept == every and kept
    assert few.static <= many.static
    assert (len(few.static) * 10 < len(many.static)) == tenth


def test_a_place_is_asked_for_the_values_its_variables_share_and_a_free_one_for_any(
        ) -> None:
    """The trap's phase only for the phase's two values, its column for the numbers the
    hero and the successor hold; `K`, which only a complement names, for any object."""
    (step,) = parse_schemas(_TEXT, "m.txt")
    complemented = tuple(replace(lit, predicate=f"not_{lit.predicate}", positive=True)
                         if not lit.positive and lit.predicate in ("trap", "locked") else lit
                         for lit in step.preconditions)
    domain = Domain((replace(step, preconditions=complemented),),
                    (Predicate("not_trap", ("num",) * 3, False),
                     Predicate("not_locked", ("num",), False)), "m.txt")
    atoms = frozenset({("at", "1", "1"), ("next", "1", "2"), ("phase", "even"),
                       ("flip", "even", "odd"), ("flip", "odd", "even"),
                       ("trap", "2", "1", "odd"), ("locked", "9")})
    asked = complement_domains(domain, atoms)
    assert asked[("trap", 2)] == {"even", "odd"}
    assert asked[("trap", 0)] == {"1", "2"}
    assert asked[("locked", 0)] is None
