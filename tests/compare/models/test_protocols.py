"""One protocol for every model under comparison (translator/compare/models/protocols.py):
both level models are `LevelModel`s and share what it computes for them."""

from __future__ import annotations

from helpers import ROOT, shared_path

from strips_model.level_file import load_level
from strips_model.reports.document import load_report
from translator.compare.check import our_model
from translator.compare.models.compared import compared_model
from translator.compare.models.ours import OurLevelModel
from translator.compare.models.protocols import LevelModel
from translator.compare.models.report_model import ReportLevelModel


def test_both_level_models_are_level_models_with_one_pddl_size() -> None:
    level = load_level(str(ROOT / "levels" / "level1.txt"))
    seed = compared_model(load_report(str(shared_path("seeds/001_1103b020ed6d817c.txt"))),
                          "seed 001")
    for model, kind in ((our_model()[1], OurLevelModel), (seed, ReportLevelModel)):
        on_level = model.on(level)
        assert isinstance(on_level, kind) and LevelModel in type(on_level).__mro__
        assert on_level.pddl_bytes() == sum(len(text.encode("utf-8"))
                                            for text in on_level.pddl_texts()) > 0


def test_how_each_model_reads_a_level_is_typed() -> None:
    ours = our_model()[1]
    assert ours.words is None and ours.evidence == () and ours.report.source.endswith(
        "helltaker.strips")
    seed = compared_model(load_report(str(shared_path("seeds/001_1103b020ed6d817c.txt"))),
                          "seed 001")
    assert seed.words is not None and seed.report.init is not None
