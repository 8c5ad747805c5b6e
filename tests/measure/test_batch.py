"""The loop of every measurement (translator/measure/batch.py): results and exceptions as the
items finish, labelled items one at a time, in order."""

from __future__ import annotations

import pytest

from translator.measure.batch import measure_items


def _half(value: int) -> float:
    if value == 3:
        raise ValueError("three")
    return value / 2


def test_results_and_exceptions_come_with_their_index() -> None:
    finished = dict(measure_items(_half, [2, 3, 4], jobs=2))
    assert (finished[0], finished[2]) == (1.0, 2.0)
    assert isinstance(finished[1], ValueError)


def test_labelled_items_run_here_in_order() -> None:
    seen: list[int] = []

    def record(value: int) -> int:
        seen.append(value)  # in this process: the list is this test's
        return value

    results = [result for _, result in measure_items(record, [3, 1, 2], label=str,
                                                     failed=lambda result: result == 1)]
    assert results == seen == [3, 1, 2]
    with pytest.raises(ValueError, match="one at a time"):
        list(measure_items(record, [1], jobs=2, label=str))


def test_no_items_is_no_result() -> None:
    assert list(measure_items(_half, [])) == []
