"""strips_model/nesting.py: a text nested past its language's limit is bad input at the
bracket that goes too deep, before a recursive reader sees it; brackets in strings and
comments do not count, and any nesting within the limit passes."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from strips_model.errors import InputError
from strips_model.nesting import PDDL_NESTING, TOML_NESTING, check_nesting


@pytest.mark.parametrize(("text", "place"), [
    ("x = " + "[" * 500 + "]" * 500 + "\n", "f:1:37"),
    ("a = 1\nx = [\n" + "{\n" * 40, "f:34:1"),
])
def test_too_deep_is_bad_input_at_the_bracket(text: str, place: str) -> None:
    with pytest.raises(InputError) as raised:
        check_nesting(text, "f", TOML_NESTING)
    assert str(raised.value) == f"{place}: arrays and inline tables nested more than 32 deep"


@pytest.mark.parametrize("text", [
    'a = "' + "[" * 100 + '"\n',
    "a = '" + "{" * 100 + "'\n",
    '# ' + "[" * 100 + "\nb = [[1]]\n",
    'c = """\n' + "[" * 100 + '\n"""\nd = [1]\n',
    "e = [" + "[1], " * 1000 + "]\n",
])
def test_brackets_in_strings_and_comments_or_side_by_side_pass(text: str) -> None:
    check_nesting(text, "f", TOML_NESTING)


@given(st.integers(0, 150))
def test_pddl_nesting_passes_exactly_up_to_the_limit(depth: int) -> None:
    text = "; ((((((\n" + "(" * depth + ")" * depth
    if depth <= PDDL_NESTING.limit:
        check_nesting(text, "d.pddl", PDDL_NESTING)
    else:
        with pytest.raises(InputError, match=r"^d.pddl:2:101: parentheses nested more than"):
            check_nesting(text, "d.pddl", PDDL_NESTING)
