"""The faults of a model with several: its failures grouped by what each points at, and the
fixes found for them numbered in the order a student meets them.

A failure points at a schema (its first suspect, verify.py) and at what goes wrong there: the
literal a blocked move fails on, or the parts of the board the model's action leaves otherwise
than the game (the hero, a boulder, the traps, the cost...). Failures that point alike are one
target, searched once; failures that point at one schema but differ in what goes wrong are
searched apart, so that a slip's own failure is a target even when an older fault of the same
schema fails first. Which failures make one fault is known for sure only once a fix is found:
the failures it mends are that fault's (partial.py searches no target among them again).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from translator.compare.repair.search_terms import Repair
from translator.compare.repair.verify import Failure
from translator.compare.runs.evidence import as_given

_SEVERAL = "allows several outcomes"
"""How verify.py words an action applied where another does as the game."""
_BOARD = ("hero", "boulders", "skeletons", "key taken", "lock open")
"""The parts of the board a wrong move changes otherwise than the game (models/observation.py),
as opposed to the traps' phases and the cost, which every schema of such a model writes."""


def targets(failures: Sequence[Failure]) -> list[Failure]:
    """One failure per pointing, in the order they are searched: first where the model allows,
    next to the game's move, an action that does something else to the board (a precondition
    too weak, which one literal mends), then the other wrong moves on the board, then a move
    the model cannot make; the traps' phases and the cost come last."""
    def kind(failure: Failure) -> int:
        if not any(part in _BOARD for part in _differing(failure)):
            return 2 if "has no action" in failure.what else 3
        return 0 if _SEVERAL in failure.what else 1

    chosen: dict[tuple[str, ...], Failure] = {}
    for failure in sorted(failures, key=kind):
        chosen.setdefault(pointing(failure), failure)
    return list(chosen.values())


def grouped(targets: Sequence[Failure]) -> list[tuple[Failure, ...]]:
    """The targets searched one at a time, each as a group of one, and before the first of
    each schema that several of them point at first in different ways, those targets as one
    group: one slip (a precondition negated) shows as a boulder kicked, a key taken, a trap
    missed, each a target of its own, and an edit that mends one alone (a precondition more)
    is most often not the fault, where the edit that mends them all is. A group's fix is
    searched first; when there is none, its targets are searched apart. Only a schema that
    both applies where the game does something else (a second outcome) and fails the game
    elsewhere (a move it cannot make, or makes otherwise) makes a group: a literal written
    wrong does both, where targets all of the first kind (seed 001's key taken through a
    skeleton, then through a boulder) are as often faults of their own, each mended by a
    precondition of its own; turned copies of one case count as one case."""
    groups: list[tuple[Failure, ...]] = []
    for target in targets:
        shared = tuple(t for t in targets if t.suspects[:1] == target.suspects[:1])
        kinds = {_SEVERAL in t.what for t in shared}
        if target.suspects and len({as_given(t.case) for t in shared}) > 1 \
                and len(kinds) == 2 and shared[0] is target:
            groups.append(shared)
        groups.append((target,))
    return groups


def pointing(failure: Failure) -> tuple[str, ...]:
    """The schema a failure points at first, and what goes wrong there."""
    suspect = failure.suspects[:1]
    blocked = [str(literal) for schema, literal in failure.blocked if schema in suspect][:1]
    return (*suspect, *blocked, *sorted(_differing(failure)))


def _differing(failure: Failure) -> set[str]:
    """The parts of what the player sees that the game and the model leave differently."""
    seen = failure.what.partition("game vs model: ")[2].split(" (earlier")[0]
    return {part.split(":")[0] for part in seen.split("; ") if part}


def numbered(repairs: Sequence[Repair], failures: Sequence[Failure],
             cases: Sequence[str]) -> tuple[Repair, ...]:
    """The repairs, their faults numbered in the order a student meets them: the fault whose
    first mended failure comes first in the report (the levels before the probes, in `cases`
    order, the earliest letter first), each fault's alternatives after its first fix."""
    order = {name: index for index, name in enumerate(cases)}
    letter = {failure.case: failure.letter or 0 for failure in failures}

    def first_seen(fault: int) -> tuple[int, int]:
        mended = [case for repair in repairs if repair.fault == fault for case in repair.fixed]
        return min(((order.get(case, len(order)), letter.get(case, 0)) for case in mended),
                   default=(len(order), 0))

    faults = sorted(dict.fromkeys(repair.fault for repair in repairs), key=first_seen)
    renumbered = {fault: number for number, fault in enumerate(faults, start=1)}
    return tuple(sorted((replace(repair, fault=renumbered[repair.fault]) for repair in repairs),
                        key=lambda repair: repair.fault))


def firsts_first(repairs: Sequence[Repair]) -> list[Repair]:
    """Each fault's first fix, then the alternatives: checked in this order (fixes.py), the
    bound reaches every fault before a second fix of any."""
    firsts: dict[int, Repair] = {}
    for repair in repairs:
        firsts.setdefault(repair.fault, repair)
    return [*firsts.values(), *(repair for repair in repairs if repair not in firsts.values())]


def together(repairs: Sequence[Repair]) -> Repair | None:
    """The first fix of every fault made at once: the fault partial.py found last, with the
    others made before it, as it was verified; None with fewer than two faults, or when a fix
    it was verified with was turned down since (fixes.py)."""
    firsts: dict[int, Repair] = {}
    for repair in repairs:
        firsts.setdefault(repair.fault, repair)
    if len(firsts) < 2:
        return None
    last = max(firsts.values(), key=lambda repair: len(repair.after))
    made = {edit for repair in firsts.values() for edit in repair.edits}
    if set(last.after) | set(last.edits) != made:
        return None
    return replace(last, edits=(*last.after, *last.edits), after=(),
                   fixed=tuple(dict.fromkeys(case for repair in firsts.values()
                                             for case in repair.fixed)),
                   rules=tuple(dict.fromkeys(rule for repair in firsts.values()
                                             for rule in repair.rules)))
