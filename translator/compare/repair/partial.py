"""A fix of one fault among several, when no fix makes the model agree on every case.

A model written with several faults (seed 001 toggles only the two traps an action names,
and lets the hero walk onto the key cell through a boulder) has no fix of two edits that
makes it agree everywhere, yet each of its faults can be fixed alone. A partial fix makes
some failing case agree, keeps every case that agreed agreeing, and keeps the model following
the game on every failing case as far as it did (each cut before its divergence, a guard: a
fix that only moves a divergence earlier is no fix). It is a complete fix of the evidence
narrowed to those cases plus one failing case, the target, found by the same search
(search.py) and verified on all of them. Targets are one failure per schema it points at:
first where the model allows, next to the game's move, an action that does something else to
the board (the hero, a boulder, a skeleton, the key, the lock: a precondition too weak, which
one literal mends), then the other wrong moves on the board, then a move the model cannot
make; the traps' phases and the cost, which every schema of such a model writes, come last.
Each target has a share of the time left.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import replace

from strips_model.schema import Schema
from translator.compare.models.compared import UnbuildableModel
from translator.compare.models.protocols import ComparedModel
from translator.compare.repair.edits import apply_edits
from translator.compare.repair.search import Clock, Repair, RepairSearch, Subject, suggest
from translator.compare.repair.verify import Failure, check_case
from translator.compare.runs.evidence import Case

SHARES = 3
"""The time left is shared among at most this many targets at once (the first gets a third)."""
_BOARD = ("hero:", "boulders:", "skeletons:", "key taken:", "lock open:")


def partial_fixes(subject: Subject, schemas: tuple[Schema, ...], failures: Sequence[Failure],
                  seconds: float, clock: Clock = time.perf_counter) -> RepairSearch:
    """Verified fixes of one of the model's faults, searched for `seconds` of `clock`: the
    failing cases they make agree (`fixed`), every case that agreed still agreeing,
    `still_failing` the others."""
    started = clock()
    named = {c.name: c for c in subject.cases}
    failures = [f for f in failures if f.case in named]  # a case of the evidence
    failing = {f.case for f in failures}
    agreeing = tuple(c for c in subject.cases if c.name not in failing)
    original = subject.model(schemas)
    guards = () if isinstance(original, UnbuildableModel) else _guards(original, named, failures)
    targets = _targets(failures)
    tried = 0
    for rank, target in enumerate(targets):
        left = seconds - (clock() - started)
        if left <= 0:
            break
        narrowed = replace(subject, cases=(named[target.case], *agreeing, *guards))
        found = suggest(narrowed, schemas, left / min(len(targets) - rank, SHARES),
                        explain=False, clock=clock, whole=False)
        tried += found.tried
        if found.repairs:
            repairs = tuple(_widened(subject, schemas, repair, failures, len(narrowed.cases))
                            for repair in found.repairs)
            return RepairSearch(tuple(failures), repairs, tried, clock() - started)
    return RepairSearch(tuple(failures), (), tried, clock() - started)


def _guards(original: ComparedModel, named: dict[str, Case], failures: Sequence[Failure]
            ) -> tuple[Case, ...]:
    """Each failing case's game plan cut before its divergence (whole when the divergence
    is elsewhere, on the model's own plan), where the model as written follows the game."""
    guards: list[Case] = []
    for failure in failures:
        case = named[failure.case]
        if case.plan is None:
            continue
        cut = failure.letter - 1 if failure.letter is not None and \
            failure.what.startswith("on the game's plan") else len(case.plan)
        guard = replace(case, name=f"{case.name}, its first {cut} letters",
                        plan=case.plan[:cut], cost=None, judged=None, small=False)
        if cut > 0 and check_case(original, guard) is None:
            guards.append(guard)
    return tuple(guards)


def _targets(failures: Sequence[Failure]) -> list[Failure]:
    """One failure per schema pointed at, those of a wrong move on the board first."""
    def kind(failure: Failure) -> int:
        seen = failure.what.partition("game vs model: ")[2]
        if not any(field in seen for field in _BOARD):
            return 2 if "has no action" in failure.what else 3
        return 0 if "allows several outcomes" in failure.what else 1

    chosen: dict[tuple[str, ...], Failure] = {}
    for failure in sorted(failures, key=kind):
        chosen.setdefault(failure.suspects[:1], failure)
    return list(chosen.values())


def _widened(subject: Subject, schemas: tuple[Schema, ...], repair: Repair,
             failures: Sequence[Failure], verified_on: int) -> Repair:
    """The repair with every failing case it makes agree, the target and the others."""
    model = subject.model(apply_edits(schemas, repair.edits))
    named = {c.name: c for c in subject.cases}
    fixed = [f for f in failures
             if not isinstance(model, UnbuildableModel)
             and check_case(model, named[f.case]) is None]
    return replace(repair, fixed=tuple(f.case for f in fixed),
                   rules=tuple(dict.fromkeys(r for f in fixed for r in f.rules)),
                   verified_on=verified_on, still_failing=len(failures) - len(fixed))
