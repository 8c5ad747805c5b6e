"""translator/measure/start_up.py: the bench's start-up phase, fresh processes timed from
outside, the level's own work taken from the process's JSON record; its targets and its
table in the report."""

from __future__ import annotations

from pathlib import Path

import pytest

from strips_model.errors import RunError
from translator.measure.bench_report import BenchReport, readme_summary, report_markdown
from translator.measure.speed_targets import start_up_targets
from translator.measure.start_up import StartUp, _level_seconds, measure_start_up

TINY = "tiny\n3\n#####\n#H D#\n#   #\n#####\n"


def test_fresh_processes_split_into_start_up_and_the_levels_work(tmp_path: Path) -> None:
    level = tmp_path / "tiny.txt"
    level.write_text(TINY, encoding="utf-8")
    python, helps, default, solve, validate, show, compare = measure_start_up(
        str(level), ["search"], 1)
    assert python.command == "python -c pass" and python.level_work is None
    assert python.start_up == python.process > 0 and python.times_python == 1.0
    assert helps.command == "helltaker --help" and helps.start_up == helps.process
    assert default.command == f"helltaker solve --optimal --json {level}"
    assert solve.command == f"helltaker solve --optimal --json --planner search {level}"
    for timed in (default, solve, compare):
        assert timed.level_work is not None and 0 <= timed.level_work < timed.process
        assert timed.start_up == pytest.approx(timed.process - timed.level_work)
    # The plan the default found, validated and shown: a replay, counted in the start-up.
    assert validate.command == f"helltaker validate {level} r"
    assert show.command == f"helltaker show {level} --plan r"
    assert validate.level_work is None and validate.start_up == validate.process
    assert validate.times_python == pytest.approx(validate.start_up / python.start_up)


def test_targets_and_tables_of_the_start_up() -> None:
    rows = [StartUp("python -c pass", 0.03, None, 0.03),
            StartUp("helltaker --help", 0.07, None, 0.07),
            StartUp("helltaker solve --optimal --json --planner fd L", 0.2, 0.05, 0.15),
            StartUp("helltaker solve --optimal --json L", 0.2, 0.1, 0.1, 0.1 / 0.03),
            StartUp("helltaker validate L rr", 0.08, None, 0.08, 0.08 / 0.03)]
    targets = start_up_targets(rows)
    assert [(target.goal, target.measured, target.met) for target in targets] == \
        [(0.08, 0.07, True), (0.15, 0.2, False), (3.0, 0.1 / 0.03, False),
         (3.0, 0.08 / 0.03, True)]
    report = BenchReport({"cores": 2, "cpu": "x", "python": "3", "load_1_5_15": [0, 0, 0]},
                         1, [], targets, rows)
    for text in (report_markdown(report), readme_summary(report)):
        assert "| `helltaker solve --optimal --json --planner fd L` | 0.200 | 0.050 | 0.150 |" \
            in text
        assert "| `python -c pass` | 0.030 | - | 0.030 | - |" in text
        assert "| `helltaker validate L rr` | 0.080 | - | 0.080 | 2.7x |" in text


def test_a_solve_without_its_record_is_a_run_error() -> None:
    assert _level_seconds('noise\n{"level": "x", "seconds": 0.25}\n', "c") == 0.25
    with pytest.raises(RunError, match="no JSON record"):
        _level_seconds("Traceback: boom\n", "c")


@pytest.mark.planner
def test_autos_target_is_its_worst_ratio_to_the_faster_planner(tmp_path: Path) -> None:
    """Issue 43's goal as a bench row: auto, fd and search timed as fresh processes taking
    turns on each level; the measure is the worst level's auto over the faster of the two."""
    from translator.measure.speed_targets import auto_target

    level = tmp_path / "tiny.txt"
    level.write_text(TINY, encoding="utf-8")
    target = auto_target([str(level)], 1)
    assert target.name.endswith("worst classic level (tiny)")
    assert target.measured > 0 and target.goal == 1.0 and target.unit == "x"
    assert target.met is (target.measured <= 1.0)
