"""The level grammar of RULES.md section 1 (F1-F5): shared files, bad input, accepted variants."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import (
    make_level,
    par_table,
    shared_level,
    shared_level_files,
    shared_params,
    shared_path,
)

from strips_model.errors import HelltakerError, LevelError
from strips_model.level import Level, load_level, parse_level
from strips_model.simulator import NotAnAction, step

# ---------------------------------------------------------------------------------------------
# Every shared level


def render(level: Level) -> list[str]:
    """Draw `level` back in the F4 symbols, one string per padded row."""
    start = level.start
    rows = []
    for row in range(level.height):
        chars = []
        for column in range(level.width):
            cell = (row, column)
            boulder = cell in start.boulders
            if cell in level.walls:
                char = "#"
            elif cell in level.demons:
                char = "D"
            elif cell == level.key:
                char = "K"
            elif cell == level.lock:
                char = "L"
            elif cell in level.spikes:
                char = "O" if boulder else "S"
            elif cell in level.traps_lowered:
                char = "P" if boulder else "T"
            elif cell in level.traps_raised:
                char = "Q" if boulder else "U"
            elif cell == start.hero:
                char = "H"
            elif boulder:
                char = "B"
            elif cell in start.skeletons:
                char = "M"
            else:
                char = " "
            chars.append(char)
        rows.append("".join(chars))
    return rows


@pytest.mark.parametrize("relpath", shared_params(shared_level_files()))
def test_every_shared_level_parses_and_round_trips(relpath: str) -> None:
    """F1-F4: each shared file parses, and drawing the parsed level gives back its grid rows."""
    path = shared_path(f"levels/{relpath}")
    level = load_level(str(path))
    lines = path.read_text("utf-8").removeprefix("\ufeff").splitlines()
    assert level.title == lines[0].strip()
    assert level.budget == int(lines[1])
    grid = [line.rstrip() for line in lines[2:] if line.strip()]
    width = max(len(row) for row in grid)
    assert (level.height, level.width) == (len(grid), width)
    assert render(level) == [row.ljust(width) for row in grid]
    # F5 on real data: exactly one hero (on an open cell), at least one demon.
    assert level.is_open(level.start.hero)
    assert level.demons
    assert level.start.parity == 0 and not level.start.has_key
    assert level.start.lock_closed == (level.lock is not None)


@pytest.mark.parametrize("row", shared_params(par_table()))
def test_shared_budgets_match_par_table(row: tuple[str, int, int]) -> None:
    """F1: the budget line of each file is the budget PAR.md lists for it."""
    relpath, budget, _ = row
    assert shared_level(f"levels/{relpath}").budget == budget


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


def level_error(text: str) -> LevelError:
    with pytest.raises(LevelError) as caught:
        parse_level(text, source="x.txt")
    message = str(caught.value)
    assert "\n" not in message
    return caught.value


def test_unknown_character_is_named_with_its_position() -> None:
    """F4/F5: a symbol outside the table is an error naming it, at line 4 column 2."""
    error = level_error("t\n5\n#H D#\n#X  #\n")
    assert str(error).startswith("x.txt:4:2: unknown character 'X'")
    assert "(F4)" in str(error)


def test_unknown_character_in_first_row_after_blank_line() -> None:
    """F1/F4: blank lines do not shift the reported line; lowercase letters are unknown."""
    error = level_error("t\n5\n#H D#\n\nh\n")
    assert str(error).startswith("x.txt:5:1: unknown character 'h'")


def test_unknown_character_on_a_crlf_line() -> None:
    """F1/F4: with CRLF endings the position is still line 4, column 3."""
    error = level_error("t\r\n5\r\n#H D#\r\n# ? #\r\n")
    assert str(error).startswith("x.txt:4:3: unknown character '?'")


def test_missing_budget() -> None:
    """F1/F5: a title alone is a missing budget, reported on line 2."""
    error = level_error("A title and nothing else\n")
    assert str(error) == "x.txt:2:1: missing budget line after the title (F1)"


def test_non_integer_budget() -> None:
    """F1/F5: the budget line must be an integer; the bad text is quoted."""
    error = level_error("t\nabc\n#H D#\n")
    assert str(error).startswith("x.txt:2:1: ")
    assert "'abc'" in str(error) and "integer" in str(error)


def test_fractional_budget() -> None:
    """F1/F5: 2.5 is not an integer."""
    error = level_error("t\n2.5\n#H D#\n")
    assert str(error).startswith("x.txt:2:1: ")
    assert "'2.5'" in str(error)


@pytest.mark.parametrize("budget", ["1_0", "+5", "\u0663"])
def test_budget_is_ascii_digits_only(budget: str) -> None:
    """F1: Python's int() would read these; the format's integer is plain digits."""
    error = level_error(f"t\n{budget}\n#H D#\n")
    assert str(error).startswith("x.txt:2:1: budget must be a non-negative integer")


def test_negative_budget() -> None:
    """F1: N >= 0."""
    error = level_error("t\n-3\n#H D#\n")
    assert str(error).startswith("x.txt:2:1: ")
    assert "-3" in str(error) and "non-negative" in str(error)


@pytest.mark.parametrize("text", ["", "\n\n", "  \r\n"])
def test_empty_file(text: str) -> None:
    """F1: an empty (or blank) file has no title, budget or grid."""
    error = level_error(text)
    assert str(error).startswith("x.txt: empty file")


def test_no_grid() -> None:
    """F5: a title and a budget without any grid row."""
    error = level_error("t\n5\n\n\n")
    assert str(error) == "x.txt:2:1: no grid after the budget line (F5)"


def test_no_hero() -> None:
    """F5: exactly one H; none is an error pointing at the first grid row."""
    error = level_error("t\n5\n#  D#\n")
    assert str(error) == "x.txt:3:1: no hero 'H' in the grid (F5)"


def test_two_heroes() -> None:
    """F5: the second H is reported where it stands (line 4, column 3)."""
    error = level_error("t\n5\n#H D#\n# H #\n")
    assert str(error).startswith("x.txt:4:3: a second hero 'H'")


def test_no_demon() -> None:
    """F5: at least one D."""
    error = level_error("t\n5\n#H  #\n")
    assert str(error) == "x.txt:3:1: no demon 'D' in the grid (F5)"


def test_two_demons_are_fine() -> None:
    """F5: several demons are allowed (the goal is next to any of them)."""
    assert make_level("D H D").demons == {(0, 0), (0, 4)}


def test_two_keys() -> None:
    """F5: at most one K; the second is reported at line 4, column 3."""
    error = level_error("t\n5\n#HK D#\n# K  #\n")
    assert str(error).startswith("x.txt:4:3: a second key 'K'")


def test_two_locks() -> None:
    """F5: at most one L; the second is reported at line 4, column 4."""
    error = level_error("t\n5\n#HL D#\n#  L #\n")
    assert str(error).startswith("x.txt:4:4: a second lock 'L'")


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
    moved = step(level, level.start, "r")
    assert not isinstance(moved, NotAnAction) and moved.state.hero == (0, 1)
    # F3: beyond the padded rectangle is wall for the hero.
    for direction in "ul":
        blocked = step(level, level.start, direction)
        assert isinstance(blocked, NotAnAction)
        assert blocked.obstacle == "the outside of the grid"

