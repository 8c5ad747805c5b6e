"""Conditional effects written one per line without parentheses around them,
`and C => (E)`, read as the parenthesised `(C => E)` is (formula_chains.py)."""

from __future__ import annotations

import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strips_model.reports.notation import read_model
from strips_model.reports.reading import skipped_schemas

_LETTERS = st.text(string.ascii_lowercase, min_size=2, max_size=6).filter(
    # Words the grammar knows as connectives, deletes or conditionals are no predicates.
    lambda name: name not in {"and", "et", "or", "ou", "not", "non", "clear", "del", "delete",
                              "when", "if", "si", "then", "alors", "quand", "supprimer"})


def _read(text: str) -> list[tuple[str, list[str], list[str]]]:
    reading = read_model(text, "m.txt")
    # Comments inside a schema are listed as lines skipped, never as a schema skipped.
    assert not skipped_schemas(reading.skipped), reading.skipped
    return [(schema.name, [str(lit) for lit in schema.preconditions],
             [str(lit) for lit in schema.effects]) for schema in reading.schemas]


FLIPS = """GoRight(x, y)
Precondition: hero(x, y) and plusOne(x, z)
Effect:
    # move the hero
    plusOne(x, z) and hero(z, y) and not hero(x, y)
    # flip the traps
    and lowered(a, b) => (not lowered(a, b) and raised(a, b))
    and raised(a, b) => (not raised(a, b) and lowered(a, b))
"""
PARENTHESISED = """GoRight(x, y)
Precondition: hero(x, y) and plusOne(x, z)
Effect: plusOne(x, z) and hero(z, y) and not hero(x, y)
    and (lowered(a, b) => not lowered(a, b) and raised(a, b))
    and (raised(a, b) => not raised(a, b) and lowered(a, b))
"""


def test_a_condition_on_its_own_line_leaves_the_lines_before_it_unconditional() -> None:
    read = _read(FLIPS)
    assert read == _read(PARENTHESISED)
    assert [name for name, _, _ in read] == [f"GoRight_when{k}" for k in range(1, 5)]
    assert all(effects[:3] == ["plusOne(x, z)", "hero(z, y)", "-hero(x, y)"]
               for _, _, effects in read)


@pytest.mark.parametrize(("effect", "condition"), [
    # On one line, the condition is all that stands before the arrow, as `C => E` always was.
    ("at(y) ∧ trap(y) => (hurt)", ["at(y)", "trap(y)"]),
    ("trap(y) => hurt ∧ at(y)", ["trap(y)"]),
    ("at(y) ∨ trap(y) => (hurt)", ["at(y)"]),
])
def test_the_readings_of_one_arrow_on_one_line_are_kept(effect: str,
                                                        condition: list[str]) -> None:
    read = _read(f"Move(x, y)\nPrecondition: at(x)\nEffect: {effect}\n")
    assert read[0][1][1:1 + len(condition)] == condition


def test_an_effect_in_parentheses_ends_its_conditional() -> None:
    assert _read("Move(x, y)\nPrecondition: at(x)\nEffect: trap(y) => (hurt) ∧ at(y)\n") == [
        ("Move_when1", ["at(x)", "trap(y)"], ["at(y)", "hurt"]),
        ("Move_when2", ["at(x)", "-trap(y)"], ["at(y)"])]


@pytest.mark.parametrize(("effect", "reason"), [
    ("a(y) => b(y) ∧ c(y) => (d(y))", "write each as `CONDITION => (EFFECT)`"),
    ("a(y) => (b(y)) => (d(y))", "with no condition before it"),
])
def test_a_chain_that_cannot_be_cut_is_skipped_with_the_edit(effect: str, reason: str) -> None:
    reading = read_model(f"Move(x, y)\nPrecondition: at(x)\nEffect: {effect}\n\n"
                         "Stay(x)\nPrecondition: at(x)\nEffect: at(x)\n", "m.txt")
    assert [schema.name for schema in reading.schemas] == ["Stay"]
    (skipped,) = reading.skipped
    assert str(skipped).startswith("m.txt:3:") and reason in skipped.reason


@st.composite
def _chains(draw: st.DrawFn) -> tuple[str, str]:
    """An effect with conditionals written `and C => (E)`, one per line, and the same
    effect with each written `(C => E)`."""
    names = draw(st.lists(_LETTERS, min_size=6, max_size=6, unique=True))
    literal = [f"{name}({draw(st.sampled_from(['x', 'y', 'a, b', 'x, y']))})" for name in names]
    negated = draw(st.sampled_from(["not ", "¬", "~"]))
    spaces = st.sampled_from(["", " ", "  ", "\t"])

    def conjunction(parts: list[str]) -> str:
        joined = parts[0]
        for part in parts[1:]:
            joined += draw(spaces) + draw(st.sampled_from(["and", "∧", ",", "&"])) + " " + part
        return joined

    always = conjunction(draw(st.lists(st.sampled_from(literal[:2]), min_size=1, max_size=2)))
    lines, parenthesised = [always], [always]
    for _ in range(draw(st.integers(1, 3))):
        condition = conjunction(draw(st.lists(st.sampled_from(literal[2:4]), min_size=1,
                                              max_size=2)))
        effect = conjunction([negated + literal[2], literal[draw(st.integers(4, 5))]])
        arrow = draw(st.sampled_from(["=>", "⇒", "→"]))
        lead = draw(st.sampled_from(["and ", "∧ ", ", ", "& ", ""]))
        lines.append(f"{draw(spaces)}{lead}{condition}{draw(spaces)} {arrow}{draw(spaces)}"
                     f"({draw(spaces)}{effect}{draw(spaces)})")
        parenthesised.append(f"and ({condition} => {effect})")
    if draw(st.booleans()):  # the literals that always hold written after the conditionals
        lines.append(f"and {literal[4]}")
        parenthesised.append(f"and {literal[4]}")
    return "\n".join(lines), "\n".join(parenthesised)


@settings(max_examples=40, deadline=None, derandomize=True)
@given(_chains())
def test_a_chain_reads_as_its_parenthesised_conditionals(chain: tuple[str, str]) -> None:
    written, parenthesised = chain
    header = "Move(x, y)\nPrecondition: at(x, y)\nEffect:\n"
    assert _read(header + written + "\n") == _read(header + parenthesised + "\n")
