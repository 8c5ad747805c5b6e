"""A plan's key presses kept one byte each: a plan of millions of letters (the 16 MiB cap of a
plan file) costs as many bytes, not a Python object per letter, and is read with a few passes
over the text in C (docs/limits.md)."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Final, overload

from strips_model.moves import ALPHABETS, Direction, parse_plan

DIRECTIONS: Final = tuple(Direction)
"""The directions in the order of their one-byte codes."""
CODE: Final = {direction: code for code, direction in enumerate(DIRECTIONS)}

_SKIPPED: Final = re.compile(r"[\s,]+")
"""What `parse_plan` ignores between letters (str.isspace agrees with `\\s` on str)."""


class Letters(Sequence[Direction]):
    """Key presses as a sequence of Direction, stored as one code (index in DIRECTIONS) each."""

    __slots__ = ("codes",)

    def __init__(self, codes: bytes) -> None:
        self.codes = codes

    def __len__(self) -> int:
        return len(self.codes)

    @overload
    def __getitem__(self, index: int) -> Direction: ...

    @overload
    def __getitem__(self, index: slice) -> Letters: ...

    def __getitem__(self, index: int | slice) -> Direction | Letters:
        if isinstance(index, slice):
            return Letters(self.codes[index])
        return DIRECTIONS[self.codes[index]]

    def __iter__(self) -> Iterator[Direction]:
        return map(DIRECTIONS.__getitem__, self.codes)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Letters):
            return self.codes == other.codes
        return isinstance(other, Sequence) and tuple(self) == tuple(other)

    def __hash__(self) -> int:
        return hash(self.codes)

    def __repr__(self) -> str:
        return f"Letters({len(self.codes)} key presses)"


def codes_of(directions: Sequence[Direction]) -> bytes:
    """The one-byte codes of any sequence of directions."""
    if isinstance(directions, Letters):
        return directions.codes
    return bytes(CODE[direction] for direction in directions)


def parse_letters(text: str, alphabet: str = "en", source: str = "<plan>") -> Letters:
    """`parse_plan`'s reading of `text`, kept one byte a letter. A text with anything but the
    alphabet's letters, spaces and commas goes to `parse_plan`, which names the place."""
    table = {}
    for direction, letter in ALPHABETS[alphabet].items():
        table[ord(letter)] = table[ord(letter.upper())] = CODE[direction]
    kept = _SKIPPED.sub("", text.removeprefix("\ufeff"))
    if re.search(f"[^{''.join(map(chr, table))}]", kept) is None:
        return Letters(kept.translate(table).encode("ascii"))
    return Letters(codes_of(parse_plan(text, alphabet, source)))

