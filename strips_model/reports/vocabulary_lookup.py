"""Lookups a vocabulary (vocabulary.py) answers for every state an exhaustive comparison
observes, each table built once per vocabulary's values rather than at every question."""

from __future__ import annotations

import re
from functools import lru_cache

from strips_model.moves import Direction


@lru_cache(maxsize=65_536)
def by_role(roles: tuple[tuple[str, str], ...]) -> dict[str, str]:
    # Asked for every state an exhaustive comparison observes: the table built once.
    return dict(roles)


KeyTables = tuple[tuple[tuple[str, Direction | None], ...], tuple[str, ...],
                  tuple[tuple[str, Direction], ...]]
_KNOWN: dict[tuple[int, int, int, str], tuple[KeyTables, Direction | None]] = {}
"""Answers by the identity of the tables: a vocabulary's own tuples, hashed anew at every
question (848 keys, each a Direction whose hash is Python code), cost more than the answer."""


def direction_of_name(keys: tuple[tuple[str, Direction | None], ...],
                      not_key_presses: tuple[str, ...],
                      direction_words: tuple[tuple[str, Direction], ...],
                      action: str) -> Direction | None:
    """The key press `action` stands for: [keys] first, then no key press, then the first
    direction word of its name."""
    index = (id(keys), id(not_key_presses), id(direction_words), action)
    known = _KNOWN.get(index)
    if known is not None and all(a is b for a, b in zip(
            known[0], (keys, not_key_presses, direction_words), strict=True)):
        return known[1]
    if len(_KNOWN) > 65_536:
        _KNOWN.clear()
    found = _by_name(keys, not_key_presses, direction_words, action)
    _KNOWN[index] = ((keys, not_key_presses, direction_words), found)
    return found


def _by_name(keys: tuple[tuple[str, Direction | None], ...], not_key_presses: tuple[str, ...],
             direction_words: tuple[tuple[str, Direction], ...], action: str
             ) -> Direction | None:
    said = dict(keys)
    if action in said:
        return said[action]
    if action in not_key_presses:
        return None
    words = dict(direction_words)
    for word in re.findall(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])", action):
        if word in words:
            return words[word]
    return None


def cell_regex(pattern: str) -> str | None:
    """The regular expression of the cell names `pattern` makes, the numbers in groups x and
    y; None when the pattern has not {x} and {y} once each, with something between them."""
    parts = re.split(r"(\{[xy]\})", pattern)
    if sorted(p for p in parts if p in ("{x}", "{y}")) != ["{x}", "{y}"] or \
            abs(parts.index("{x}") - parts.index("{y}")) != 2 or \
            not parts[min(parts.index("{x}"), parts.index("{y}")) + 1]:
        return None
    return "".join(f"(?P<{p[1]}>-?[0-9]+)" if p in ("{x}", "{y}") else re.escape(p)
                   for p in parts)
