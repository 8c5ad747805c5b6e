"""strips_model/plain_values.py: plain values and named frozen dataclasses come back equal;
bytes that name a class not given, or are no JSON, are refused with NotPlainData."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from strips_model.errors import Position
from strips_model.plain_values import NotPlainData, decode, encode

_keys = st.one_of(st.text(max_size=4), st.integers(), st.tuples(st.integers()))
_leaves = st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=6),
                    st.floats(allow_nan=False, allow_infinity=False))
_values = st.recursive(_leaves, lambda inner: st.one_of(
    st.lists(inner, max_size=3),
    st.lists(inner, max_size=3).map(tuple),
    st.frozensets(st.one_of(st.integers(), st.text(max_size=3)), max_size=3),
    st.dictionaries(_keys, inner, max_size=3),
), max_leaves=12)


@given(_values)
def test_a_plain_value_comes_back_equal(value: object) -> None:
    assert decode(encode(value)) == value


def test_a_named_dataclass_comes_back_and_an_unnamed_one_is_refused() -> None:
    place = (Position("f", 1, 2), {"\u0001t": 1})
    data = encode(place)
    assert decode(data, {"Position": Position}) == place
    with pytest.raises(NotPlainData):
        decode(data)


@pytest.mark.parametrize("data", [
    pickle.dumps([1, 2]),
    b'{"\\u0001c": ["system", ["echo hi"]]}',
    b'{"\\u0001x": []}',
    b"[" * 100_000 + b"]" * 100_000,
], ids=["pickle", "unknown-class", "unknown-tag", "deep"])
def test_anything_else_is_refused(data: bytes) -> None:
    with pytest.raises(NotPlainData):
        decode(data)
