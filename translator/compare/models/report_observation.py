"""What the player would see in a state of a model read through a vocabulary: the hero,
boulders, skeletons, the key, the lock and the raised traps
(translator/compare/models/observation.py),
for each encoding a vocabulary names (strips_model/reports/vocabulary.py).

The key is held when a `has_key` fluent holds, when the hero's key flag says so
(`hero(x, y, 1)`), when a lock with a state is in its opened value (seed 001 opens it as the
key is taken), or when the key's atom is gone from the board (the game's key stays taken once
the lock is opened, where a model may spend its `haskey`). The lock is
open when no closed lock is left or the key is held (as the game shows it, whatever the
lock's state says while the key is held). Traps are raised by their phase value, by a
`trap_raised` predicate, or where the trap relation holds with the value of a phase written
as one (`trap(X, Y, T)` with `phase(T)`). A part the vocabulary names no predicate for is
seen empty.

An exhaustive comparison observes tens of thousands of states of one level, most of them
again (every action's successor is observed): `AtomObserver` keeps each observation by the
atoms of the predicates it reads (`SEEN_ROLES`), so a counter's value or a model's own
bookkeeping does not make a state new to it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from strips_model.level import Cell, Level
from strips_model.reports.init_level import Coordinates
from strips_model.reports.vocabulary import Vocabulary
from translator.compare.models.observation import Observation
from translator.model.level_facts import Atom

Located = tuple[Cell | None, tuple[str, ...]]
"""An atom's cell on the level (None when its place is no pair of numbers) and its other
arguments (`Vocabulary.place_of`)."""

SEEN_ROLES = ("hero", "boulder", "skeleton", "key", "lock", "has_key", "trap", "trap_raised",
              "trap_parity")
"""The roles whose predicates `observe_atoms` reads: no other atom changes what is seen."""


class AtomObserver:
    """`observe_atoms` on one level with its static atoms, kept by the atoms it reads."""

    def __init__(self, words: Vocabulary, coordinates: Coordinates, level: Level,
                 static: frozenset[Atom]) -> None:
        self._words, self._coordinates, self._level = words, coordinates, level
        self._parts = _SeenParts.of(words, level)
        self._read = frozenset(predicate for role in SEEN_ROLES
                               if (predicate := words.predicate(role)) is not None)
        self._static = frozenset(atom for atom in static if atom[0] in self._read)
        self._seen: dict[frozenset[Atom], Observation] = {}
        self._located: dict[Atom, Located] = {}

    def __call__(self, atoms: frozenset[Atom]) -> Observation:
        read = self._read
        key = frozenset([atom for atom in atoms if atom[0] in read])
        found = self._seen.get(key)
        if found is None:
            found = self._seen[key] = _observed(key | self._static, self._parts, self._locate)
        return found

    def _locate(self, atom: Atom) -> Located:
        found = self._located.get(atom)
        if found is None:
            found = self._located[atom] = located(atom, self._words, self._coordinates)
        return found


def located(atom: Atom, words: Vocabulary, coordinates: Coordinates) -> Located:
    # A place that is no pair of numbers (`at(down, 3)`, which an edited effect may write),
    # or no cell named as the model names its cells (`at(down)`), is no cell the player sees:
    # the object is then seen nowhere.
    try:
        x, y, rest = words.place_of(atom[0], atom[1:])
    except ValueError:
        return None, ()
    cell = coordinates.cell(int(x), int(y)) if _number(x) and _number(y) else None
    return cell, rest


@dataclass(frozen=True, slots=True)
class _SeenParts:
    """What `observe_atoms` reads of a vocabulary and a level, worked out once per observer:
    an exhaustive comparison observes tens of thousands of states."""

    width: int
    """The arguments of a place."""
    predicates: dict[str, str]
    """The predicate of each role the vocabulary names."""
    values: dict[str, str]
    """The vocabulary's state values (`hero_with_key`, `lock_opened`, ...)."""
    key_on_level: bool
    traps: frozenset[Cell]

    @classmethod
    def of(cls, words: Vocabulary, level: Level) -> _SeenParts:
        words.required("hero")  # every observation shows the hero
        return cls(words.width, dict(words.roles),
                   {name: str(value) for name, value in words.values},
                   level.key is not None, level.traps_lowered | level.traps_raised)


def observe_atoms(atoms: frozenset[Atom], words: Vocabulary, coordinates: Coordinates,
                  level: Level, locate: Callable[[Atom], Located] | None = None
                  ) -> Observation:
    """`locate`: an atom's cell and other arguments as `located` gives them (by default,
    that)."""
    return _observed(atoms, _SeenParts.of(words, level),
                     locate or (lambda atom: located(atom, words, coordinates)))


def _observed(atoms: frozenset[Atom], parts: _SeenParts, locate: Callable[[Atom], Located]
              ) -> Observation:
    role_predicate, width, values = parts.predicates.get, parts.width, parts.values
    by_predicate: dict[str, list[Atom]] = {}
    for atom in atoms:  # once: each part below reads one predicate's atoms
        by_predicate.setdefault(atom[0], []).append(atom)

    def state_of(atom: Atom) -> str | None:
        """The atom's first argument besides its place ([places] says where that is)."""
        rest = locate(atom)[1]
        return rest[0] if rest else None

    def cells(role: str, state: str | None = None) -> frozenset[Cell]:
        predicate = role_predicate(role)
        found: list[Cell] = []
        for atom in by_predicate.get(predicate or "", ()):
            if len(atom) > width:
                cell, rest = locate(atom)
                if cell is not None and (state is None or (rest and rest[0] == state)):
                    found.append(cell)
        return frozenset(found)

    lock, hero = role_predicate("lock"), parts.predicates["hero"]
    locks = by_predicate.get(lock or "", [])
    has_key = role_predicate("has_key")
    held = (has_key is not None and has_key in by_predicate) or any(
        len(a) > width + 1 and state_of(a) == values.get("hero_with_key")
        for a in by_predicate.get(hero, ()))
    if "lock_opened" in values:
        held = held or any(len(a) > width + 1 and state_of(a) == values["lock_opened"]
                           for a in locks)
    elif role_predicate("key") is not None and parts.key_on_level:
        # Taken is off the board: a model that spends the key on the lock (`¬aClé`) took it;
        # a key with a state is off the board once no atom says it lies there.
        held = held or not cells("key", values.get("key_lying"))
    if "lock_closed" in values:
        closed = any(len(a) > width + 1 and state_of(a) == values["lock_closed"]
                     for a in locks)
    else:
        closed = bool(locks)
    traps = parts.traps
    raised = cells("trap", values["trap_raised"]) if "trap_raised" in values \
        else cells("trap_raised")
    parity = role_predicate("trap_parity")
    if "trap_flip" in parts.predicates:
        # The phase is a value, and a trap is raised under the value it is listed with.
        now = {a[1] for a in by_predicate.get(parity or "", ()) if len(a) == 2}
        raised = frozenset().union(*(cells("trap", value) for value in now))
    elif parity is not None and (parity,) in atoms:
        # The traps are written by their first phase and the flag says they have changed.
        raised = traps - raised
    return Observation(hero=cells("hero"), boulders=cells("boulder"),
                       skeletons=cells("skeleton"), key_taken=held,
                       lock_open=not closed or held,
                       raised_traps=raised & traps)


def _number(value: str) -> bool:
    return value.lstrip("-").isdigit()
