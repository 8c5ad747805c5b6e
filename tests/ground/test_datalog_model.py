"""translator/ground/datalog_model.py: Fast Downward's relaxed exploration computed by clingo
gives the translator the same model, hence the same task file, byte for byte, as the
translator's own loop; a program clingo cannot ground falls back to that loop."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from helpers import ROOT, make_level

from strips_model.level_file import load_level
from strips_model.schema import helltaker_domain
from translator.compare.check import read_model
from translator.compare.models.compared import UnbuildableModel, model_or_defect
from translator.compare.models.protocols import ComparedModel
from translator.ground import datalog_model
from translator.ground.fd_translate import translate
from translator.model.level_facts import level_facts
from translator.model.pddl_text import domain_text, problem_text

pytestmark = pytest.mark.planner

LEVELS = ["level1.txt", "skeleton_on_trap.txt", "boulder_on_key.txt", "lock_and_key.txt"]


def _ours(level: str) -> tuple[str, str]:
    domain = helltaker_domain()
    return domain_text(domain), problem_text(domain, level_facts(load_level(
        str(ROOT / "levels" / level))), "level")


@cache
def _built(model: Path) -> ComparedModel:
    """Each hand-written model read and built once for its levels."""
    built = model_or_defect(read_model(str(model)).report, str(model), None)
    assert not isinstance(built, UnbuildableModel)
    return built


def _hand_written(model: Path, level: str) -> tuple[str, str]:
    return _built(model).on(load_level(str(ROOT / "levels" / level))).pddl_texts()


def _task_files(tmp_path: Path, texts: tuple[str, str]) -> tuple[bytes, bytes, str]:
    """The task file of the translator's own loop, then clingo's, and clingo's log."""
    files = [tmp_path / "domain.pddl", tmp_path / "problem.pddl"]
    for path, text in zip(files, texts, strict=True):
        path.write_text(text, encoding="utf-8")
    own, by_clingo = tmp_path / "own.sas", tmp_path / "clingo.sas"
    translate(str(files[0]), str(files[1]), str(own))
    with datalog_model.explored_by_clingo():
        log = translate(str(files[0]), str(files[1]), str(by_clingo))
    return own.read_bytes(), by_clingo.read_bytes(), log


@pytest.mark.parametrize("level", LEVELS)
def test_our_domain_translates_to_the_same_task_file(tmp_path: Path, level: str) -> None:
    own, by_clingo, log = _task_files(tmp_path, _ours(level))
    assert "(clingo)" in log and "Translator operators: 0" not in log
    assert by_clingo == own


@pytest.mark.parametrize("model", [ROOT / "translator/measure/repair_models/textbook.txt"],
                         ids=lambda path: path.name)
@pytest.mark.parametrize("level", LEVELS[1:3])
def test_a_hand_written_model_translates_to_the_same_task_file(tmp_path: Path, model: Path,
                                                                level: str) -> None:
    """The textbook model only: course_fr.txt (848 schemas) takes about 28 s a level through
    the translator's own loop, too long for the suite (`helltaker bench --compare-models`
    runs such models through clingo's exploration on every classic level). Two small levels
    that between them hold a skeleton, a trap, a boulder, the key and the lock; level1 adds
    only size, and was this file's slowest test."""
    own, by_clingo, log = _task_files(tmp_path, _hand_written(model, level))
    assert "(clingo)" in log
    assert by_clingo == own


def test_a_goal_out_of_reach_is_found_the_same(tmp_path: Path) -> None:
    walled = make_level("""\
        #######
        #H #D #
        #######
        """, budget=9)
    domain = helltaker_domain()
    texts = domain_text(domain), problem_text(domain, level_facts(walled), "walled")
    own, by_clingo, log = _task_files(tmp_path, texts)
    assert "No relaxed solution" in log or "Translator operators: 0" in log
    assert by_clingo == own


def test_the_exploration_falls_back_to_the_translators_loop(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import clingo

    def refuse(*_: object, **__: object) -> None:
        raise RuntimeError("grounding refused")

    monkeypatch.setattr(clingo.Control, "ground", refuse)
    own, by_loop, log = _task_files(tmp_path, _ours("lock_and_key.txt"))
    assert "the translator's own loop" in log and "(clingo)" not in log
    assert by_loop == own


def test_the_translator_is_left_as_it_was() -> None:
    from fast_downward.translate import instantiate

    before = instantiate.explore
    with datalog_model.explored_by_clingo():
        assert instantiate.explore is datalog_model.explore
    assert instantiate.explore is before
