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
cell that is not a wall) holds under every part that moves. It leaves out the cells of spikes
or traps when the model writes it so, without negation: a move requires the floor where the
hero arrives and says nothing of the spikes there, while another move requires the spikes
there instead (`safe(x2, y2)` beside `spike(x2, y2)`, the move that hurts), and none requires
both (`empty(x2, y2) ∧ spike(x2, y2)`: the floor under the spikes). Walls and demons are never
free; cells outside the hero's room are left out.

A model may have two static floors, each left out of by its own parts: `floor(x, y)` on every
cell that is no wall and `safe(x, y)` on every cell without spikes, both required where a
safe step arrives (the `safe` role). Each is read by the same rules; a safe floor in a model
with no spikes predicate (`¬safe(x, y)` where the step hurts) holds on no spikes. A fluent
may also be the floor's complement (the `occupied` role, `obstacle(x, y)`), read by the same
rules with each of its literals negated: it holds on the cells of the room and around it that
are not free (walls, demons, the parts that occupy theirs).
"""

from __future__ import annotations

from collections.abc import Iterable

from strips_model.level import Cell, Level
from strips_model.moves import Direction
from strips_model.reports.vocabulary import Vocabulary
from strips_model.schema import Literal, Schema
from translator.compare.vocabulary.flags import complements, flags_of

PARTS = ("hero", "boulder", "skeleton", "lock", "key", "spikes", "trap", "trap_raised",
         "trap_lowered")
OCCUPYING = frozenset({"boulder", "skeleton", "lock"})
"""The parts that occupy their cell when the model's actions do not say."""
LYING = ("spikes", "trap", "trap_raised", "trap_lowered")
"""The parts that never move, which a floor no action changes may leave out."""
FLOORS = ("floor", "safe", "occupied")
"""The roles of predicates that hold on free cells, or (`occupied`) on the others."""


def _places(literals: Iterable[Literal], predicate: str, words: Vocabulary,
            positive: bool) -> set[tuple[str, ...]]:
    start = words.place_start(predicate)
    return {tuple(t.name for t in lit.args[start:start + words.width]) for lit in literals
            if lit.predicate == predicate and lit.positive == positive}


def _placed(literals: Iterable[Literal], starts: dict[str, int], width: int
            ) -> dict[tuple[str, bool], set[tuple[str, ...]]]:
    """The places of the literals of the predicates in `starts` (each with where its place
    starts), by predicate and sign."""
    found: dict[tuple[str, bool], set[tuple[str, ...]]] = {}
    for lit in literals:
        start = starts.get(lit.predicate)
        if start is not None:
            found.setdefault((lit.predicate, lit.positive), set()).add(
                tuple(t.name for t in lit.args[start:start + width]))
    return found


def floors(schemas: tuple[Schema, ...], words: Vocabulary) -> dict[str, frozenset[str]]:
    """For each floor role the model has, the parts that make a cell not free for it."""
    return {role: occupying(schemas, words, role) for role in FLOORS
            if words.predicate(role) is not None}


def occupying(schemas: tuple[Schema, ...], words: Vocabulary, role: str = "floor"
              ) -> frozenset[str]:
    """The parts that make a cell not free for the predicate of the floor role `role`, in the
    model's reading (module doc)."""
    floor = words.predicate(role)
    if floor is None:
        return frozenset()
    if not any(lit.predicate == floor for schema in schemas for lit in schema.effects):
        # A safe floor in a model with no spikes of their own (`¬safe(P)` where the step
        # hurts) is their complement: it holds on no spikes.
        alone = role == "safe" and words.predicate("spikes") is None
        return _left_out_of_static(schemas, words, floor) | ({"spikes"} if alone else set())
    positive = role != "occupied"  # the complement's literals read negated
    parts = {part_role: part for part_role in PARTS
             if (part := words.predicate(part_role)) is not None}
    starts = {name: words.place_start(name) for name in {floor, *parts.values()}}
    votes: dict[str, int] = {}
    empty: set[tuple[str, ...]] = set()
    for schema in schemas:
        pre = _placed(schema.preconditions, starts, words.width)
        eff = _placed(schema.effects, starts, words.width)
        floor_needed, floor_banned = (pre.get((floor, positive), empty),
                                      pre.get((floor, not positive), empty))
        floor_added, floor_deleted = (eff.get((floor, positive), empty),
                                      eff.get((floor, not positive), empty))
        for part_role, part in parts.items():
            required, added = pre.get((part, True), empty), eff.get((part, True), empty)
            deleted = eff.get((part, False), empty)
            occupied = len((added & floor_deleted) | (deleted & floor_added)
                           | (required & floor_banned))
            free = len(((required | added) & floor_needed) - floor_deleted)
            votes[part_role] = votes.get(part_role, 0) + occupied - free
    return frozenset(part for part in PARTS if votes.get(part, 0) > 0
                     or (votes.get(part, 0) == 0 and part in OCCUPYING))


def _left_out_of_static(schemas: tuple[Schema, ...], words: Vocabulary, floor: str
                        ) -> frozenset[str]:
    """The parts that never move whose cells a floor no action changes leaves out (the
    module doc): every cell that is no wall, but for theirs. The move that requires the floor
    and the one that requires the part instead must be able to apply in the same state (the
    flags they require agree: a lowered trap may be the floor of the phase after)."""
    hero = words.predicate("hero")
    if hero is None:
        return frozenset()
    opposite = {flag: complements(schemas, flag) for flag in flags_of(schemas)}
    flags = [_flags(schema, opposite) for schema in schemas]
    left_out = []
    for role in LYING:
        part = words.predicate(role)
        if part is None:
            continue
        alone: list[dict[str, bool]] = []
        instead: list[dict[str, bool]] = []
        under = False
        for schema, required in zip(schemas, flags, strict=True):
            pre = schema.preconditions
            with_floor = _places(pre, floor, words, True)
            with_part = _places(pre, part, words, True)
            named = with_part | _places(pre, part, words, False)
            for place in _places(schema.effects, hero, words, True):
                under |= place in with_floor and place in with_part
                if place in with_floor and place not in named:
                    alone.append(required)
                if place in with_part and place not in with_floor:
                    instead.append(required)
        if not under and any(_agree(a, b) for a in alone for b in instead):
            left_out.append(role)
    return frozenset(left_out)


def _flags(schema: Schema, opposite: dict[str, tuple[str, ...]]) -> dict[str, bool]:
    """The flags the schema requires, true or false, with what that says of their
    complements (`even` required: `odd` false)."""
    required: dict[str, bool] = {}
    for literal in schema.preconditions:
        if not literal.args:
            required[literal.predicate] = literal.positive
            for other in opposite[literal.predicate]:
                required.setdefault(other, not literal.positive)
    return required


def _agree(one: dict[str, bool], other: dict[str, bool]) -> bool:
    return all(other.get(flag, value) == value for flag, value in one.items())


def bounding(level: Level) -> set[Cell]:
    """The hero's room and the cells next to it: the only ones an action ever tests (a step,
    a kick's landing cell, a skeleton crushed on a wall)."""
    return {(row + d_row, column + d_column) for row, column in level.reachable_cells()
            for d_row, d_column in (direction.delta for direction in Direction)}


def taken_cells(level: Level, parts: frozenset[str]) -> list[Cell]:
    """The cells of the hero's room and those bounding it that are not free at the start:
    walls, demons, and those holding one of `parts`."""
    return sorted((level.reachable_cells() | bounding(level)) - set(free_cells(level, parts)))


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
