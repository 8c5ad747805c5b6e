"""Fast Downward's one runner (translator/planners/fd_search.py): a plan of a PDDL task, its
failures as statuses, within the time given."""

from __future__ import annotations

import pytest
from helpers import make_level

from strips_model.schema import helltaker_domain
from translator.model.level_facts import level_facts
from translator.model.pddl_text import domain_text, problem_text
from translator.planners.fast_downward import blind_search_configuration
from translator.planners.fd_search import plan_pddl, refusal
from translator.planners.outcome import Status

pytestmark = pytest.mark.planner

ROOM = """\
    #######
    #H B  #
    #    D#
    #######
    """
"""Kick the boulder on, walk round it: 4 moves."""


def _texts(budget: int) -> tuple[str, str, str]:
    level = make_level(ROOM, budget=budget)
    domain = helltaker_domain()
    return (domain_text(domain), problem_text(domain, level_facts(level), level.name),
            blind_search_configuration(budget))


def test_a_plan_of_the_task_within_its_budget() -> None:
    planned = plan_pddl(*_texts(6), None)
    assert planned.status is Status.SOLVED and planned.steps
    assert planned.operators is not None and planned.operators > 0
    assert all(name == name.lower() for name, _ in planned.steps)


def test_a_budget_too_small_is_a_proof() -> None:
    planned = plan_pddl(*_texts(3), None)
    assert planned.status is Status.UNSOLVABLE and planned.steps is None


def test_no_time_left_after_translating_starts_no_search() -> None:
    planned = plan_pddl(*_texts(6), 0.0)
    assert planned.status is Status.TIMEOUT and planned.steps is None


def test_text_the_translator_cannot_read_is_an_error_with_its_exit_code() -> None:
    planned = plan_pddl("(define (domain d)", "(define (problem p)", "astar(blind())", None)
    assert planned.status is Status.ERROR and planned.steps is None
    assert planned.log_tail.startswith("exit code 31\ntranslator: ")
    assert planned.refused is not None  # the text is ours: its caller says so as its own bug


SHORT_DOMAIN = """(define (domain d) (:requirements :strips :typing) (:types num)
  (:predicates (cle ?x - num ?y - num ?s - num) (at ?x - num))
  (:action go :parameters (?x - num) :precondition (at ?x) :effect (not (at ?x))))"""
SHORT_PROBLEM = """(define (problem p) (:domain d) (:objects n1 n2 true - num)
  (:init (at n1) (cle n2 n1)) (:goal (not (at n1))))"""
"""A key written without its state where the domain declares one (the Init of a key with a
state, `cle(x, y, true)`, written by a vocabulary that gives it none)."""


def test_a_literal_of_another_arity_is_named_with_both_arities() -> None:
    planned = plan_pddl(SHORT_DOMAIN, SHORT_PROBLEM, "astar(blind())", None)
    assert planned.status is Status.ERROR and planned.steps is None
    assert planned.refused == "cle n2 n1 has 2 arguments where the domain declares 3"


def test_a_refusal_not_of_arity_keeps_its_last_two_lines() -> None:
    assert refusal("Error: Could not parse domain file\nReason: Missing ')'") == \
        "Error: Could not parse domain file; Reason: Missing ')'"
