"""A model with its own Init but no counter (issue 23's leftovers): its Init is read without a
budget, which then comes from the level file (or none binds), as a model without a counter is
run everywhere else with the budget as a cost bound.

m10 and m11 (adjacency as a direction relation), made to test a demon in each step, are given
as their own Init the Init generated for each probe level of walls and boulders (one a budget
too short): the own Init must be the one used, and each probe's verdict the one the model gets
on the generated Init. The same for m11
with every place one cell constant, on a level the hero must push through.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from compare.vocabulary.test_cells import ADJACENT, MODELS, PUSH, _as_cells
from helpers import make_level

from strips_model.errors import Position, SchemaError
from strips_model.level import Level
from strips_model.reports.document import Report
from strips_model.reports.facts import InitBlock
from strips_model.reports.init_level import NO_BUDGET, rebuild_level
from strips_model.reports.vocabulary import Vocabulary, parse_vocabulary
from strips_model.schema import Literal, Schema, Term
from translator.compare.check import our_model, read_model
from translator.compare.models.compared import compared_model
from translator.compare.models.report_init import generated_init
from translator.compare.models.report_model import ReportModel
from translator.compare.runs.coverage import check_probe, distinct_probes
from translator.compare.runs.level_comparison import compare_level
from translator.compare.vocabulary.inference import infer_vocabulary
from translator.compare.vocabulary.places import DEFAULT_CELL

OWN = "its own Init"


def _with_demons(report: Report) -> Report:
    """Every step also refuses a demon's cell, so that the model's Init can say where one is."""
    def schema(s: Schema) -> Schema:
        walls = [lit for lit in s.preconditions if lit.predicate in ("wall", "mur")
                 and not lit.positive]
        demons = tuple(replace(lit, predicate="demone") for lit in walls)
        return replace(s, preconditions=(*s.preconditions, *demons))

    return replace(report, schemas=tuple(map(schema, report.schemas)), init=None)


def _init(level: Level, words: Vocabulary) -> InitBlock:
    position = Position("init")
    atoms, _ = generated_init(level, words)
    assert words.predicate("counter") is None and words.predicate("demon") == "demone"
    return InitBlock(tuple(Literal(name, tuple(Term(a, False) for a in args), True, position)
                           for name, *args in atoms), position)


def _walls_and_boulders(level: Level) -> bool:
    """The level holds only parts the models name, so their Init can describe it whole."""
    return not (level.start.skeletons or level.traps_lowered or level.traps_raised
                or level.spikes or level.key or level.lock)


def _words(report: Report) -> Vocabulary:
    return infer_vocabulary(report.schemas, report.source, False).vocabulary


@pytest.mark.parametrize("model", ADJACENT)
def test_an_init_without_a_counter_gives_the_verdicts_of_the_generated_one(model: str) -> None:
    report = _with_demons(read_model(str(MODELS / model)).report)
    words = _words(report)
    generated = compared_model(report, "generated")
    assert isinstance(generated, ReportModel)
    seen = 0
    for probe in distinct_probes():
        level = probe.level()
        if not _walls_and_boulders(level):
            continue
        seen += 1
        own = compared_model(replace(report, init=_init(level, words)), "own")
        assert isinstance(own, ReportModel), getattr(own, "defect", None)
        assert own.rebuilt is not None and not own.rebuilt.budgeted
        assert own.on(level).init_note.startswith(OWN)
        assert not generated.on(level).init_note.startswith(OWN)
        assert check_probe(own, probe).expressed == check_probe(generated, probe).expressed
    assert seen == 3  # a boulder kicked twice, a plan past the goal, a budget one move short


def test_a_cell_model_with_an_init_and_no_counter_is_run() -> None:
    report = _with_demons(read_model(str(MODELS / ADJACENT[1])).report)
    words = _words(report)
    relations = {name: (0, 2) for role, name in words.roles if role.startswith("adjacent")}
    cells = _as_cells(report, relations, {"perso", "mur", "bloc", "demone"}, DEFAULT_CELL)
    found = _words(cells)
    assert found.cell == DEFAULT_CELL
    level = make_level(PUSH, budget=6)
    model = compared_model(replace(cells, init=_init(level, found)), "cells")
    assert isinstance(model, ReportModel), getattr(model, "defect", None)
    assert model.rebuilt is not None and model.rebuilt.level.budget == NO_BUDGET
    on_level = model.on(level)
    assert on_level.init_note.startswith(OWN) and on_level.cost_limit == 6
    assert compare_level(model, our_model()[1], level, "search").verdict == "agrees"
    # One budget point short, the model's own Init bounds it as the level says.
    tight = make_level(PUSH, budget=5)
    assert model.on(tight).init_note.startswith(OWN)
    assert compare_level(model, our_model()[1], tight, "search").verdict == "agrees"


def test_only_a_model_with_a_counter_needs_one_in_its_init() -> None:
    position = Position("init")
    atoms = (("perso", "0", "0"), ("demone", "2", "0"))
    init = InitBlock(tuple(Literal(name, tuple(Term(a, False) for a in args), True, position)
                           for name, *args in atoms), position)
    plain = parse_vocabulary('name = "v"\n[roles]\nhero = "perso"\ndemon = "demone"\n', "v")
    rebuilt = rebuild_level(init, vocabulary=plain)
    assert (rebuilt.level.budget, rebuilt.budgeted) == (NO_BUDGET, False)
    counted = replace(plain, roles=(*plain.roles, ("counter", "compteur")))
    with pytest.raises(SchemaError, match=r"^init: Init has no compteur\(N\)"):
        rebuild_level(init, vocabulary=counted)
