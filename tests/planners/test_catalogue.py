"""The catalogue (translator/planners/catalogue.py) names the registry's planners without
importing it: the same names, in the same order, with the same descriptions, and a reserved
child only for planners whose attempt imports packages of its own from the start (auto's
search, run first, imports none)."""

from __future__ import annotations

import subprocess
import sys

from helpers import ROOT

from translator.planners import catalogue
from translator.planners.registry import ALL_PLANNERS, PLANNERS, Preparation


def test_the_catalogue_names_the_registrys_planners() -> None:
    assert list(catalogue.SOLVING) == list(PLANNERS)
    assert {name: planner.description for name, planner in ALL_PLANNERS.items()} == \
        {**catalogue.SOLVING, **catalogue.ENUMERATING}
    assert catalogue.DEFAULT_PLANNER in PLANNERS and catalogue.SOLVE_DEFAULT in PLANNERS


def test_only_attempts_without_packages_first_are_light() -> None:
    assert {
        name for name, planner in PLANNERS.items()
        if planner.solve is not None and (not planner.solve.packages or planner.searches_first)
    } == catalogue.LIGHT_ATTEMPTS


def test_preparations_of_one_planner_are_equal() -> None:
    """What lets an attempt find the child reserved for it (processes.py `_hand_over`)."""
    assert Preparation("fd") == Preparation("fd") != Preparation("asp")


def test_the_registry_the_catalogue_imports_by_name_is_the_registry() -> None:
    from translator.planners import registry

    assert catalogue.registry() is registry
    assert catalogue.registry().prepare_attempt is registry.prepare_attempt


def test_the_catalogue_imports_no_planner_machinery() -> None:
    run = subprocess.run(
        [sys.executable, "-c", "import sys, translator.planners.catalogue; "
         "print(sorted(name for name in sys.modules if name.startswith('translator')))"],
        cwd=ROOT, capture_output=True, text=True, timeout=60, check=True)
    assert run.stdout.split() == ["['translator',", "'translator.planners',",
                                  "'translator.planners.catalogue']"]
