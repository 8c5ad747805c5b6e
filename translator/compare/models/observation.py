"""What a state looks like to the player, so states of different models can be compared.

Models disagree on bookkeeping (a parity bit or a phase per trap, a held key or an opened lock),
so states are compared on what the game shows: where the hero, boulders and skeletons are,
whether the key was taken, whether the hero may walk into the lock cell, which traps are up.
"""

from __future__ import annotations

from dataclasses import dataclass

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

    def parts(self) -> tuple[tuple[str, frozenset[Cell] | bool], ...]:
        """Each part of the board as seen, named as the report words it."""
        return (("hero", self.hero), ("boulders", self.boulders),
                ("skeletons", self.skeletons), ("key taken", self.key_taken),
                ("lock open", self.lock_open), ("raised traps", self.raised_traps))

    def differences(self, other: Observation) -> list[str]:
        """`part: mine vs other's` for every part that differs."""
        return [f"{name}: {show(mine)} vs {show(theirs)}"
                for (name, mine), (_, theirs) in zip(self.parts(), other.parts(), strict=True)
                if mine != theirs]


def show(value: frozenset[Cell] | bool) -> str:
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
