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


@lru_cache(maxsize=65_536)
def direction_of_name(keys: tuple[tuple[str, Direction | None], ...],
                  not_key_presses: tuple[str, ...],
                  direction_words: tuple[tuple[str, Direction], ...],
                  action: str) -> Direction | None:
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
