"""Places written as one term, a cell constant whose name carries its two numbers (`c_1_2`,
`cell_3_4`, `x1y2`), with adjacency a static relation between cells (issue 23's leftovers).

The property: the models of tests/strips_model/reports/models/ whose moves follow an
adjacency relation (`succ(D, X, Y, X2, Y2)`, `haut(X, Y, X2, Y2)`), every place `(X, Y)`
rewritten as one cell term in every schema (its variable named in any way), must be read as
the original is (same roles and key presses, a place one argument wide) and give the same
verdicts on a few probe levels and on a small level. Then the cells' names: read off the
model's Init, written in Init facts and read back, through a vocabulary file and its round
trip. The fast loop runs 2 derandomized examples; `HELLTAKER_FUZZ_EXAMPLES=50 pytest -m fuzz
tests/compare/vocabulary/test_cells.py` the long variant.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from cli.test_fuzz import LONG_EXAMPLES, fast_and_long
from compare.vocabulary.test_fuzz import FAST_PROBES
from helpers import make_level
from hypothesis import strategies as st

from strips_model.errors import Position, SchemaError
from strips_model.reports.document import Report
from strips_model.reports.facts import InitBlock
from strips_model.reports.init_level import Coordinates, rebuild_level
from strips_model.reports.vocabulary import parse_vocabulary
from strips_model.reports.vocabulary_writer import vocabulary_toml
from strips_model.schema import Literal, Schema, Term
from translator.compare.check import our_model, read_model
from translator.compare.models.compared import compared_model
from translator.compare.models.report_init import generated_init
from translator.compare.models.report_model import ReportModel
from translator.compare.models.report_observation import observe_atoms
from translator.compare.runs.coverage import check_probe, distinct_probes
from translator.compare.runs.level_comparison import compare_level
from translator.compare.vocabulary.inference import infer_vocabulary
from translator.compare.vocabulary.places import DEFAULT_CELL, cell_pattern

MODELS = Path(__file__).parents[2] / "strips_model" / "reports" / "models"
ADJACENT = ("m10_direction_parameter.txt", "m11_relation_per_direction.txt")
PUSH = "#######\n#HB   #\n####D##\n#######"
"""Pushing the boulder right three times puts the hero above the demon: 6 actions."""
PATTERNS = ("c_{x}_{y}", "cell_{x}_{y}", "x{x}y{y}", "r{x}c{y}", "{x}.{y}")


def _report(name: str) -> Report:
    return replace(read_model(str(MODELS / name)).report, init=None)


def _as_cells(report: Report, relations: dict[str, tuple[int, ...]], places: set[str],
              pattern: str, variable: str = "{x}_{y}") -> Report:
    """Each place (X, Y) as one term: a variable named by `variable`, a constant by
    `pattern`. `relations`: where each adjacency relation's places start."""
    def cell(x: Term, y: Term) -> Term:
        name = (variable if x.is_variable else pattern).replace("{x}", x.name)
        return Term(name.replace("{y}", y.name), x.is_variable)

    def literal(lit: Literal) -> Literal:
        starts = relations.get(lit.predicate, (0,) if lit.predicate in places else ())
        args, index = [], 0
        while index < len(lit.args):
            if index in starts:
                args.append(cell(lit.args[index], lit.args[index + 1]))
                index += 2
            else:
                args.append(lit.args[index])
                index += 1
        return replace(lit, args=tuple(args))

    def schema(s: Schema) -> Schema:
        return replace(s, parameters=(), preconditions=tuple(map(literal, s.preconditions)),
                       effects=tuple(map(literal, s.effects)))

    return replace(report, schemas=tuple(map(schema, report.schemas)))


def check(model: str, variable: str) -> None:
    report = _report(model)
    words = infer_vocabulary(report.schemas, report.source, False).vocabulary
    relations = {name: (1, 3) if role == "adjacent" and words.direction_first else (0, 2)
                 for role, name in words.roles if role.startswith("adjacent")}
    places = {name for role, name in words.roles if name not in relations}
    cells = _as_cells(report, relations, places, DEFAULT_CELL, variable)
    found = infer_vocabulary(cells.schemas, report.source, False).vocabulary
    assert found.roles == words.roles and found.keys == words.keys
    assert found.keyed_by_direction == words.keyed_by_direction
    assert found.width == 1 and found.cell == DEFAULT_CELL
    before, after = compared_model(report, "original"), compared_model(cells, "cells")
    assert isinstance(after, ReportModel), getattr(after, "defect", None)
    level = make_level(PUSH)
    ours = our_model()[1]
    assert compare_level(after, ours, level, "search").verdict == \
        compare_level(before, ours, level, "search").verdict
    for probe in distinct_probes():
        if probe.situation.startswith(FAST_PROBES[:2] if not LONG_EXAMPLES else FAST_PROBES):
            assert check_probe(before, probe).expressed == check_probe(after, probe).expressed


test_cell_models_read_alike, test_cell_models_read_alike_long = fast_and_long(
    2, model=st.sampled_from(ADJACENT),
    variable=st.sampled_from(("{x}_{y}", "P{x}{y}", "Cell{y}x{x}", "Q_{y}_{x}")))(check)


@pytest.mark.parametrize("pattern", PATTERNS)
def test_cell_names_are_read_off_the_init_written_and_read_back(pattern: str) -> None:
    """The pattern of the Init's names is found, a level's Init is written in it, and the
    places read back from those names are the level's."""
    report = _report(ADJACENT[1])
    words = infer_vocabulary(report.schemas, report.source, False).vocabulary
    relations = {name: (0, 2) for role, name in words.roles if role.startswith("adjacent")}
    cells = _as_cells(report, relations, {"perso", "mur", "bloc"}, pattern)
    names = tuple(pattern.replace("{x}", x).replace("{y}", y) for x, y in (("1", "2"),
                                                                         ("10", "3")))
    assert cell_pattern(names)[0] == pattern
    found = infer_vocabulary(cells.schemas, report.source, False, cells=names).vocabulary
    assert found.cell == pattern
    level = make_level(PUSH)
    atoms, _ = generated_init(level, found)
    assert (found.placed("perso", "1", "1"),) == tuple(a for a in atoms if a[0] == "perso")
    coordinates = Coordinates.of_level(level, found)
    seen = observe_atoms(frozenset(atoms), found, coordinates, level)
    assert seen.hero == {level.start.hero} and seen.boulders == level.start.boulders
    assert parse_vocabulary(vocabulary_toml(found), "v") == replace(found, source="v")


def test_a_cell_init_rebuilds_its_level() -> None:
    """A model's own Init in cells (`perso(r1c1)`), read through a vocabulary file."""
    words = parse_vocabulary('name = "cells"\n[roles]\nhero = "perso"\nwall = "mur"\n'
                             'demon = "demone"\ncounter = "compteur"\n'
                             '[coordinates]\ncell = "r{y}c{x}"\n', "v.toml")
    position = Position("init")
    atoms = [("perso", "r1c1"), ("demone", "r1c3"), ("compteur", "5"),
             *(("mur", f"r{row}c{column}") for row, column in
               ((0, 1), (0, 2), (2, 1), (2, 2), (1, 0)))]
    init = InitBlock(tuple(Literal(name, tuple(Term(a, False) for a in args), True, position)
                           for name, *args in atoms), position)
    rebuilt = rebuild_level(init, vocabulary=words)
    assert rebuilt.level.start.hero == (1, 1) and rebuilt.level.demons == {(1, 3)}
    wrong = replace(init, atoms=(*init.atoms, Literal("mur", (Term("p12", False),), True,
                                                      position)))
    with pytest.raises(SchemaError, match="p12 is no cell named as r{y}c{x}"):
        rebuild_level(wrong, vocabulary=words)


def test_names_without_a_separator_are_not_read_as_two_numbers() -> None:
    pattern, said = cell_pattern(("p12", "p13"))
    assert pattern == DEFAULT_CELL and "no cell by two numbers apart" in said
    with pytest.raises(SchemaError, match="cell is a name with"):
        parse_vocabulary('name = "x"\n[roles]\nhero = "h"\n[coordinates]\ncell = "p{x}{y}"\n',
                         "v")

