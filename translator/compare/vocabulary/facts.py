"""What every step of the vocabulary inference (inference.py) reads about a model's schemas,
worked out once (structure.py `schema_facts`): the schemas as read, which predicates are
static, their arity, the hero and how wide a place is.

The hero is a fact rather than a step's finding because every later step is phrased around
it: where it stands, where it arrives, what a place is. This module imports nothing of the
package, so that every module can take the facts.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from strips_model.schema import Schema

OFFSET = re.compile(r"(plus|minus)_([0-9]+)")
"""The relations arithmetic terms compile to (`y + 1`: `plus_1(Y, Y2)`): a way to step, never
a part of the level."""

NEARLY = 0.9
"""The share of the actions that reads as all of them: a role every action shows (the hero
they require, the parity they flip) is still read when one schema forgot it, a fault of the
model the comparison then shows there, not on every level."""


@dataclass(frozen=True, slots=True)
class SchemaFacts:
    read: tuple[Schema, ...]
    """The schemas as every model is read (schema_readings.py), arithmetic compiled away."""
    static: frozenset[str]
    arity: Mapping[str, int]
    """Each predicate's arity, the one it is used with most."""
    fluents: frozenset[str]
    hero: str | None
    hero_once: int
    """How many actions require exactly one place of the hero."""
    width: int
    """The arguments of a place: two coordinates, or one cell."""
    hero_start: int
    """Where the hero's place starts among its arguments."""
    cells_of: frozenset[str]
    """Where a place is one term, the predicates some action gives a cell of the hero's moves."""
    uses: Counter[str]
    """How many literals of the schemas name each predicate."""
    offsets: frozenset[str]
    """The relations arithmetic compiled to (`plus_1`): a way to step, never a part."""
    goal: frozenset[str]
    """The predicates the model's goal names."""
    has_goal_block: bool
    init_constants: tuple[str, ...]
    """The constants of the model's Init: the names of its cells where a place is one term."""
    at_hero_in_goal: frozenset[str]
    """Static place predicates only the goal names, at the hero's own place there
    (`But(at(X, Y), goal(X, Y))`): where the hero ends."""
