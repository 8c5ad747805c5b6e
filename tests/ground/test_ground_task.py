"""The ground task the ASP and SAT back-ends encode (translator/ground/ground_task.py): ours as
values, straight from the translation, or Fast Downward's translator's, read from its file."""

from __future__ import annotations

import re

import pytest
from helpers import ROOT

from strips_model.level_file import load_level, parse_level
from strips_model.schema import helltaker_domain
from translator.ground.clingo_grounding import ground
from translator.ground.ground_task import (
    UNREACHABLE_GOAL,
    ground_and_translate,
    ground_task,
    translated_task,
)
from translator.ground.sas_translation import translate_task
from translator.model.level_facts import level_facts
from translator.model.specialised import specialise, unspecialised
from translator.planners.outcome import PlannerOptions, Status
from translator.planners.registry import run_planner

LOCKED = "Locked\n3\n#####\n#H#D#\n#####\n"
"""A demon behind a wall: the goal is out of reach."""

pytestmark = pytest.mark.planner


def test_the_ground_task_of_a_level_is_the_translators() -> None:
    task = translated_task(load_level(str(ROOT / "levels" / "level1.txt")))
    counted = int(re.search(r"Translator operators: (\d+)", task.log).group(1))
    assert len(task.operators) == counted > 0
    assert len(task.initial) == len(task.variables)
    assert all(0 <= value < len(variable.values)
               for value, variable in zip(task.initial, task.variables, strict=True))
    assert any("won(yes)" in task.variables[var].values[value] for var, value in task.goal)


def test_the_ground_task_is_the_translations_value() -> None:
    level = load_level(str(ROOT / "levels" / "level1.txt"))
    domain, facts = helltaker_domain(), level_facts(level)
    assert ground_task(unspecialised(level)) == \
        translate_task(domain, facts, ground(domain, facts)).sas_task()


def test_the_ground_task_is_that_of_the_specialised_model() -> None:
    """Level 1 has no trap: every action is grounded for one phase, not two."""
    level = load_level(str(ROOT / "levels" / "level1.txt"))
    specialised = specialise(level)
    task = ground_task(specialised)
    assert task == translate_task(specialised.domain, specialised.facts,
                                  ground(specialised.domain, specialised.facts)).sas_task()
    assert 0 < len(task.operators) < len(ground_task(unspecialised(level)).operators)
    assert not any(" odd" in operator.name for operator in task.operators)


def test_an_unreachable_goal_is_one_policy_unsolvable_without_search() -> None:
    """Relaxed reachability proves the level unsolvable: no translator is asked again, the
    ASP/SAT values are a task no operator solves, Fast Downward's search is not started."""
    level = parse_level(LOCKED, source="locked")
    specialised = specialise(level)
    assert ground_and_translate(specialised.domain, specialised.facts) is None
    task = ground_task(specialised)
    assert task == UNREACHABLE_GOAL and not task.operators
    assert task.goal and all(task.initial[variable] != value for variable, value in task.goal)
    for planner in ("fd", "asp", "sat"):
        outcome = run_planner(planner, level, PlannerOptions(budget=3))
        assert outcome.status is Status.UNSOLVABLE and outcome.optimal, planner
    assert run_planner("fd", level, PlannerOptions(budget=3)).planner == \
        "fd (goal unreachable in the ground task)"