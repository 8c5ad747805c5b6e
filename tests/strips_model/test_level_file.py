"""The level grammar of RULES.md section 1 (F1-F5): shared files, bad input, accepted variants."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from helpers import (
    make_level,
    shared_level,
    shared_level_files,
    shared_params,
    shared_path,
)

from strips_model.errors import HelltakerError, LevelError
from strips_model.level_file import format_level, level_from_rows, load_level, parse_level
from strips_model.moves import Direction
from strips_model.simulator import NotAnAction, Obstacle, step

# ---------------------------------------------------------------------------------------------
# Every shared level


@pytest.mark.parametrize("relpath", shared_params(shared_level_files()))
def test_every_shared_level_parses_and_round_trips(relpath: str) -> None:
    """F1-F4: each shared file parses, and writing the parsed level gives back its grid rows."""
    path = shared_path(f"levels/{relpath}")
    level = load_level(str(path))
    lines = path.read_text("utf-8").removeprefix("\ufeff").splitlines()
    assert level.title == lines[0].strip()
    assert level.budget == int(lines[1])
    grid = [line.rstrip() for line in lines[2:] if line.strip()]
    width = max(len(row) for row in grid)
    assert (level.height, level.width) == (len(grid), width)
    assert format_level(level).split("\n")[2:-1] == grid
    # F5 on real data: exactly one hero (on an open cell), at least one demon.
    assert level.is_open(level.start.hero)
    assert level.demons
    assert level.start.parity == 0 and not level.start.has_key
    assert level.start.lock_closed == (level.lock is not None)


def test_level_budgets_match_the_level_table(level_case) -> None:
    """F1: the budget line of each file is the budget PAR.md (shared levels) or the table of
    our levels lists for it."""
    assert load_level(str(level_case.path)).budget == level_case.budget


def test_level1_cells_by_hand() -> None:
    """F2/F4 on classic level 1, read by eye: (row, column), row 0 = first grid row.

         ###        row 0
      ### H#        row 1: hero at column 6
     #  M  #        row 2: skeleton at column 4
     # M M#         row 3: skeletons at 3 and 5
    #  ####
    # B  B #        row 5: boulders at 2 and 5
    # B B  D#       row 6: boulders at 2 and 4, demon at 7
    #########
    """
    level = shared_level("levels/classic/level1.txt")
    assert level.title == "Level 1"
    assert level.budget == 23
    assert (level.height, level.width) == (8, 9)
    assert level.start.hero == (1, 6)
    assert level.demons == {(6, 7)}
    assert level.start.skeletons == {(2, 4), (3, 3), (3, 5)}
    assert level.start.boulders == {(5, 2), (5, 5), (6, 2), (6, 4)}
    assert level.key is None and level.lock is None
    # F3: row 0 is shorter than the widest row; its padding is floor, beyond the grid is wall.
    assert (0, 8) not in level.walls and level.is_open((0, 8))
    assert not level.is_open((0, 9)) and not level.is_open((-1, 0))


def test_composite_symbols() -> None:
    """F4: O, P, Q are a boulder on spikes, on a lowered trap, on a raised trap."""
    level = make_level("""
        #HOPQTUS D#
        """)
    assert level.spikes == {(0, 2), (0, 7)}
    assert level.traps_lowered == {(0, 3), (0, 5)}
    assert level.traps_raised == {(0, 4), (0, 6)}
    assert level.start.boulders == {(0, 2), (0, 3), (0, 4)}


# ---------------------------------------------------------------------------------------------
# Bad input: one error, one line, `source:line:col: message`


LEVEL_ERRORS = [
    # F4/F5: a symbol outside the table is named, with its line and column.
    pytest.param("t\n5\n#H D#\n#X  #\n",
                 "x.txt:4:2: unknown character 'X' in the grid; "
                 "expected one of 'HD# BKLMSTUPQO' (F4)", id="unknown-character"),
    # F1/F4: blank lines do not shift the reported line; lowercase letters are unknown.
    pytest.param("t\n5\n#H D#\n\nh\n",
                 "x.txt:5:1: unknown character 'h' in the grid; "
                 "expected one of 'HD# BKLMSTUPQO' (F4)", id="unknown-character-after-blank-line"),
    # F1/F4: with CRLF endings the position is still line 4, column 3.
    pytest.param("t\r\n5\r\n#H D#\r\n# ? #\r\n",
                 "x.txt:4:3: unknown character '?' in the grid; "
                 "expected one of 'HD# BKLMSTUPQO' (F4)", id="unknown-character-crlf"),
    # F1/F5: a title alone is a missing budget, reported on line 2.
    pytest.param("A title and nothing else\n",
                 "x.txt:2:1: missing budget line after the title (F1)", id="missing-budget"),
    # F1/F5: the budget line must be an integer; the bad text is quoted.
    pytest.param("t\nabc\n#H D#\n",
                 "x.txt:2:1: budget must be a non-negative integer, found 'abc' (F1)",
                 id="non-integer-budget"),
    pytest.param("t\n2.5\n#H D#\n",
                 "x.txt:2:1: budget must be a non-negative integer, found '2.5' (F1)",
                 id="fractional-budget"),
    # F1: Python's int() would read these; the format's integer is plain ASCII digits.
    *(pytest.param(f"t\n{budget}\n#H D#\n",
                   f"x.txt:2:1: budget must be a non-negative integer, found {budget!r} (F1)",
                   id=f"budget-{name}")
      for budget, name in (("1_0", "underscore"), ("+5", "plus"), ("\u0663", "arabic-digit"))),
    # F1: N >= 0.
    pytest.param("t\n-3\n#H D#\n", "x.txt:2:1: budget must be non-negative, found -3 (F1)",
                 id="negative-budget"),
    # F1: an empty (or blank) file has no title, budget or grid.
    *(pytest.param(text, "x.txt: empty file, expected a title line, a budget and a grid (F1)",
                   id=f"empty-{index}")
      for index, text in enumerate(["", "\n\n", "  \r\n"])),
    # F5: a title and a budget without any grid row.
    pytest.param("t\n5\n\n\n", "x.txt:2:1: no grid after the budget line (F5)", id="no-grid"),
    # F5: exactly one H; none is reported at the first grid row, a second where it stands.
    pytest.param("t\n5\n#  D#\n", "x.txt:3:1: no hero 'H' in the grid (F5)", id="no-hero"),
    pytest.param("t\n5\n#H D#\n# H #\n", "x.txt:4:3: a second hero 'H' (F5: exactly one)",
                 id="two-heroes"),
    # F5: at least one D.
    pytest.param("t\n5\n#H  #\n", "x.txt:3:1: no demon 'D' in the grid (F5)", id="no-demon"),
    # F5: at most one K and one L; the second is reported where it stands.
    pytest.param("t\n5\n#HK D#\n# K  #\n", "x.txt:4:3: a second key 'K' (F5: at most one)",
                 id="two-keys"),
    pytest.param("t\n5\n#HL D#\n#  L #\n", "x.txt:4:4: a second lock 'L' (F5: at most one)",
                 id="two-locks"),
]


@pytest.mark.parametrize(("text", "message"), LEVEL_ERRORS)
def test_bad_level_is_one_error_on_one_line(text: str, message: str) -> None:
    """F1-F5: each bad input is one `LevelError`, `source:line:col: message` on one line."""
    with pytest.raises(LevelError) as caught:
        parse_level(text, source="x.txt")
    assert str(caught.value) == message
    assert "\n" not in str(caught.value)


def test_two_demons_are_fine() -> None:
    """F5: several demons are allowed (the goal is next to any of them)."""
    assert make_level("D H D").demons == {(0, 0), (0, 4)}


def test_non_utf8_file(tmp_path: Path) -> None:
    """Input errors: a byte that is not UTF-8 is reported at its line and column."""
    path = tmp_path / "latin1.txt"
    path.write_bytes(b"t\n5\n#H D#\n#\xe9  #\n")
    with pytest.raises(HelltakerError) as caught:
        load_level(str(path))
    assert str(caught.value) == f"{path}:4:2: not UTF-8: byte 0xe9 cannot be decoded"


def test_directory_given_as_level(tmp_path: Path) -> None:
    """Input errors: a directory is refused with one message, not an OS traceback."""
    with pytest.raises(HelltakerError) as caught:
        load_level(str(tmp_path))
    assert str(caught.value) == f"{tmp_path}: is a directory, expected a file"


def test_missing_file(tmp_path: Path) -> None:
    """Input errors: a missing file."""
    path = tmp_path / "nope.txt"
    with pytest.raises(HelltakerError) as caught:
        load_level(str(path))
    assert str(caught.value) == f"{path}: no such file"


# ---------------------------------------------------------------------------------------------
# Accepted variants (F1, F3)

PLAIN = "Title\n7\n#####\n#H D#\n#####\n"


def test_crlf_line_endings() -> None:
    """F1: `\\r\\n` endings give the same level as `\\n`."""
    assert parse_level(PLAIN.replace("\n", "\r\n")) == parse_level(PLAIN)


def test_utf8_bom() -> None:
    """F1: a leading UTF-8 BOM is not part of the title."""
    level = parse_level("\ufeff" + PLAIN)
    assert level.title == "Title"
    assert level == parse_level(PLAIN)


def test_bom_in_a_file(tmp_path: Path) -> None:
    """F1: the BOM is accepted through load_level too (bytes EF BB BF)."""
    path = tmp_path / "bom.txt"
    path.write_bytes(b"\xef\xbb\xbf" + PLAIN.encode())
    assert load_level(str(path)).title == "Title"


def test_trailing_spaces() -> None:
    """F1: lines are right-stripped; trailing spaces do not widen the grid."""
    padded = "Title  \n7  \n#####   \n#H D#  \n#####\t\n"
    assert parse_level(padded) == parse_level(PLAIN)


def test_blank_lines_are_ignored() -> None:
    """F1: blank lines between grid rows do not make rows."""
    assert parse_level("Title\n7\n#####\n\n#H D#\n\n#####\n\n") == parse_level(PLAIN)


def test_ragged_rows_are_padded_with_floor() -> None:
    """F1/F3: short rows are padded with floor; outside the padded rectangle is wall.

    H          row 0 is 1 character long: columns 1-2 are padded floor
      D        row 1 sets the width to 3
    """
    level = parse_level("t\n5\nH\n  D\n")
    assert (level.height, level.width) == (2, 3)
    assert level.walls == frozenset()
    assert level.is_open((0, 2)) and level.is_open((1, 0))
    moved = step(level, level.start, Direction.RIGHT)
    assert not isinstance(moved, NotAnAction) and moved.state.hero == (0, 1)
    # F3: beyond the padded rectangle is wall for the hero.
    for direction in (Direction.UP, Direction.LEFT):
        blocked = step(level, level.start, direction)
        assert isinstance(blocked, NotAnAction)
        assert blocked.obstacle is Obstacle.OUTSIDE



# ---------------------------------------------------------------------------------------------
# Writing levels back (format_level) and building them from rows of symbols (level_from_rows)


def every_level_file() -> list[Path]:
    """The repository's levels and the shared ones (when ../shared is present)."""
    here = Path(__file__).resolve().parents[2]
    shared = [here.parent / "shared" / "levels" / relpath for relpath in shared_level_files()]
    return sorted(here.glob("levels/*.txt")) + shared


@pytest.mark.parametrize("path", every_level_file(), ids=lambda path: path.name)
def test_format_level_round_trips(path: Path) -> None:
    """F1-F4: the text `format_level` writes parses back to the same level."""
    level = load_level(str(path))
    assert parse_level(format_level(level), source=level.source) == level


def test_format_level_writes_the_course_format() -> None:
    """F1: title, budget, then the rows in F4 symbols, right-stripped, ragged rows kept."""
    text = "Title\n7\n#####\n#HBQ#\n#  D\nK\n"
    assert format_level(parse_level(text)) == text
    assert format_level(parse_level("  Title \n 7 \n\n#H D#  \n\n")) == "Title\n7\n#H D#\n"


def test_format_level_refuses_what_no_symbol_draws() -> None:
    """F4 has no symbol for a skeleton on spikes: such a level cannot be written."""
    level = make_level("#HMS D#")
    on_spikes = replace(level, start=replace(level.start, skeletons=frozenset({(0, 3)})))
    with pytest.raises(LevelError, match=r"no F4 symbol draws a skeleton on spikes at \(0,3\)"):
        format_level(on_spikes)


def test_level_from_rows_is_the_parser_without_the_text() -> None:
    """The rows of a file give the level the file gives; F5 errors point where `format_level`
    would write the cell (rows from line 3)."""
    rows = ["#####", "#H D#", "#####"]
    assert level_from_rows("Title", 7, rows, "<level>") == parse_level(PLAIN)
    with pytest.raises(LevelError) as caught:
        level_from_rows("t", 1, ["#H D#", "#X H#"], "gen")
    assert str(caught.value) == ("gen:4:2: unknown character 'X' in the grid; "
                                 "expected one of 'HD# BKLMSTUPQO' (F4)")
    with pytest.raises(LevelError, match=r"^gen:4:4: a second hero 'H'"):
        level_from_rows("t", 1, ["#H D#", "#  H#"], "gen")
