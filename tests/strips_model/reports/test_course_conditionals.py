"""Conditional effects compiled into cases, an implication in a precondition into
disjuncts (issue 33)."""

from __future__ import annotations

import pytest

from strips_model.reports.notation import read_model


def _read(text: str) -> list[tuple[str, list[str], list[str]]]:
    return [(schema.name, [str(lit) for lit in schema.preconditions],
             [str(lit) for lit in schema.effects])
            for schema in read_model(text, "m.txt").schemas]


@pytest.mark.parametrize("effect", [
    "at(y) ∧ (trap(y) => hurt)", "at(y), when trap(y) then hurt", "at(y) ∧ (when trap(y): hurt)",
    "at(y) et (si trap(y) alors hurt)"])
def test_a_conditional_effect_makes_one_schema_per_case(effect: str) -> None:
    assert _read(f"Move(x, y)\nPrecondition: at(x)\nEffect: {effect}\n") == [
        ("Move_when1", ["at(x)", "trap(y)"], ["at(y)", "hurt"]),
        ("Move_when2", ["at(x)", "-trap(y)"], ["at(y)"])]


def test_an_implication_in_a_precondition_is_a_disjunction() -> None:
    assert _read("Move(x, y)\nPrecondition: at(x) ∧ (key(x) => open(y))\nEffect: at(y)\n") == [
        ("Move_or1", ["at(x)", "-key(x)"], ["at(y)"]),
        ("Move_or2", ["at(x)", "open(y)"], ["at(y)"])]


def test_a_disjunctive_effect_of_a_conditional_is_skipped_with_the_edit() -> None:
    text = ("Move(x, y)\nPrecondition: at(x)\nEffect: (a(x) => b(x) ∨ c(x))\n\n"
            "Stay(x)\nPrecondition: at(x)\nEffect: at(x)\n")
    reading = read_model(text, "m.txt")
    assert [schema.name for schema in reading.schemas] == ["Stay"]
    (skipped,) = reading.skipped
    assert str(skipped).startswith("m.txt:3:")
    assert "write one conditional per disjunct" in skipped.reason


def test_the_cases_of_conditional_effects_are_counted_in_the_reading_summary() -> None:
    text = ("Move(x, y)\nPrecondition: at(x)\nEffect: at(y) ∧ (trap(y) => hurt)\n\n"
            "Stay(x)\nPrecondition: at(x)\nEffect: at(x)\n")
    counts = read_model(text, "m.txt").tally()
    assert (counts.schemas, counts.conditional_cases, counts.cases_split) == (3, 1, 0)
    assert counts.summary() == ("3 schemas read, 0 cases split, 0 disjunctions expanded, "
                                "0 lines skipped, 1 more from the cases of conditional "
                                "effects (`_whenK`)")
