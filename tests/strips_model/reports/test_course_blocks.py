"""Clause layouts that stopped the reading (issue 33), each in a model of a few lines: every
one reads, with the schemas and literals written."""

from __future__ import annotations

import pytest

from strips_model.reports.notation import read_model
from strips_model.reports.reading import skipped_schemas


def _read(text: str) -> list[tuple[str, list[str], list[str]]]:
    reading = read_model(text, "m.txt")
    assert not skipped_schemas(reading.skipped), reading.skipped
    return [(schema.name, [str(lit) for lit in schema.preconditions],
             [str(lit) for lit in schema.effects]) for schema in reading.schemas]


def test_a_precondition_line_starting_with_a_comparison_is_read() -> None:
    text = ("MoveUp(x, y, t)\nConditions:\nt>0 ∧ man(x,y) ∧ succ(y,y')\nEffects:\n"
            "man(x,y') ∧ ¬man(x,y)\n")
    assert _read(text) == [("MoveUp", ["greater(t, 0)", "man(x, y)", "succ(y, y')"],
                            ["man(x, y')", "-man(x, y)"])]


@pytest.mark.parametrize("text", [
    "Action(Move(x), PRECOND: a(x), EFFECT: b(x))\n",
    "Action(Move(x),\n  PRECOND: a(x),\n  EFFECT: b(x))\n",
    "Move(x),\nPrecondition:\n  a(x),\nEffect:\n  b(x)\n",
    "Move(x)  // one move\nPrecondition: a(x)  # here\nEffect: b(x)  % done\n",
])
def test_a_comma_before_a_clause_keyword_and_comments_anywhere(text: str) -> None:
    assert _read(text) == [("Move", ["a(x)"], ["b(x)"])]


def test_a_word_connective_before_a_group_is_a_connective() -> None:
    text = "Push(x, y)\nPrecondition: man(x) and (rock(y) or mob(y))\nEffect: not man(x)\n"
    assert _read(text) == [("Push_or1", ["man(x)", "rock(y)"], ["-man(x)"]),
                           ("Push_or2", ["man(x)", "mob(y)"], ["-man(x)"])]


def test_action_alone_on_its_line_opens_the_next_schema() -> None:
    text = ("Action(\n  Move(x, y),\n  PRECOND: at(x) ∧ adj(x, y),\n  EFFECT: at(y))\n\n"
            "Action(\n  Kick(x, y),\n  PRECOND: at(x) ∧ mob(y),\n  EFFECT: ¬mob(y))\n")
    assert _read(text) == [("Move", ["at(x)", "adj(x, y)"], ["at(y)"]),
                           ("Kick", ["at(x)", "mob(y)"], ["-mob(y)"])]


def test_a_goal_block_after_a_schema_is_no_part_of_its_effect() -> None:
    text = "Move(x, y)\nPrecondition: at(x)\nEffect: at(y)\nBut(at(c1))\n"
    assert _read(text) == [("Move", ["at(x)"], ["at(y)"])]
