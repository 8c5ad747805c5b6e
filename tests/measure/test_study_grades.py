"""The study's grades and level names (translator/measure/study_grades.py)."""

from __future__ import annotations

from translator.measure.study_grades import GRADES, grade_of, level_names


def test_grades_go_from_small_sparse_to_large_dense() -> None:
    assert (GRADES[0].size, GRADES[0].density) == (6, "sparse")
    assert (GRADES[-1].size, GRADES[-1].density) == (12, "dense")
    assert grade_of(1) == grade_of(1 + len(GRADES))
    # A larger study resumes from a smaller one's results: names do not depend on the count.
    assert level_names(1000)[:6] == level_names(6) == [f"p000{i}" for i in range(1, 7)]
