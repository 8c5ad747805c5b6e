"""`helltaker bench`: the table, the JSON a script can compare, the scaling study's outputs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import ROOT

from translator.bench.benchmark import PHASES
from translator.bench.par import par_of_level
from translator.cli.main import main

LEVEL = str(ROOT / "levels" / "lock_and_key.txt")


def test_bench_writes_markdown_and_stable_json(tmp_path: Path, capsys) -> None:
    assert main(["bench", LEVEL, "--planners", "search", "--repeat", "2", "--no-targets",
                 "--out", str(tmp_path)]) == 0
    printed = capsys.readouterr().out
    assert "| lock_and_key | search | 14 | 14 | 14 | yes | yes |" in printed
    data = json.loads((tmp_path / "bench.json").read_text("utf-8"))
    assert sorted(data) == ["machine", "repeat", "rows", "targets"]
    assert data["repeat"] == 2 and data["targets"] == []
    assert {"cores", "cpu", "load_1_5_15"} <= set(data["machine"])
    (row,) = data["rows"]
    assert sorted(row) == sorted(["level", "source", "planner", "configuration", "status",
                                  "budget", "par", "cost", "valid", "optimal", "phases",
                                  "total", "counts", "published"])
    assert (row["cost"], row["par"], row["valid"], row["optimal"]) == (14, 14, True, True)
    assert set(row["phases"]) <= set(PHASES) and row["total"] >= sum(row["phases"].values())
    assert (tmp_path / "bench.md").read_text("utf-8").strip() == printed.strip()


@pytest.mark.planner
def test_bench_times_every_fast_downward_phase(capsys) -> None:
    assert main(["bench", LEVEL, "--planners", "fd", "--repeat", "1", "--no-targets"]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines()
               if line.startswith("| lock_and_key | fd |"))
    cells = [cell.strip() for cell in row.strip("|").split("|")]
    phases = dict(zip(PHASES, cells[7:7 + len(PHASES)], strict=True))
    # "encode" belongs to the ASP and SAT back-ends, which write the task for their solver.
    assert all(value != "-" for name, value in phases.items() if name != "encode"), row


def test_par_comes_from_par_md_for_shared_levels(tmp_path: Path) -> None:
    (tmp_path / "levels" / "tests").mkdir(parents=True)
    (tmp_path / "PAR.md").write_text("| file | budget | par |\n|---|---|---|\n"
                                     "| tests/x.txt | 9 | 7 |\n", encoding="utf-8")
    level = tmp_path / "levels" / "tests" / "x.txt"
    assert par_of_level(str(level)) == 7
    assert par_of_level(str(tmp_path / "levels" / "tests" / "y.txt")) is None


def test_bench_rejects_unknown_planners(capsys) -> None:
    assert main(["bench", LEVEL, "--planners", "nope"]) == 2
    assert "unknown planner" in capsys.readouterr().err


@pytest.mark.planner
def test_scaling_study_writes_table_and_plots(tmp_path: Path, capsys) -> None:
    from PIL import Image

    assert main(["bench", "--scaling", "--sizes", "6,7", "--time-limit", "30",
                 "--out", str(tmp_path)]) == 0
    rows = json.loads((tmp_path / "scaling.json").read_text("utf-8"))
    assert [(r["size"], r["engine"]) for r in rows] == [(6, "fd"), (6, "search"), (7, "fd"),
                                                        (7, "search")]
    by_size: dict[int, set[int | None]] = {}
    for row in rows:
        by_size.setdefault(row["size"], set()).add(row["cost"])
    assert all(len(costs) == 1 for costs in by_size.values())  # both engines are optimal
    with Image.open(tmp_path / "scaling.png") as image:
        assert image.size[0] > 300
    assert (tmp_path / "scaling.svg").read_text("utf-8").lstrip().startswith("<?xml")
    assert "| 6x6 |" in capsys.readouterr().out
