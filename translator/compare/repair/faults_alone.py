"""A model of several faults has no complete fix: each fault fixed alone (partial.py), and each
fix found checked in full, one fix at a time: on every state (every_state.py
`fault_fix_verdict`), then on moved boards (shifted.py `by_coordinates`). Each fault's first
fix is checked before any alternative (faults.py `firsts_first`), both checks together, so
that the bound's last seconds are not spent on alternatives' states while the first fixes
still wait for their moved boards (a course model with two faults and a slip had its three
first fixes checked on every state, then no time left to move a board: no fix shown).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from strips_model.schema import Schema
from translator.compare.repair.bound import checked_in_time
from translator.compare.repair.every_state import StateVerdict, fault_fix_verdict
from translator.compare.repair.faults import firsts_first
from translator.compare.repair.partial import partial_fixes
from translator.compare.repair.search_terms import Clock, Repair, RepairSearch, Subject
from translator.compare.repair.shifted import by_coordinates
from translator.compare.runs.evidence import Case


@dataclass(frozen=True, slots=True)
class FaultsAlone:
    """The search extended by the fixes of each fault alone that passed both checks, and what
    the checks said of the others."""

    found: RepairSearch
    rejected: list[tuple[Repair, str]]
    unequal: list[tuple[Repair, bool]]
    """Those the comparison on every state took back, with whether the former verifier
    took them."""
    moved: dict[Repair, str | None]
    """Each fix checked on moved boards: the case whose verdict moving its board changes, or
    None (suggest_fixes does not move them again)."""


def faults_alone(subject: Subject, written: tuple[Schema, ...], found: RepairSearch,
                 evidence: tuple[Case, ...], seconds: float, clock: Clock,
                 in_time: Callable[[], bool], once: tuple[Case, ...],
                 equal: dict[Repair, StateVerdict], jobs: int = 1, *, former: bool = False
                 ) -> FaultsAlone:
    """Each fault fixed alone within `seconds` of `clock` on `evidence`, each fix kept on each
    level within that search, then checked on `once`'s states and moved boards while
    `in_time` (on up to `jobs` cores); each fix kept on every state goes into `equal` with
    its verdict. `former`: as every_state.py's."""
    alone = partial_fixes(subject, written, found.failures, seconds, clock, evidence)

    def check(repair: Repair) -> tuple[StateVerdict, str | None]:
        verdict = fault_fix_verdict(subject, written, repair, once, in_time, jobs,
                                    former=former)
        return verdict, None if verdict.differs is not None else \
            by_coordinates(subject, written, repair, once)

    kept, unchecked = checked_in_time(firsts_first(alone.repairs), check, in_time)
    differs = [(repair, verdict) for repair, (verdict, _) in kept if verdict.differs is not None]
    rejected = [*alone.rejected, *unchecked,
                *[(repair, verdict.differs or "") for repair, verdict in differs]]
    unequal = [(repair, False) for repair, _ in alone.rejected]
    unequal += [(repair, verdict.formerly_accepted) for repair, verdict in differs]
    equal.update((repair, verdict) for repair, (verdict, _) in kept if verdict.differs is None)
    moved = {repair: where for repair, (verdict, where) in kept if verdict.differs is None}
    alone = replace(alone, repairs=tuple(r for r in alone.repairs if r in moved))
    return FaultsAlone(replace(alone, tried=found.tried + alone.tried,
                               seconds=found.seconds + alone.seconds, suspects=found.suspects),
                       rejected, unequal, moved)
