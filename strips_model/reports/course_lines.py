"""The lines of a text as the course reader (`course_blocks.py`) goes through them: the clause
keywords it looks for, and the layouts PDF extraction leaves (a header glued to the end of the
line before it) undone, every look ahead bounded so that a text is read in linear time.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

# Markdown escapes its underscores (`push\_block`): the backslashes are dropped from names.
NAME: Final = r"[^\W\d](?:[\w-]|\\_)*"
KEYWORD: Final = re.compile(
    r"(?i)\b(pr[eé]cond(?:ition)?s?|pr[eé]|conditions?|effects?|effets?|effect|eff|adds?|"
    r"ajouts?|deletes?|del|suppressions?|cost|co[uû]t)\s*(\d+)?\s*:")
OPENING: Final = re.compile(r"(?i)\b(?:pr[eé]cond(?:ition)?s?|pr[eé]|conditions?)\s*\d*\s*:")
"""A precondition keyword: the clause a schema opens with."""

HEADER_REACH: Final = 5
"""How many non-blank lines after a header its first clause keyword may come (page marks,
fences between), and after a precondition its effect (a page break between)."""
_TRAILING_HEADER: Final = re.compile(rf"\)\s+({NAME}\s*\([^()]*\)\s*)$")


def split_trailing_headers(lines: list[str], starts: list[int]
                           ) -> tuple[list[str], list[int]]:
    """The lines, a header glued to the end of the line before it (`..., trap(X,Y,1)
    goUp(X,Y)`, as PDF extraction joins them) cut off onto a line of its own when a
    precondition keyword follows it."""
    kept: list[str] = []
    kept_starts: list[int] = []
    for index, (line, start) in enumerate(zip(lines, starts, strict=False)):
        glued = _TRAILING_HEADER.search(line) if ")" in line else None
        if glued is not None and _opening_follows(lines, index + 1):
            kept.extend((line[:glued.start(1)], line[glued.start(1):]))
            kept_starts.extend((start, start + glued.start(1)))
            continue
        kept.append(line)
        kept_starts.append(start)
    return kept, kept_starts


def _opening_follows(lines: list[str], index: int) -> bool:
    for later in nonblank(lines, index):
        stripped = later.strip().lstrip("-*> ")
        if KEYWORD.match(stripped):
            return OPENING.match(stripped) is not None
        if "(" in stripped:
            return False
    return False


def nonblank(lines: list[str], index: int) -> Iterator[str]:
    """The next `HEADER_REACH` non-blank lines from `index` on (blank lines are bounded too,
    so that a file of blank lines is read in linear time)."""
    found = 0
    for line in lines[index:index + 4 * HEADER_REACH]:
        if line.strip():
            yield line
            found += 1
            if found == HEADER_REACH:
                return
