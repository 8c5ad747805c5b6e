"""The repair bench's count of fixes the former verifier accepted and the comparison on every
state of the levels and boards rejects (repair/every_state.py), in the table and the JSON."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from translator.measure.repair_bench import Outcome, bench_table
from translator.measure.repair_json import bench_json

_TAKEN_BACK = st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(0, 3)).map(
    lambda t: (t[0] + t[1] + t[2], t[1] + t[2], t[2]))
"""(rejected, unequal, formerly): each a part of the one before."""


def _outcome(kind: str, taken_back: tuple[int, int, int]) -> Outcome:
    rejected, unequal, formerly = taken_back
    return Outcome("m", kind, 1, False, True, True, True, True, True, True, 1, 1.0, 1.0,
                   rejected, unequal, formerly)


@given(st.lists(st.tuples(st.sampled_from(["argument", "predicate"]), _TAKEN_BACK),
                min_size=1, max_size=8))
def test_each_operator_sums_its_mutants_taken_back_in_the_table_and_the_json(
        drawn: list[tuple[str, tuple[int, int, int]]]) -> None:
    outcomes = [_outcome(kind, taken) for kind, taken in drawn]
    rows = {row["operator"]: row for row in bench_json(outcomes)}
    lines = {line.split(" | ")[0].removeprefix("| "): line.split(" | ")
             for line in bench_table(outcomes).splitlines() if line.startswith("| ")}
    for kind in {kind for kind, _ in drawn} | {"all single"}:
        mine = [taken for k, taken in drawn if kind in (k, "all single")]
        sums = [sum(taken[i] for taken in mine) for i in range(3)]
        assert [rows[kind]["rejected"], rows[kind]["unequal_on_a_state"],
                rows[kind]["formerly_verified"]] == sums
        assert list(map(int, lines[kind][9:12])) == sums
        assert rows[kind]["mutants"] == len(mine)
    assert "formerly verified" in bench_table(outcomes).splitlines()[0]
