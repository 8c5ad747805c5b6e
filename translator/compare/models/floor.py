"""The cells a model's `floor` role (`empty`, `free`, `libre`) holds on at a level's start.

A model with such a fluent requires it where a move arrives and keeps it as things move, so
each level's Init must list it on every cell that is free at the start. Which parts make a
cell not free is the model's own reading, told by what its actions do to the fluent where a
part arrives, leaves or is required:

- a part occupies its cell when an action deletes the fluent where it adds the part, adds
  the fluent where it deletes the part, or requires the fluent absent where it requires the
  part (a push empties the cell the boulder leaves);
- it leaves the cell free when an action requires the fluent where it requires or adds the
  part and keeps it there (the hero arriving on an empty cell it leaves empty).

With no evidence either way, boulders, skeletons and the lock occupy their cells, the other
parts (the hero, the key, spikes, traps) do not. A floor no action changes (`empty(x, y)`, a
cell that is not a wall) holds under every part. Walls and demons are never free; cells
outside the hero's room are left out.
"""

from __future__ import annotations

from collections.abc import Iterable

from strips_model.level import Cell, Level
from strips_model.reports.vocabulary import Vocabulary
from strips_model.schema import Literal, Schema

PARTS = ("hero", "boulder", "skeleton", "lock", "key", "spikes", "trap", "trap_raised",
         "trap_lowered")
OCCUPYING = frozenset({"boulder", "skeleton", "lock"})
"""The parts that occupy their cell when the model's actions do not say."""


def _places(literals: Iterable[Literal], predicate: str, words: Vocabulary,
            positive: bool) -> set[tuple[str, ...]]:
    start = words.place_start(predicate)
    return {tuple(t.name for t in lit.args[start:start + words.width]) for lit in literals
            if lit.predicate == predicate and lit.positive == positive}


def occupying(schemas: tuple[Schema, ...], words: Vocabulary) -> frozenset[str]:
    """The parts that make a cell not free, in the model's reading (module doc)."""
    floor = words.predicate("floor")
    if floor is None or not any(lit.predicate == floor for schema in schemas
                                for lit in schema.effects):
        # A floor no action changes is the level's shape: every cell that is no wall.
        return frozenset()
    votes: dict[str, int] = {}
    for schema in schemas:
        pre, eff = schema.preconditions, schema.effects
        floor_needed, floor_banned = (_places(pre, floor, words, True),
                                      _places(pre, floor, words, False))
        floor_added, floor_deleted = (_places(eff, floor, words, True),
                                      _places(eff, floor, words, False))
        for role in PARTS:
            part = words.predicate(role)
            if part is None:
                continue
            required, added = _places(pre, part, words, True), _places(eff, part, words, True)
            deleted = _places(eff, part, words, False)
            occupied = len((added & floor_deleted) | (deleted & floor_added)
                           | (required & floor_banned))
            free = len(((required | added) & floor_needed) - floor_deleted)
            votes[role] = votes.get(role, 0) + occupied - free
    return frozenset(role for role in PARTS if votes.get(role, 0) > 0
                     or (votes.get(role, 0) == 0 and role in OCCUPYING))


def free_cells(level: Level, parts: frozenset[str]) -> list[Cell]:
    """The cells of the hero's room that hold none of `parts` at the start."""
    start = level.start
    held: dict[str, Iterable[Cell]] = {
        "hero": (start.hero,), "boulder": start.boulders, "skeleton": start.skeletons,
        "lock": (level.lock,) if level.lock else (), "key": (level.key,) if level.key else (),
        "spikes": level.spikes, "trap": level.traps_lowered | level.traps_raised,
        "trap_raised": level.traps_raised, "trap_lowered": level.traps_lowered}
    taken = {cell for role in parts for cell in held[role]}
    return sorted(cell for cell in level.reachable_cells() if cell not in taken)
