"""PDDL domains read as schemas (strips_model/reports/pddl_domain.py): each requirement the
issue lists compiled to plain schemas, what cannot be compiled listed with its position, what
a planner would refuse refused in one line at its place, and our own pddl/domain.pddl read as
exactly the schemas of strips_model/helltaker.strips."""

from __future__ import annotations

from pathlib import Path
from random import Random

import pytest
from helpers import ROOT
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strips_model.errors import InputError, SchemaError
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


def test_a_domain_that_does_not_parse_is_one_line_at_its_place() -> None:
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
    # do with the file.
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
    assert "'wait' skipped: a durative action" in skipped.reason
    assert str(skipped.position) == "d.pddl:3:2"


_BAD = "(define (domain d) (:types cell) (:constants home - cell) (:predicates (at ?c - cell))\n"


@pytest.mark.parametrize(("action", "at", "says"), [
    ("(:action go :parameters (?c - cell) :precondition (adj ?c) :effect (at ?c))",
     "(adj", "adj is no predicate of :predicates"),
    ("(:action go :parameters (?c - cell) :precondition (at ?c ?c) :effect (at ?c))",
     "(at ?c ?c", "at is declared with 1 argument(s), given 2"),
    ("(:action go :parameters (?c - cell) :precondition (at far) :effect (at ?c))",
     "far", "far is neither a parameter (?name) nor a constant of :constants"),
    ("(:action go :parameters (?c - room) :precondition (at ?c) :effect (at ?c))",
     "room", "room: no type of :types"),
    ("(:action go :parameters (?c - cell) :precondition (at ?d) :effect (at ?c))",
     "?d", "?d is no parameter of its action"),
    ("(:action go :parameters (?c - cell) :precondition (at ?c) :effect (at ?c))))",
     "))))", "a ')' closes no open parenthesis"),
    ("(:axiom go)", "(:axiom", ":axiom is no section of a PDDL domain"),
    ("(:action go :parameters (?c - cell) :pre (at ?c) :effect (at ?c))",
     ":pre", "an action holds :parameters, :precondition and :effect"),
])
def test_what_a_planner_would_refuse_is_one_line_at_its_place(action: str, at: str,
                                                              says: str) -> None:
    """unified-planning's reader refused these; the lark reader that replaced it must too,
    at the place of the fault (where unified-planning gave none for most)."""
    with pytest.raises(SchemaError) as caught:
        read_pddl_domain(_BAD + action + ")\n", "bad.pddl")
    message = str(caught.value)
    column = action.index(at) + 1 + (3 if at == "))))" else 0)
    assert message.startswith(f"bad.pddl:2:{column}: ") and says in message, message
    assert "\n" not in message


def test_a_parenthesis_never_closed_is_named_at_the_end() -> None:
    with pytest.raises(SchemaError) as caught:
        read_pddl_domain(_BAD + "(:action go :parameters (?c - cell) :effect (at ?c))\n",
                         "bad.pddl")
    assert str(caught.value).startswith("bad.pddl:2:") and \
        "a parenthesis opened is never closed" in str(caught.value)


def test_names_are_read_as_planners_read_them_and_each_literal_at_its_own_place() -> None:
    text = ("(define (domain D) (:predicates (At ?X) (Adj ?X ?Y))\n"
            " (:action Move :parameters (?X ?Y)\n"
            "  :precondition (and (At ?X) (Adj ?X ?Y))\n"
            "  :effect (and (not (AT ?X)) (at ?y))))\n")
    (schema,) = read_pddl_domain(text, "d.pddl").schemas
    assert schema.name == "move" and [p.name for p in schema.parameters] == ["X", "Y"]
    assert _literals(schema) == (["at(X)", "adj(X, Y)"], ["-at(X)", "at(Y)"])
    # Each literal at its own parenthesis: the deleted `at` is not the precondition's.
    assert [str(lit.position) for lit in (*schema.preconditions, *schema.effects)] == [
        f"d.pddl:{line + 1}:{column}" for line, column in
        ((2, text.split("\n")[2].index("(At") + 1), (2, text.split("\n")[2].index("(Adj") + 1),
         (3, text.split("\n")[3].index("(AT") + 1), (3, text.split("\n")[3].index("(at") + 1))]


_EDITS = st.tuples(st.integers(0, len(DOMAIN)), st.integers(0, 12),
                   st.sampled_from(("", "(", ")", " ", "?x", "- cell", "(and", "(not (p))", ";",
                                    ":effect", "(forall (?y) (hero ?y))", "(= ?x home)")))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_EDITS, min_size=1, max_size=4))
def test_a_domain_damaged_anywhere_is_read_or_refused_in_one_line(edits: list[tuple[int, int,
                                                                                    str]]) -> None:
    """Whatever a student's typing does to a domain, the reader answers with schemas or one
    line at a place of the file: never a traceback, never a message of several lines."""
    text = DOMAIN
    for start, length, inserted in edits:
        start = min(start, len(text))
        text = text[:start] + inserted + text[start + length:]
    try:
        reading = read_pddl_domain(text, "typed.pddl")
    except InputError as error:
        assert str(error).startswith("typed.pddl") and "\n" not in str(error)
    else:
        assert all(schema.position.source == "typed.pddl" for schema in reading.schemas)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32))
def test_a_domain_in_any_letter_case_reads_as_in_lowercase(seed: int) -> None:
    """PDDL is case-insensitive, as Fast Downward reads it: `(At ?X)` is `(at ?x)`."""
    random = Random(seed)
    shouted = "".join(char.upper() if random.random() < 0.5 else char for char in DOMAIN)
    assert [(s.name, _literals(s)) for s in read_pddl_domain(shouted, "t.pddl").schemas] == \
        [(s.name, _literals(s)) for s in read_pddl_domain(DOMAIN, "t.pddl").schemas]


def test_an_empty_list_is_an_empty_precondition_or_effect() -> None:
    text = ("(define (domain d) (:predicates (p))\n"
            " (:action go :parameters () :precondition () :effect (p))\n"
            " (:action wait :parameters () :precondition (p) :effect ()))\n")
    assert [(s.name, _literals(s)) for s in read_pddl_domain(text, "d.pddl").schemas] == [
        ("go", ([], ["p"])), ("wait", (["p"], []))]
