"""The PDDL name rule (strips_model/pddl_names.py): lowercase ASCII, reversible, collision-free."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strips_model.pddl_names import original_name, pddl_symbol

# Names as students write them: any case, `_`, `-`, primes, digits, letters beyond ASCII.
NAMES = st.text(alphabet=st.sampled_from([*"aAbBxXyYzZ019_-'’é", "ï", "ß", "Ω", "中"]),
                min_size=1, max_size=12)
PDDL_NAME = re.compile(r"[a-z][a-z0-9_-]*")


@settings(derandomize=True, max_examples=150, deadline=None)
@given(NAMES)
def test_every_name_has_a_pddl_name_that_reads_back(name: str) -> None:
    symbol = pddl_symbol(name)
    assert PDDL_NAME.fullmatch(symbol), symbol
    assert original_name(symbol) == name


@settings(derandomize=True, max_examples=150, deadline=None)
@given(NAMES, NAMES)
def test_two_names_never_share_a_pddl_name(first: str, second: str) -> None:
    assert (pddl_symbol(first) == pddl_symbol(second)) == (first == second)


@pytest.mark.parametrize(("name", "symbol"), [
    ("step_calm", "step_calm"), ("goup", "goup"), ("goUp", "go-up"),
    ("Direction_Up", "x-direction_-up"), ("MouvD", "x-mouv-d"), ("push-rock", "push-45-rock"),
    ("clé", "cl-233-"), ("aClé", "a-cl-233-"), ("Y'", "x-y-39-"), ("xH", "x-120--h"),
    ("H", "x-h"), ("_a", "x-95-a"),
])
def test_the_documented_examples(name: str, symbol: str) -> None:
    assert pddl_symbol(name) == symbol and original_name(symbol) == name


@pytest.mark.parametrize("symbol", ["go-9", "x-", "go-1114112-", "a--b"])
def test_a_symbol_the_rule_never_writes_is_refused(symbol: str) -> None:
    with pytest.raises(ValueError, match="no PDDL name"):
        original_name(symbol)
