"""Why a clause cannot be read, in the course's words (strips_model/reports/formula_errors.py):
arithmetic between two terms (a direction as a vector, `R + DR`; a parity as `1 - P`) is said
to be unread arithmetic, never a literal whose `)` is missing, whatever the names and spaces."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from strips_model.reports.formula import read_formula
from strips_model.reports.formula_errors import FormulaError

# Words that are connectives elsewhere (`v`, `et`, `or`) are terms after an operator too.
_VARIABLE = st.sampled_from(["V", "ET", "OR"]) | st.from_regex(r"[A-Z][A-Z0-9]{0,2}",
                                                              fullmatch=True)
_SPACE = st.sampled_from(["", " ", "  "])


def _error(body: str) -> str:
    with pytest.raises(FormulaError) as refused:
        read_formula(body)
    return refused.value.message


@settings(max_examples=60, derandomize=True, deadline=None)
@given(first=_VARIABLE, second=_VARIABLE, left=_SPACE, right=_SPACE,
       sign=st.sampled_from(["+", "-"]))
def test_two_terms_added_are_unread_arithmetic(first: str, second: str, left: str,
                                                right: str, sign: str) -> None:
    assume(sign == "+" or bool(left + right))  # `A-B` is one name, as `push-rock` is
    expression = f"{first}{left}{sign}{right}{second}"
    message = _error(f"hero(R, C) ∧ lock({expression}, C) ∧ ¬haskey")
    assert message.startswith(f"arithmetic {expression!r} is not read"), message


def test_a_number_less_a_term_is_unread_arithmetic_and_a_cut_literal_still_cut() -> None:
    assert _error("¬turn(P) ∧ turn(1 - P)").startswith("arithmetic '1 - P' is not read")
    assert _error("at(X, Y) ∧ ¬lock(X") == "literal 'lock(X' is cut off: its ')' is missing"
    assert read_formula("at(X + 1, Y) ∧ ¬wall(X - 2, Y)")  # a number added is read


def test_a_literal_cut_off_before_a_negated_one_is_still_cut_off() -> None:
    """`-trap(` after a literal left open is a negation, not a term taken away."""
    assert _error("counter(C' -trap(TX, TY)") == "literal \"counter(C'\" is cut off: its ')' is " \
        "missing"
