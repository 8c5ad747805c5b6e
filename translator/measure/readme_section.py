"""A generated block of a markdown file, between `<!-- NAME:start -->` and `<!-- NAME:end -->`
lines, replaced in place: the README's performance figures come from one `bench` command and
are never edited by hand.
"""

from __future__ import annotations

from strips_model.errors import InputError, Position, read_text
from translator.runtime.atomic_write import write_files_atomically


def replace_section(path: str, name: str, body: str) -> None:
    """Replace the block `name` of the file at `path` with `body` (written atomically)."""
    text = read_text(path)
    start, end = f"<!-- {name}:start -->", f"<!-- {name}:end -->"
    first, last = text.find(start), text.find(end)
    if first < 0 or last < first:
        raise InputError(f"no block {start} ... {end} to replace", Position(path))
    updated = text[:first + len(start)] + "\n" + body.strip("\n") + "\n" + text[last:]
    write_files_atomically({path: updated.encode("utf-8")})
