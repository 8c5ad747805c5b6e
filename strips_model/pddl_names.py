"""The PDDL spelling of a model's names: one documented rule, reversible and collision-free.

PDDL names are case-insensitive (Fast Downward lowercases every token) and ASCII, and must
start with a letter; students name schemas and predicates `goUp`, `Direction_Up`,
`push-rock`, `clé`. The rule:

- a name already spelled as PDDL spells it, `[a-z][a-z0-9_]*`, is itself (`step_calm`);
- any other name is written character by character: `a-z`, `0-9` and `_` as they are, an
  uppercase ASCII letter as `-` and the letter in lowercase (`goUp` -> `go-up`), any other
  character as `-`, its Unicode code point in decimal, `-` (`clé` -> `cl-233-`, `Y'` ->
  `-y-39-`, `push-rock` -> `push-45-rock`); a first character that is not a lowercase ASCII
  letter, or a first `x`, is always written so; and when the result starts with `-`, an `x`
  is put before it (`Y'` -> `x-y-39-`, `MouvD` -> `x-mouv-d`).

Names of the first kind never hold `-`, those of the second always do, so the two never
meet; the second kind is a prefix-free code (after `-`, a letter is one character, a digit
starts a code point that `-` closes), read back by `original_name`. `goUp` and `goup` are
`go-up` and `goup`.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

_PLAIN: Final = re.compile(r"[a-z][a-z0-9_]*")
_KEPT: Final = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_")
_PREFIX: Final = "x"
_ESCAPE: Final = re.compile(r"-(?:([a-z])|([0-9]+)-)")


@lru_cache(maxsize=65_536)  # asked again for every schema of every model a repair builds
def pddl_symbol(name: str) -> str:
    """The PDDL name of `name` (see the module's docstring); `original_name` reverses it."""
    if _PLAIN.fullmatch(name):
        return name
    written: list[str] = []
    for index, char in enumerate(name):
        if char in _KEPT and not (index == 0 and (not char.isalpha() or char == _PREFIX)):
            written.append(char)
        elif "A" <= char <= "Z":
            written.append("-" + char.lower())
        else:
            written.append(f"-{ord(char)}-")
    text = "".join(written)
    return _PREFIX + text if text.startswith("-") else text


def original_name(symbol: str) -> str:
    """The name whose PDDL name is `symbol`: `pddl_symbol` read back. A symbol no name
    gives is refused with ValueError."""
    if "-" not in symbol:
        return symbol
    body = symbol[len(_PREFIX):] if symbol.startswith(_PREFIX + "-") else symbol
    parts: list[str] = []
    at = 0
    for escape in _ESCAPE.finditer(body):
        parts.append(body[at:escape.start()])
        letter, code = escape.groups()
        try:
            parts.append(letter.upper() if letter else chr(int(code)))
        except (ValueError, OverflowError):
            raise ValueError(f"{symbol!r} is no PDDL name of this rule") from None
        at = escape.end()
    parts.append(body[at:])
    name = "".join(parts)
    if pddl_symbol(name) != symbol:
        raise ValueError(f"{symbol!r} is no PDDL name of this rule")
    return name
