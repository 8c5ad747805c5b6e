"""A generated block of a markdown file, between `<!-- NAME:start -->` and `<!-- NAME:end -->`
lines, replaced in place: the README's performance figures come from one `bench` command and
are never edited by hand.
"""

from __future__ import annotations

from strips_model.errors import InputError, Position
from strips_model.input_files import InputKind, read_input
from translator.runtime.atomic_write import write_files_atomically
from translator.runtime.output_checks import check_outputs


def check_section(path: str, name: str) -> None:
    """Raise the error `replace_section` would before any work is done: no such file, no
    block `name` in it, or a folder that cannot take the rewritten file."""
    _block(read_input(path, InputKind.DOCUMENT), path, name)
    check_outputs([path])


def replace_section(path: str, name: str, body: str) -> None:
    """Replace the block `name` of the file at `path` with `body` (written atomically)."""
    text = read_input(path, InputKind.DOCUMENT)
    first, last = _block(text, path, name)
    updated = text[:first] + "\n" + body.strip("\n") + "\n" + text[last:]
    write_files_atomically({path: updated.encode("utf-8")})


def _block(text: str, path: str, name: str) -> tuple[int, int]:
    """Where the block's body starts (after its opening marker) and ends (at its closing one)."""
    start, end = f"<!-- {name}:start -->", f"<!-- {name}:end -->"
    first, last = text.find(start), text.find(end)
    if first < 0 or last < first:
        raise InputError(f"no block {start} ... {end} to replace", Position(path))
    return first + len(start), last
