"""Atoms looked up by columns of object numbers (translator/ground/sas_variables.py
`AtomTable`), for any number of arguments."""

from __future__ import annotations

import numpy as np

from translator.ground.sas_variables import AtomTable


def _columns(*columns: list[int]) -> list[np.ndarray]:
    return [np.array(column, dtype=np.int64) for column in columns]


def test_atoms_of_one_argument_are_found_by_object_number() -> None:
    table = AtomTable(1, [(2,), (0,)], [(5, 1), (7, 0)], object_count=4)
    variables, values = table.lookup(_columns([0, 1, 2, -1]), 4)
    assert variables.tolist() == [7, -1, 5, -1]
    assert values.tolist() == [0, -1, 1, -1]


def test_atoms_of_two_arguments_are_found_row_by_row() -> None:
    """Rows of no atom, and a constant that is no object (-1), answer -1."""
    table = AtomTable(2, [(0, 1), (1, 0), (2, 2)], [(0, 0), (0, 1), (3, 0)], object_count=3)
    variables, values = table.lookup(_columns([1, 0, 2, 0, -1], [0, 1, 2, 0, 2]), 5)
    assert variables.tolist() == [0, 0, 3, -1, -1]
    assert values.tolist() == [1, 0, 0, -1, -1]


def test_atoms_without_arguments_answer_every_row() -> None:
    table = AtomTable(0, [()], [(4, 1)], object_count=3)
    variables, values = table.lookup([], 2)
    assert (variables.tolist(), values.tolist()) == ([4, 4], [1, 1])
