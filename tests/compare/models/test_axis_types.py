"""A typed domain that gives columns, rows and counts a type each (`col`, `row`, `num`) and
steps each along a relation of its own (`inc-col`, `inc-row`, `dec`): read by what its
actions do (vocabulary/axis_successors.py), its number types one in the planning view
(report_planning.py `numbered_types`), since one number of the Init is a column and a row
alike. Before, every number was declared a column: no row, no action, "unsolvable"."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import shared_level

from translator.compare.check import our_model, set_up_model
from translator.compare.models.report_model import ReportModel
from translator.compare.models.report_planning import numbered_types
from translator.compare.runs.level_comparison import compare_level
from translator.runtime.processes import Limits

DOMAIN = """\
(define (domain corridor-typed)
  (:requirements :strips :typing :negative-preconditions)
  (:types col row num)
  (:predicates (at ?c - col ?r - row) (wall ?c - col ?r - row) (demon ?c - col ?r - row)
    (inc-col ?a ?b - col) (inc-row ?a ?b - row) (steps ?n - num) (dec ?n ?m - num))
  (:action right
    :parameters (?c ?c2 - col ?r - row ?n ?m - num)
    :precondition (and (at ?c ?r) (inc-col ?c ?c2) (not (wall ?c2 ?r)) (not (demon ?c2 ?r))
      (steps ?n) (dec ?n ?m))
    :effect (and (not (at ?c ?r)) (at ?c2 ?r) (not (steps ?n)) (steps ?m)))
  (:action left
    :parameters (?c ?c2 - col ?r - row ?n ?m - num)
    :precondition (and (at ?c ?r) (inc-col ?c2 ?c) (not (wall ?c2 ?r)) (not (demon ?c2 ?r))
      (steps ?n) (dec ?n ?m))
    :effect (and (not (at ?c ?r)) (at ?c2 ?r) (not (steps ?n)) (steps ?m)))
  (:action down
    :parameters (?c - col ?r ?r2 - row ?n ?m - num)
    :precondition (and (at ?c ?r) (inc-row ?r ?r2) (not (wall ?c ?r2)) (not (demon ?c ?r2))
      (steps ?n) (dec ?n ?m))
    :effect (and (not (at ?c ?r)) (at ?c ?r2) (not (steps ?n)) (steps ?m)))
  (:action up
    :parameters (?c - col ?r ?r2 - row ?n ?m - num)
    :precondition (and (at ?c ?r) (inc-row ?r2 ?r) (not (wall ?c ?r2)) (not (demon ?c ?r2))
      (steps ?n) (dec ?n ?m))
    :effect (and (not (at ?c ?r)) (at ?c ?r2) (not (steps ?n)) (steps ?m)))
)
"""
"""Four moves of a corridor, nothing else of the game."""


def _model(tmp_path: Path) -> ReportModel:
    path = tmp_path / "domain.pddl"
    path.write_text(DOMAIN, encoding="utf-8")
    model = set_up_model(str(path), (shared_level("levels/tests/corridor.txt"),)).model
    assert isinstance(model, ReportModel), model
    return model


def test_columns_rows_and_counts_are_read_apart_and_numbered_alike(tmp_path: Path) -> None:
    model = _model(tmp_path)
    roles = dict(model.words.roles)
    assert (roles["successor_first"], roles["successor_second"], roles["successor"]) == (
        "inc-col", "inc-row", "dec")
    assert numbered_types(model.report.schemas, model.words) == {"col", "row", "num"}


@pytest.mark.planner
def test_the_corridor_is_walked_as_the_game_walks_it(tmp_path: Path) -> None:
    row = compare_level(_model(tmp_path), our_model()[1],
                        shared_level("levels/tests/corridor.txt"), "fd", Limits(60.0))
    assert row.verdict == "agrees", row.why
