"""translator/runtime/terminal.py: the results table of `helltaker solve --table`."""

from __future__ import annotations

import io

from translator.runtime.terminal import print_table, table_text

HEADER = ("level", "budget", "cost", "par", "plan", "seconds")


def test_columns_are_left_aligned_two_spaces_apart_under_a_rule_of_dashes() -> None:
    rows = [("levels/level1.txt", "23", "23", "23", "dlddllllldlddrruurrrrdr", "0.41"),
            ("levels/x.txt", "5", "-", "-", "-", "1.00")]
    assert table_text(HEADER, rows) == (
        "level              budget  cost  par  plan                     seconds\n"
        "-----------------  ------  ----  ---  -----------------------  -------\n"
        "levels/level1.txt  23      23    23   dlddllllldlddrruurrrrdr  0.41\n"
        "levels/x.txt       5       -     -    -                        1.00\n"
    )


def test_no_trailing_spaces_no_wrapping_and_no_markup() -> None:
    long_plan = "r" * 400
    rows = [("[bold]a[/bold]", "1", "", "", long_plan, "")]
    lines = table_text(HEADER, rows).splitlines()
    assert all(line == line.rstrip() for line in lines)
    assert len(lines) == 3
    assert lines[2].startswith("[bold]a[/bold]  1") and lines[2].endswith(long_plan)


def test_prints_on_the_given_file() -> None:
    out = io.StringIO()
    print_table(("a", "b"), [("x", "y")], out)
    assert out.getvalue() == "a  b\n-  -\nx  y\n"
