"""`helltaker compare` end to end: exit statuses, the JSON object, the markdown file, errors."""

from __future__ import annotations

import contextlib
import io
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from helpers import ROOT, check_probes_here, leave_out_boards, shared_path

from strips_model.schema import helltaker_domain
from translator.cli.main import main

REPORT = "seeds/001_1103b020ed6d817c.txt"
OUR_MODEL = str(ROOT / "strips_model" / "helltaker.strips")
CORRIDOR = "Corridor\n3\n#####\n#H  D\n#####\n"


@pytest.fixture
def corridor(tmp_path: Path) -> str:
    path = tmp_path / "corridor.txt"
    path.write_text(CORRIDOR, "utf-8")
    return str(path)


@dataclass(frozen=True)
class Departing:
    """Seed 001's model compared on the corridor: `compare REPORT CORRIDOR --json -o FILE.md
    --planner search --jobs 2`, run once for the JSON and the markdown tests (a comparison
    costs seconds)."""

    status: int
    record: dict[str, Any]
    markdown: str


@pytest.fixture(scope="module")
def departing(tmp_path_factory: pytest.TempPathFactory) -> Departing:
    """Neither test is about the generated boards nor the probes' children: left out."""
    folder = tmp_path_factory.mktemp("departing")
    corridor = folder / "corridor.txt"
    corridor.write_text(CORRIDOR, "utf-8")
    target = folder / "compare.md"
    out = io.StringIO()
    with pytest.MonkeyPatch.context() as patch, contextlib.redirect_stdout(out), \
            contextlib.redirect_stderr(io.StringIO()):
        leave_out_boards(patch)
        check_probes_here(patch)
        status = main(["compare", str(shared_path(REPORT)), str(corridor), "--json", "-o",
                       str(target), "--planner", "search", "--jobs", "2"])
    return Departing(status, json.loads(out.getvalue()), target.read_text("utf-8"))


@pytest.mark.planner
def test_json_has_its_keys_and_the_report_departs(departing: Departing) -> None:
    result = departing.record
    assert departing.status == 1
    assert list(result) == ["schemas", "lint", "levels", "coverage", "lint_groups", "skipped",
                            "defect", "cause", "vocabulary", "boards", "reading"]
    vocabulary = result["vocabulary"]
    assert vocabulary["roles"]["hero"] == "helltaker" and vocabulary["inferred"]
    assert result["reading"]["schemas"] == 108 and result["reading"]["notation"] == "course"
    assert result["schemas"] == 108
    (level,) = result["levels"]
    # A corridor without traps: the report's model solves it like the game (a phantom trap
    # stands in for the two its actions need).
    assert level["report"]["status"] == "solved" and level["report"]["valid"] is True
    assert level["ours"]["game_cost"] == level["report"]["game_cost"] == 2
    assert any("phantom trap" in note for note in level["notes"])
    assert {rule["rule"] for rule in result["coverage"] if not rule["expressed"]} >= {
        "E1", "E5", "E9", "R-E1"}
    assert any(f["schema"] == "rockKillUpWhileOnTrap" for f in result["lint"])


@pytest.mark.planner
def test_our_own_model_as_report_finds_no_divergence(corridor: str, tmp_path: Path,
                                                     capsys) -> None:
    target = tmp_path / "out" / "compare.md"
    status = main(["compare", OUR_MODEL, corridor, "-o", str(target), "--jobs", "1"])
    assert status == 0
    assert capsys.readouterr().out.strip() == str(target)
    text = target.read_text("utf-8")
    assert "no divergence from the game found" in text
    count = len(helltaker_domain().schemas)
    assert f"| schemas | {count} | {count} |" in text
    assert "No finding." in text
    # The generated boards are compared too (the other tests here leave them out), each group
    # equal to the game.
    boards = text.split("## Boards per mechanic and pair of mechanics")[1].split("\n## ")[0]
    assert "| yes |" in boards and "| **no** |" not in boards and "| not run |" not in boards


@pytest.mark.planner
def test_markdown_has_the_side_by_side_table(departing: Departing) -> None:
    assert departing.status == 1
    out = departing.markdown
    # What was read comes first (issue 22 item 3).
    assert out.split("\n")[2] == (f"Read from {shared_path(REPORT)}: 108 schemas read, 0 cases "
                                  "split, 0 disjunctions expanded, 11 lines skipped.")
    for heading in ("## Summary", "## Side by side", "## Lint", "## Levels", "## Rule coverage"):
        assert heading in out
    for row in ("| schemas | 108 |", "| ground actions", "| PDDL size", "| solve time",
                "| levels solved | 1/1 | 1/1 |", "| plans valid in the game | 1/1 | 1/1 |"):
        assert row in out, row
    assert "### E1: skeleton kicked onto static spikes" in out


def test_a_schema_syntax_error_is_one_line_with_its_position(tmp_path: Path, capsys) -> None:
    report = tmp_path / "broken.md"
    report.write_text("# A report\n\n    go(X)\n        Precondition : at(X\n"
                      "        Effect : -at(X)\n", "utf-8")
    assert main(["compare", str(report)]) == 2
    error = capsys.readouterr().err.strip()
    # The literal the text cuts off is named where it starts (notation.py reads leniently).
    assert error.startswith(f"helltaker: {report}:4:24: no schema could be read") \
        and "'at(X' is cut off" in error and "\n" not in error


def test_a_model_in_another_vocabulary_is_linted_not_run(tmp_path: Path, capsys) -> None:
    # Once exit 2; now the schemas were read, so they are linted and reported (exit 1).
    model = tmp_path / "other.strips"
    model.write_text("move(X, Y)\n  Precondition: pos(X)\n  Effect: -pos(X), pos(Y)\n", "utf-8")
    assert main(["compare", str(model), "--jobs", "1"]) == 1
    err = capsys.readouterr().err
    assert "no predicate reads as the hero" in err and "--vocabulary-out" in err
    # A hero with a place, but no way to step coordinates: the inferred vocabulary says so.
    model.write_text("move(X, Y, Z)\n  Precondition: at(X, Y)\n  Effect: -at(X, Y), at(X, Z)\n",
                     "utf-8")
    assert main(["compare", str(model), "--jobs", "1"]) == 1
    assert "which names no successor relation" in capsys.readouterr().err


def test_without_levels_nor_init_only_the_lint_and_probes_run(capsys, boards_off,
                                                              probes_here) -> None:
    # Once exit 2; now our model, with no level to run, is linted and probed (exit 0).
    assert main(["compare", OUR_MODEL, "--jobs", "1"]) == 0
    assert "no LEVEL given" in capsys.readouterr().err


def test_help_explains_the_vocabularies_and_exit_statuses(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["compare", "--help"])
    out = capsys.readouterr().out
    assert "inferred from the\nschemas" in out and "exit status: 0 no divergence" in out


@pytest.mark.planner
def test_a_planner_timeout_is_exit_3(corridor: str, capsys, boards_off) -> None:
    assert main(["compare", str(shared_path(REPORT)), corridor, "--timeout", "0.001",
                 "--json", "--jobs", "1"]) == 3
    (level,) = json.loads(capsys.readouterr().out)["levels"]
    assert "timeout" in (level["report"]["status"], level["ours"]["status"])
