"""`make operator-counts` (translator/measure/operator_counts.py): each level's ground task
before and after specialisation, written into its block of a markdown file."""

from __future__ import annotations

from pathlib import Path

from strips_model.level_file import parse_level
from translator.measure import operator_counts
from translator.measure.operator_counts import measure, table

ROOM = parse_level("room\n9\n######\n#H  S#\n#B  D#\n######\n")
"""No trap: one phase; no skeleton and no lock: their schemas go."""


def test_a_level_without_traps_has_fewer_operators_after() -> None:
    [row] = measure([("room", ROOM)])
    assert row.after.operators < row.before.operators
    assert row.after.ground_actions * 2 == row.before.ground_actions
    assert "one phase" in row.specialised and "schemas dropped" in row.specialised
    assert f"| room | {len(ROOM.open_cells())} | {row.before.ground_actions} -> " in table([row])
    assert row.before.cnf is not None and row.after.cnf is not None
    assert row.after.cnf[1] < row.before.cnf[1]
    assert f"| {row.before.cnf[1]} -> {row.after.cnf[1]} |" in table([row])


def test_the_block_is_replaced_in_place(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(operator_counts, "SCALING", ())
    page = tmp_path / "page.md"
    page.write_text("# Page\n<!-- operators:start -->\nold\n<!-- operators:end -->\nEnd\n",
                    encoding="utf-8")
    classic = tmp_path / "classic"
    classic.mkdir()
    (classic / "level1.txt").write_text("room\n9\n######\n#H  S#\n#B  D#\n######\n",
                                        encoding="utf-8")
    assert operator_counts.main(["--classic", str(classic), "--readme", str(page)]) == 0
    text = page.read_text(encoding="utf-8")
    assert "old" not in text and "| level1 | 7 |" in text and text.endswith("End\n")
