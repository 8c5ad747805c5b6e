"""The words the vocabulary inference reasons in: the parts of the game a predicate can play
(strips_model/reports/vocabulary.py `ROLES`, as an enum), and evidence, the sentence that says
what one choice rests on.

A step of the inference (inference.py) returns what it found as a `Found`: the roles it read
and the evidence for them. Evidence is kept as values, each naming what it concerns, so a step
that has nothing to say says nothing: no sentence is written and later taken back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from strips_model.reports.vocabulary import PLACED_ROLES


class Role(StrEnum):
    """A part of the game a predicate plays; the values, in order, are `ROLES`."""

    HERO = "hero"
    DEMON = "demon"
    WALL = "wall"
    BOULDER = "boulder"
    SKELETON = "skeleton"
    KEY = "key"
    LOCK = "lock"
    TRAP = "trap"
    SPIKES = "spikes"
    COUNTER = "counter"
    COUNTER_LIMIT = "counter_limit"
    SUCCESSOR = "successor"
    FLOOR = "floor"
    SAFE = "safe"
    OCCUPIED = "occupied"
    GOAL = "goal"
    HAS_KEY = "has_key"
    TRAP_RAISED = "trap_raised"
    TRAP_PARITY = "trap_parity"
    TRAP_LOWERED = "trap_lowered"
    ADJACENT = "adjacent"
    ADJACENT_UP = "adjacent_up"
    ADJACENT_DOWN = "adjacent_down"
    ADJACENT_LEFT = "adjacent_left"
    ADJACENT_RIGHT = "adjacent_right"
    ADJACENT_ANY = "adjacent_any"
    TRAP_FIRST = "trap_first"
    TRAP_NEXT = "trap_next"
    TRAP_LAST = "trap_last"
    TRAP_NONE = "trap_none"
    TRAP_FLIP = "trap_flip"
    SUCCESSOR_FIRST = "successor_first"
    SUCCESSOR_SECOND = "successor_second"


PLACED: tuple[Role, ...] = tuple(Role(role) for role in PLACED_ROLES)
"""The roles whose predicates hold a place, in `PLACED_ROLES`' order."""
STEPPING: frozenset[Role] = frozenset({Role.SUCCESSOR, Role.SUCCESSOR_FIRST,
                                       Role.SUCCESSOR_SECOND, Role.ADJACENT, Role.ADJACENT_UP,
                                       Role.ADJACENT_DOWN, Role.ADJACENT_LEFT,
                                       Role.ADJACENT_RIGHT, Role.ADJACENT_ANY})
"""The relations the actions step a place or the counter along."""


class Topic(StrEnum):
    """What evidence concerns when it is no one role."""

    ADJACENCY = "adjacency"
    DIRECTIONS = "directions"
    UNREAD = "unread"
    PLACES = "places"
    COORDINATES = "coordinates"
    KEY_PRESSES = "key presses"
    STATE_VALUES = "values"
    CELLS = "cells"


@dataclass(frozen=True, slots=True)
class Evidence:
    """One sentence of what a choice rests on, for the report and the vocabulary file's head."""

    about: Role | Topic
    sentence: str


Roles = Mapping[Role, str]
"""Role -> the predicate that plays it."""


@dataclass(frozen=True, slots=True)
class Found:
    """What one step of the inference read: roles, and the evidence for them."""

    roles: Roles = field(default_factory=dict)
    evidence: tuple[Evidence, ...] = ()


def by_actions(role: Role, name: str, why: str) -> Evidence:
    """The sentence for a role read off what the actions do."""
    return Evidence(role, f"{role}: {name}, {why} (by what the actions do)")
