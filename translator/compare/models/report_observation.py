"""What the player would see in a state of a model read through a vocabulary: the hero,
boulders, skeletons, the key, the lock and the raised traps
(translator/compare/models/observation.py),
for each encoding a vocabulary names (strips_model/reports/vocabulary.py).

The key is held when a `has_key` fluent holds, when the hero's key flag says so
(`hero(x, y, 1)`), when a lock with a state is in its opened value (seed 001 opens it as the
key is taken), or when the key's atom is gone from the board (the game's key stays taken once
the lock is opened, where a model may spend its `haskey`). The lock is
open when no closed lock is left or the key is held. Traps are raised by their phase value or
by a `trap_raised` predicate. A part the vocabulary names no predicate for is seen empty.
"""

from __future__ import annotations

from strips_model.level import Cell, Level
from strips_model.reports.init_level import Coordinates
from strips_model.reports.vocabulary import Vocabulary
from translator.compare.models.observation import Observation
from translator.model.level_facts import Atom


def observe_atoms(atoms: frozenset[Atom], words: Vocabulary, coordinates: Coordinates,
                  level: Level) -> Observation:
    values = {name: str(value) for name, value in words.values}
    by_predicate: dict[str, list[Atom]] = {}
    for atom in atoms:  # once: each part below reads one predicate's atoms
        by_predicate.setdefault(atom[0], []).append(atom)

    def state_of(atom: Atom) -> str | None:
        """The atom's first argument besides its place ([places] says where that is)."""
        rest = words.place_of(atom[0], atom[1:])[2]
        return rest[0] if rest else None

    def cells(role: str, state: str | None = None) -> frozenset[Cell]:
        predicate = words.predicate(role)
        found = (a for a in by_predicate.get(predicate or "", ()) if len(a) > words.width)
        # A place that is no pair of numbers (`at(down, 3)`, which an edited effect may
        # write) is no cell the player sees: the object is then seen nowhere.
        return frozenset(coordinates.cell(int(x), int(y))
                         for a in found for x, y, rest in [words.place_of(a[0], a[1:])]
                         if (state is None or (rest and rest[0] == state))
                         and _number(x) and _number(y))

    lock, hero = words.predicate("lock"), words.required("hero")
    locks = by_predicate.get(lock or "", [])
    has_key = words.predicate("has_key")
    held = (has_key is not None and has_key in by_predicate) or any(
        len(a) > words.width + 1 and state_of(a) == values.get("hero_with_key")
        for a in by_predicate.get(hero, ()))
    if "lock_opened" in values:
        held = held or any(len(a) > words.width + 1 and state_of(a) == values["lock_opened"]
                           for a in locks)
    elif words.predicate("key") is not None and level.key is not None:
        # Taken is off the board: a model that spends the key on the lock (`¬aClé`) took it;
        # a key with a state is off the board once no atom says it lies there.
        held = held or not cells("key", values.get("key_lying"))
    if "lock_closed" in values:
        closed = any(len(a) > words.width + 1 and state_of(a) == values["lock_closed"]
                     for a in locks)
    else:
        closed = bool(locks)
    traps = level.traps_lowered | level.traps_raised
    raised = cells("trap", values["trap_raised"]) if "trap_raised" in values \
        else cells("trap_raised")
    parity = words.predicate("trap_parity")
    if parity is not None and (parity,) in atoms:
        # The traps are written by their first phase and the flag says they have changed.
        raised = traps - raised
    return Observation(hero=cells("hero"), boulders=cells("boulder"),
                       skeletons=cells("skeleton"), key_taken=held,
                       lock_open=not closed or ("lock_closed" not in values and held),
                       raised_traps=raised & traps)


def _number(value: str) -> bool:
    return value.lstrip("-").isdigit()
