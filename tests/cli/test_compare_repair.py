"""`helltaker compare --repair`: `repairs` in --json and the fixed file of --repair-out, on a
model without an Init and without a level (the probes alone: no planner)."""

from __future__ import annotations

import json
from pathlib import Path

from helpers import ROOT

from translator.cli.main import main

OUR_MODEL = ROOT / "strips_model" / "helltaker.strips"


def test_repair_json_and_repair_out_give_back_the_model(tmp_path: Path, capsys,
                                                        boards_off, probes_here) -> None:
    original = OUR_MODEL.read_text(encoding="utf-8")
    wrong = original.replace("    Effect: -hero(H), hero(N), has_key(K), won(G),",
                             "    Effect: -hero(H), hero(H), has_key(K), won(G),", 1)
    assert wrong != original
    student = tmp_path / "student.strips"
    student.write_text(wrong, encoding="utf-8")
    fixed = tmp_path / "fixed.strips"
    status = main(["compare", str(student), "--repair", "--json", "--repair-out", str(fixed),
                   "--jobs", "1"])
    record = json.loads(capsys.readouterr().out)
    assert status == 1
    top = record["repairs"][0]
    assert record["repair_reason"] is None  # a fix is shown
    assert (top["schema"], top["line"], top["verified"]) == ("step_calm", 62, True)
    assert top["edits"][0]["at"] == "line 62, step_calm, Effect: hero(H) → hero(N)"
    assert fixed.read_text(encoding="utf-8") == original


def test_repair_json_says_when_the_bound_ran_out_first(tmp_path: Path, capsys, boards_off,
                                                       probes_here) -> None:
    """A bound too short to check the cases gives no fix, and `repair_reason` names it."""
    wrong = OUR_MODEL.read_text(encoding="utf-8").replace(
        "    Effect: -hero(H), hero(N), has_key(K), won(G),",
        "    Effect: -hero(H), hero(H), has_key(K), won(G),", 1)
    student = tmp_path / "student.strips"
    student.write_text(wrong, encoding="utf-8")
    status = main(["compare", str(student), "--repair", "--json", "--repair-seconds", "0.001",
                   "--jobs", "1"])
    record = json.loads(capsys.readouterr().out)
    assert status == 1 and record["repairs"] == []
    assert record["repair_reason"].startswith("--repair-seconds ran out while the repair's "
                                              "evidence was built")
