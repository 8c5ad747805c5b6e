"""The readings one change away from a vocabulary (hypotheses.py climbs through them): a
predicate given another part, by what the schemas do with it, never by its name.

A predicate the actions change may be read only as a part the game changes; a fluent floor
(`free(P)`) or its complement (`occupied(P)`) only when it trades cells with what moves, as
the inference reads them (vocabulary/floor_trades.py `floor_fitting`): an exactly-one slot
(`doomed(P)`, deleted where a skeleton dies, with no mover arriving) is none of them.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from strips_model.reports.vocabulary import Vocabulary
from translator.compare.models.compared import STEPPING
from translator.compare.models.comparisons import comparisons_used
from translator.compare.models.protocols import ComparedModel
from translator.compare.vocabulary.behaviour import marks
from translator.compare.vocabulary.flags import complements
from translator.compare.vocabulary.floor_trades import floor_fitting

PART_ROLES = ("key", "spikes", "floor", "safe", "wall", "lock", "boulder", "skeleton", "demon",
              "goal")
"""The parts a placed predicate may be read as, for the readings one change away."""


CHANGING = ("key", "lock", "boulder", "skeleton", "floor", "occupied")
"""The parts the game changes: what an action adds or deletes may be read as one of these (and
only it as `occupied`, which holds where boulders stand: a static predicate would keep them
where they stood)."""
GOAL_PARTS = ("demon", "goal")
"""What a predicate the model's goal names may be read as."""


FLOOR_FROM: dict[str, tuple[str | None, ...]] = {"safe": (None, "spikes", "floor"),
                                                 "occupied": (None, "floor")}
"""A second floor or a floor's complement is tried only for a predicate left unread or read
as one of these (None: unread), the parts its structure is mistaken for; a boulder or a
wall is told from them by what the actions do."""


@dataclass(frozen=True, slots=True)
class _Changes:
    """What the schemas do with their predicates, for `_parts_for`."""

    changed: frozenset[str]
    """The predicates some action adds or deletes."""
    goal: frozenset[str]
    """The predicates the model's goal names."""
    trading: frozenset[str]
    """The changed predicates that trade cells with what moves as a floor or as its
    complement does."""
    made: frozenset[str]
    """The changed predicates some action makes (behaviour.py `marks`): no object of the
    board, which is only ever moved or destroyed."""


def _parts_for(name: str, had: str | None, changes: _Changes) -> tuple[str, ...]:
    """The parts a predicate (read as `had`) may be read as, by what the schemas do with it:
    one an action changes is a part the game changes (a floor or its complement only if it
    trades cells with what moves); one that never changes may be any part (a key the model
    never takes is still the key, and a fault of the model)."""
    if name in changes.goal:
        return GOAL_PARTS
    if name in changes.changed:
        floors = ("floor", "occupied")
        return tuple(part for part in CHANGING if had in FLOOR_FROM.get(part, (had,))
                     and (name in changes.trading if part in floors
                          else name not in changes.made))
    return tuple(part for part in PART_ROLES if had in FLOOR_FROM.get(part, (had,)))


def near_readings(model: ComparedModel, words: Vocabulary
                  ) -> Iterator[tuple[tuple[str, str], ...]]:
    """The readings one change away: a placed predicate given another part (its own part's
    predicate, if any, left unread or given the part it had), in a fixed order."""
    roles = dict(words.roles)
    schemas = model.report.schemas
    changed = frozenset(lit.predicate for schema in schemas for lit in schema.effects)
    goal = frozenset(lit.predicate for block in model.report.goals for lit in (
        *block.conjuncts, *(x for group in block.disjunctions for x in group)))
    hero = roles.get("hero", "")
    changes = _Changes(changed, goal, frozenset(
        {**floor_fitting(schemas, hero, set(changed)),
         **floor_fitting(schemas, hero, set(changed), free=False)}),
        frozenset(marks(schemas, changed)))
    placed = [name for role, name in words.roles if role in PART_ROLES]
    placed += sorted({lit.predicate for schema in schemas
                      for lit in (*schema.preconditions, *schema.effects)
                      # A place, with a state beside it at most: a relation of two places
                      # (a skeleton doomed from where the hero stands) is no part.
                      if words.width <= len(lit.args) <= words.width + 1
                      and lit.predicate.replace("-", "_").isidentifier()
                      and not STEPPING.fullmatch(lit.predicate)}
               # A comparison (`t > 0` read as `greater(t, 0)`) is arithmetic, no part.
               - set(roles.values()) - comparisons_used(schemas))
    seen: set[tuple[tuple[str, str], ...]] = set()
    parity = roles.get("trap_parity")
    # Two flags swapped by every action (`even`, `odd`): either may be the parity, the
    # other then true at the start; a trap's phase written as a value tells which.
    for other in complements(schemas, parity) if parity is not None else ():
        swapped = tuple(sorted({**roles, "trap_parity": other}.items()))
        seen.add(swapped)
        yield swapped
    for name in placed:
        had = next((role for role, held in roles.items() if held == name), None)
        for role in _parts_for(name, had, changes):
            if role == had:
                continue
            reading = dict(roles)
            if had is not None:
                del reading[had]
            holder = reading.pop(role, None)
            reading[role] = name
            if holder is not None and had is not None \
                    and had in _parts_for(holder, role, changes):
                reading[had] = holder  # the two swap their parts
            ordered = tuple(sorted(reading.items()))
            if ordered not in seen:
                seen.add(ordered)
                yield ordered


