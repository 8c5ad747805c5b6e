"""Minimum hitting sets drawn cheapest first, each blocked before the next."""

from __future__ import annotations

from translator.compare.repair.hitting import hitting_sets


def test_the_smallest_set_hitting_every_conflict_comes_first() -> None:
    conflicts = [frozenset({"a", "b"}), frozenset({"b", "c"}), frozenset({"c", "d"})]
    drawn = list(hitting_sets(conflicts))
    assert all(set(chosen) & conflict for chosen in drawn for conflict in conflicts)
    assert sorted(map(len, drawn)) == [len(d) for d in drawn]
    assert set(drawn[0]) in ({"b", "c"}, {"b", "d"}, {"a", "c"})
    assert len(set(drawn)) == len(drawn)


def test_an_empty_conflict_is_left_out_and_no_set_is_larger_than_asked() -> None:
    assert list(hitting_sets([frozenset(), frozenset({"x"})])) == [("x",)]
    assert list(hitting_sets([frozenset({"a"}), frozenset({"b"}), frozenset({"c"})])) == []
