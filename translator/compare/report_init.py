"""An Init in a report's vocabulary, generated from a level file, for the levels a report does
not describe itself (its own `Init(...)` describes one level, classic level 6 for seed 001).

The atoms are the report's: its predicates, its coordinates (strips_model/reports/init_level.py
`Coordinates`), its state values and its counter. Where the level and the report's schemas do
not fit (the schemas need two traps, a level may have none), a treatment makes them fit, and a
sentence says which.
"""

from __future__ import annotations

from typing import Final

from strips_model.level import Level
from strips_model.moves import Direction
from strips_model.reports.init_level import Coordinates
from strips_model.reports.vocabulary import Vocabulary
from translator.model.level_facts import Atom

PHANTOM_TRAP: Final = (-1, -1)
"""Where a level without traps gets one: no cell of any level is there or next to it."""


def generated_init(level: Level, vocabulary: Vocabulary
                   ) -> tuple[tuple[Atom, ...], tuple[str, ...]]:
    """An Init for `level` in the report's vocabulary and coordinates, with the treatments the
    level needed (one sentence each)."""
    coordinates = Coordinates.of_level(level, vocabulary)
    name = vocabulary.required
    trap, lowered = name("trap"), vocabulary.value("trap_lowered")

    def at(predicate: str, cell: tuple[int, int], *state: int) -> Atom:
        x, y = coordinates.xy(cell)
        return (predicate, str(x), str(y), *(str(s) for s in state))

    start = level.start
    atoms: list[Atom] = [at(name("hero"), start.hero), (name("counter"), str(level.budget))]
    atoms += [at(name("demon"), cell) for cell in sorted(level.demons)]
    if level.lock is not None:
        atoms.append(at(name("lock"), level.lock, vocabulary.value("lock_closed")))
    if level.key is not None:
        atoms.append(at(name("key"), level.key))
    atoms += [at(trap, cell, lowered) for cell in sorted(level.traps_lowered)]
    atoms += [at(trap, cell, vocabulary.value("trap_raised"))
              for cell in sorted(level.traps_raised)]
    atoms += [at(name("spikes"), cell) for cell in sorted(level.spikes)]
    atoms += [at(name("boulder"), cell) for cell in sorted(start.boulders)]
    atoms += [at(name("skeleton"), cell) for cell in sorted(start.skeletons)]
    # Like the report, only the walls that bound the hero's area; those are the only ones
    # an action ever tests (a step, a kick's landing cell, a skeleton crushed on a wall).
    around = {(row + d_row, column + d_column) for row, column in level.reachable_cells()
              for d_row, d_column in (direction.delta for direction in Direction)}
    walls = sorted(cell for cell in around
                   if not level.is_open(cell) and cell not in level.demons)
    atoms += [at(name("wall"), cell) for cell in walls]
    notes: list[str] = []
    traps = len(level.traps_lowered) + len(level.traps_raised)
    if traps == 0:
        x, y = PHANTOM_TRAP
        atoms.append((trap, str(x), str(y), str(lowered)))
        notes.append(f"no trap: every action of the report needs two, so a phantom trap stands "
                     f"at X={x}, Y={y}, outside the grid, where nothing can reach it")
    elif traps == 1:
        notes.append("one trap: both trap parameters of an action name it")
    elif traps > 2:
        notes.append(f"{traps} traps: each action toggles the two it names (or one named twice) "
                     "and the others keep their phase, as the report's schemas say")
    if level.traps_lowered and level.traps_raised:
        notes.append("traps start in both phases: an action needs its two traps in one phase")
    top = max(level.budget, level.width, level.height)
    atoms += [(name("successor"), str(k), str(k + 1)) for k in range(-1, top)]
    return tuple(atoms), tuple(notes)
