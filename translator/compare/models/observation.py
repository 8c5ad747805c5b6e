"""What a state looks like to the player, so states of different models can be compared.

Models disagree on bookkeeping (a parity bit or a phase per trap, a held key or an opened lock),
so states are compared on what the game shows: where the hero, boulders and skeletons are,
whether the key was taken, whether the hero may walk into the lock cell, which traps are up.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from strips_model.level import Cell, Level, State


@dataclass(frozen=True, slots=True)
class Observation:
    hero: frozenset[Cell]
    """One cell in the game; a model may place the hero on several or none."""
    boulders: frozenset[Cell]
    skeletons: frozenset[Cell]
    key_taken: bool
    lock_open: bool
    """True when the hero may step into the lock cell (opened, or the key is held)."""
    raised_traps: frozenset[Cell]

    def differences(self, other: Observation) -> list[str]:
        """`field: mine vs other's` for every field that differs."""
        found = []
        for field in fields(self):
            mine, theirs = getattr(self, field.name), getattr(other, field.name)
            if mine != theirs:
                found.append(f"{field.name.replace('_', ' ')}: {show(mine)} vs {show(theirs)}")
        return found


def show(value: object) -> str:
    if isinstance(value, frozenset):
        return "{" + ", ".join(f"({r},{c})" for r, c in sorted(value)) + "}"
    return str(value).lower()


def observe_game(level: Level, state: State) -> Observation:
    traps = level.traps_lowered | level.traps_raised
    return Observation(
        hero=frozenset({state.hero}),
        boulders=state.boulders,
        skeletons=state.skeletons,
        key_taken=state.has_key,
        lock_open=level.lock is None or not state.lock_closed or state.has_key,
        raised_traps=frozenset(cell for cell in traps if level.hurts(cell, state.parity)),
    )
