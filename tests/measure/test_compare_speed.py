"""translator/measure/compare_speed.py: `helltaker bench --compare-models`, one model compared
on levels as fresh processes, its wall and CPU seconds, the median against issue 33's goal.
No assertion on how fast anything is: only on what is measured and reported."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from helpers import ROOT

from translator.measure.compare_speed import (
    GOAL_SECONDS,
    ModelTime,
    bench_models,
    speed_markdown,
    time_compare,
)

TINY = "tiny\n3\n#####\n#H D#\n#   #\n#####\n"


def test_the_models_are_the_test_models_then_the_samples(monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    monkeypatch.chdir(ROOT)
    models = bench_models()
    tests = sorted(str(path.relative_to(ROOT)) for path in
                   (ROOT / "tests" / "strips_model" / "reports" / "models").iterdir())
    assert models[:len(tests)] == tests
    assert all("sample-" in os.path.basename(path) for path in models[len(tests):])


def test_the_median_decides_the_goal() -> None:
    rows = [ModelTime("a", 4.0, 6.0, 1), ModelTime("b", 30.0, 50.0, 1),
            ModelTime("c", 9.0, 12.0, 0)]
    text = speed_markdown(rows, ["l1.txt", "l2.txt"], 3, 2)
    assert "| b | 30.00 | 50.00 | 1 |" in text
    assert "| **median** | **9.00** | **12.00** | |" in text
    assert f"Median wall 9.00 s against the goal of {GOAL_SECONDS:g} s: met." in text
    slow = speed_markdown([*rows, ModelTime("d", 11.0, 1.0, 1)], ["l1.txt"], 1, 2)
    assert "Median wall 10.00 s" in slow and ": met." in slow
    slower = speed_markdown([*rows[1:], ModelTime("d", 11.0, 1.0, 1)], ["l1.txt"], 1, 2)
    assert "Median wall 11.00 s" in slower and ": not met." in slower


@pytest.mark.planner
def test_a_compare_process_is_timed_with_its_children(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    level = tmp_path / "tiny.txt"
    level.write_text(TINY, encoding="utf-8")
    row = time_compare("tests/strips_model/reports/models/m1_ours.txt", [str(level)], 1)
    assert row.model.endswith("m1_ours.txt") and row.exit_code in (0, 1)
    # The compare process forks its workers and our model's planner: their CPU is counted.
    assert row.wall > 0 and row.cpu > 0


def test_the_bench_refuses_a_readme_for_the_compare_speed(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from translator.cli.main import main

    monkeypatch.chdir(ROOT)
    assert main(["bench", "--compare-models", "--readme", "README.md"]) == 2
    assert "not --compare-models" in capsys.readouterr().err
