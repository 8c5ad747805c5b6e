"""PDDL domains read as schemas through unified-planning's PDDLReader: each requirement the
issue lists compiled to plain schemas, what cannot be compiled listed with its position, and
our own pddl/domain.pddl read as exactly the schemas of strips_model/helltaker.strips."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import ROOT

from strips_model.errors import SchemaError
from strips_model.reports.document import Report
from strips_model.reports.notation import read_model_file
from strips_model.reports.pddl_domain import read_pddl_domain
from strips_model.schema import Schema, helltaker_domain
from translator.compare.diff.schemas import diff_schemas
from translator.compare.models.compared import compared_model
from translator.compare.models.ours import OurModel

DOMAIN = """; a comment before the domain
(define (domain tiny)
 (:requirements :strips :typing :negative-preconditions :equality :conditional-effects
                :disjunctive-preconditions :action-costs)
 (:types cell)
 (:constants home - cell)
 (:predicates (hero ?c - cell) (next ?a ?b - cell) (wall ?c - cell) (key ?c - cell)
              (has_key) (trap ?c - cell))
 (:functions (total-cost))
 (:action step
  :parameters (?from ?to - cell)
  :precondition (and (hero ?from) (next ?from ?to) (not (wall ?to))
                     (or (not (trap ?to)) (has_key)) (not (= ?from ?to)))
  :effect (and (not (hero ?from)) (hero ?to) (when (key ?to) (has_key))
               (increase (total-cost) 2)))
 (:action go_home
  :parameters (?c ?d - cell)
  :precondition (and (hero ?c) (= ?d home))
  :effect (and (not (hero ?c)) (hero ?d)))
 (:action teleport
  :parameters (?c - cell)
  :precondition (hero ?c)
  :effect (forall (?d - cell) (hero ?d)))
)
"""


def _literals(schema: Schema) -> tuple[list[str], list[str]]:
    return [str(lit) for lit in schema.preconditions], [str(lit) for lit in schema.effects]


def test_each_requirement_is_compiled_and_the_rest_listed_with_its_place() -> None:
    reading = read_pddl_domain(DOMAIN, "tiny.pddl")
    names = [schema.name for schema in reading.schemas]
    # 2 disjuncts of the precondition times 2 cases of the `when`: four schemas.
    assert names == ["step_or1_when1", "step_or1_when2", "step_or2_when1",
                     "step_or2_when2", "go_home"]
    assert reading.counts is not None
    assert (reading.counts.disjunctions_expanded, reading.counts.conditional_cases) == (1, 1)
    assert reading.counts.cases_split == 0
    assert reading.counts.summary().endswith(
        ", 1 more from the cases of conditional effects (`_whenK`)")
    by_name = {schema.name: schema for schema in reading.schemas}
    pre, effects = _literals(by_name["step_or2_when1"])
    assert pre == ["hero(From)", "next(From, To)", "-wall(To)", "has_key", "-equal(From, To)",
                   "key(To)"]
    assert effects == ["-hero(From)", "hero(To)", "has_key"]
    pre, effects = _literals(by_name["step_or1_when2"])
    assert "-trap(To)" in pre and "-key(To)" in pre and "has_key" not in effects
    assert by_name["step_or1_when1"].cost == 2 and by_name["go_home"].cost == 1
    # `(= ?d home)` puts the constant in place of the variable, which is no parameter then.
    home = by_name["go_home"]
    assert [p.name for p in home.parameters] == ["C"] and _literals(home)[1][1] == "hero(home)"
    (skipped,) = reading.skipped
    assert str(skipped.position) == "tiny.pddl:20:2" and skipped.reason.startswith(
        "schema 'teleport' skipped: the effect") and "(forall)" in skipped.reason
    assert str(home.position) == "tiny.pddl:16:2"


def test_a_domain_unified_planning_cannot_parse_is_one_line_at_its_place() -> None:
    with pytest.raises(SchemaError) as caught:
        read_pddl_domain("(define (domain d)\n (:action a :parameters (?x)\n"
                         "  :precondition (and (p ?x) :effect (p ?x)))", "bad.pddl")
    message = str(caught.value)
    assert message.startswith("bad.pddl:3:") and "\n" not in message


def test_the_reader_is_chosen_by_content_not_by_name(tmp_path: Path) -> None:
    path = tmp_path / "model.md"
    path.write_text(DOMAIN, "utf-8")
    assert read_model_file(str(path)).notation == "pddl"


def test_our_pddl_domain_pairs_every_schema_of_our_model_and_builds_as_ours() -> None:
    # What `helltaker diff pddl/domain.pddl strips_model/helltaker.strips` and `compare`
    # do with the file, once (unified-planning takes seconds to parse it).
    reading = read_model_file(str(ROOT / "pddl" / "domain.pddl"))
    ours = helltaker_domain().schemas
    diff = diff_schemas(reading.schemas, ours)
    assert diff.identical and len(reading.schemas) == len(ours) == 17
    assert not reading.skipped
    model = compared_model(Report(reading.schemas, None, (), "domain.pddl"), "domain.pddl")
    assert isinstance(model, OurModel)


def test_a_durative_action_is_skipped_with_its_reason_not_a_traceback() -> None:
    from strips_model.reports.pddl_domain import read_pddl_domain

    text = ("(define (domain d) (:requirements :strips :durative-actions) (:predicates (p))\n"
            " (:action go :parameters () :precondition (p) :effect (not (p)))\n"
            " (:durative-action wait :parameters () :duration (= ?duration 1)\n"
            "  :condition (at start (p)) :effect (at end (not (p)))))\n")
    reading = read_pddl_domain(text, "d.pddl")
    assert [schema.name for schema in reading.schemas] == ["go"]
    (skipped,) = reading.skipped
    assert "'wait' skipped: a DurativeAction" in skipped.reason
