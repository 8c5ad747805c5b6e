"""What a diff line shows that a reader cannot see: a Cyrillic `е` prints as the Latin `e`,
so `hеro(x)` only in B reads as the `hero(x)` only in A. Such characters are named after the
line. An accented Latin letter (`é`) shows itself and is not named."""

from __future__ import annotations

import unicodedata
from typing import Final

_MIMICS: Final = ("CYRILLIC", "GREEK", "ARMENIAN", "CHEROKEE", "COPTIC", "FULLWIDTH",
                  "MATHEMATICAL", "MODIFIER LETTER", "SUBSCRIPT", "SUPERSCRIPT")
"""Unicode names of the letters drawn like Latin ones in common fonts."""


def _unseen(character: str) -> bool:
    if character.isascii():
        return False
    if unicodedata.category(character) in ("Cf", "Mn", "Me", "Zs", "Zl", "Zp"):
        return True  # drawn as nothing, or as an ordinary space or accent
    return unicodedata.name(character, "").startswith(_MIMICS)


def named_lookalikes(line: str) -> str:
    """`line`, followed by the name and code point of each character in it that looks like
    another (once each, in order), when there are any."""
    found = dict.fromkeys(character for character in line if _unseen(character))
    if not found:
        return line
    names = ", ".join(f"U+{ord(character):04X} {unicodedata.name(character, 'UNNAMED')}"
                      for character in found)
    return f"{line}  [not ASCII: {names}]"
