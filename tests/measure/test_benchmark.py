"""`helltaker bench`: the table, the JSON a script can compare, the scaling study's outputs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import ROOT

from strips_model.par import par_of_level
from translator.cli.main import main
from translator.measure.benchmark import PHASES

LEVEL = str(ROOT / "levels" / "lock_and_key.txt")


def test_bench_writes_markdown_and_stable_json(tmp_path: Path, capsys) -> None:
    assert main(["bench", LEVEL, "--planners", "search", "--repeat", "2", "--no-targets",
                 "--out", str(tmp_path)]) == 0
    printed = capsys.readouterr().out
    assert "| lock_and_key | search | 14 | 14 | 14 | yes | yes |" in printed
    data = json.loads((tmp_path / "bench.json").read_text("utf-8"))
    assert sorted(data) == ["machine", "repeat", "rows", "start_up", "targets"]
    assert data["repeat"] == 2 and data["targets"] == data["start_up"] == []
    assert {"cores", "cpu", "load_1_5_15"} <= set(data["machine"])
    (row,) = data["rows"]
    assert sorted(row) == sorted(["level", "source", "planner", "configuration", "status",
                                  "budget", "par", "cost", "valid", "optimal", "phases",
                                  "total", "counts", "published", "cpu"])
    assert (row["cost"], row["par"], row["valid"], row["optimal"]) == (14, 14, True, True)
    assert set(row["phases"]) <= set(PHASES)
    assert row["total"] >= sum(row["phases"].values()) - 1e-6 and row["cpu"] > 0
    assert (tmp_path / "bench.md").read_text("utf-8").strip() == printed.strip()


@pytest.mark.planner
def test_bench_times_every_fast_downward_phase(capsys) -> None:
    """Both grounding paths: clingo's grounding (fd) has a ground phase and no PDDL text;
    Fast Downward's translator (fd-translate) reads PDDL text and grounds inside translate."""
    assert main(["bench", LEVEL, "--planners", "fd,fd-translate", "--repeat", "1",
                 "--no-targets"]) == 0
    out = capsys.readouterr().out.splitlines()
    # "encode" belongs to the ASP and SAT back-ends, which write the task for their solver.
    absent = {"fd": {"encode", "pddl"}, "fd-translate": {"encode", "ground"}}
    for planner, missing in absent.items():
        row = next(line for line in out if line.startswith(f"| lock_and_key | {planner} |"))
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        phases = dict(zip(PHASES, cells[7:7 + len(PHASES)], strict=True))
        assert {name for name, value in phases.items() if value == "-"} == missing, row


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

    assert main(["bench", "--scaling", "--sizes", "6,7", "--open-sizes", "6",
                 "--time-limit", "30", "--out", str(tmp_path)]) == 0
    rows = json.loads((tmp_path / "scaling.json").read_text("utf-8"))
    engines = ["fd", "fd-translate", "search"]
    assert [(r["kind"], r["size"], r["engine"]) for r in rows] == \
        [(kind, size, engine) for kind, size in (("dense", 6), ("dense", 7), ("open", 6))
         for engine in engines]
    by_level: dict[tuple[str, int], set[int | None]] = {}
    for row in rows:
        assert row["status"] == "solved" and row["peak_mb"] > 0 and row["cpu"] > 0, row
        by_level.setdefault((row["kind"], row["size"]), set()).add(row["cost"])
    assert all(len(costs) == 1 for costs in by_level.values())  # every engine is optimal
    grounded = [r for r in rows if r["engine"] != "search"]
    assert all(r["microseconds_per_operator"] > 0 and r["operators"] > 0 for r in grounded)
    table = (tmp_path / "scaling.md").read_text("utf-8")
    assert "Grounding cost per operator" in table and "| x search |" in table
    with Image.open(tmp_path / "scaling.png") as image:
        assert image.size[0] > 300
    assert (tmp_path / "scaling.svg").read_text("utf-8").lstrip().startswith("<?xml")




def test_bench_regenerates_the_readme_block(tmp_path: Path, capsys) -> None:
    readme = tmp_path / "README.md"
    readme.write_text("# Title\n\n<!-- bench:start -->\nold figures\n<!-- bench:end -->\n\nEnd\n",
                      encoding="utf-8")
    assert main(["bench", LEVEL, "--planners", "search", "--repeat", "1", "--no-targets",
                 "--readme", str(readme)]) == 0
    text = readme.read_text("utf-8")
    assert "old figures" not in text and text.startswith("# Title") and text.endswith("End\n")
    block = text.split("<!-- bench:start -->")[1].split("<!-- bench:end -->")[0]
    assert "| search |" in block and "Median seconds per level (1 levels)" in block


def test_readme_without_the_block_is_refused_untouched(tmp_path: Path, capsys) -> None:
    readme = tmp_path / "README.md"
    readme.write_text("# Title, no markers\n", encoding="utf-8")
    assert main(["bench", LEVEL, "--planners", "search", "--repeat", "1", "--no-targets",
                 "--readme", str(readme)]) == 2
    assert "no block <!-- bench:start -->" in capsys.readouterr().err
    assert readme.read_text("utf-8") == "# Title, no markers\n"
