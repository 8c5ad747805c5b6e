"""Which divergences a fix mends, in the words the report gives each failure.

A fix's `fixed` (search.py `Repair`) names the failing cases of the model as written that
agree once it is made (every one for a complete fix; partial.py's for a fix of one fault).
Each such case failed one way, a `Failure` (verify.py), whose sentence says on which plan,
at which letter, in which state, what the game does and what the model does. A mend is that
failure, told in those words only: the game's and the model's parts are cut out of the
sentence where it has them (a divergence on a plan), never made up. A level or probe fails
in several of its turned and mirrored copies (evidence.py) most often alike, so the copies
are grouped under the first, with their names.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from translator.compare.repair.search import AS_WRITTEN
from translator.compare.repair.search_terms import Repair
from translator.compare.repair.verify import Failure
from translator.compare.runs.evidence import IDENTITY, SYMMETRIES

_COPY_SUFFIXES = tuple(f" ({s.name})" for s in SYMMETRIES if s != IDENTITY)
_TOLD = re.compile(r"(?P<side>[^:]*): (?P<where>(?:after )?letter \d+(?: '[a-z]')?), in the "
                   r"state \((?P<state>.*?)\): the game (?P<game>.*?); the model (?P<model>.*)",
                   re.DOTALL)
"""A divergence as verify.py says it: `{side}: {runs/divergence.py Divergence}`."""


def family(case: str) -> str:
    """The level or probe a case is a copy of (its name without the turn or mirror)."""
    return next((case.removesuffix(suffix) for suffix in _COPY_SUFFIXES
                 if case.endswith(suffix)), case)


@dataclass(frozen=True, slots=True)
class Mend:
    failure: Failure
    """The first failure the fix mends of its level or probe, in the report's order."""
    copies: tuple[str, ...] = ()
    """The other cases of that level or probe (turned, mirrored) the fix mends."""

    @property
    def _told(self) -> re.Match[str] | None:
        return _TOLD.fullmatch(self.failure.what)

    @property
    def game(self) -> str | None:
        """What the game does there, as the failure says; None when it says no such thing
        (a model that cannot be run, a plan's cost)."""
        told = self._told
        return None if told is None else told["game"]

    @property
    def model(self) -> str | None:
        told = self._told
        return None if told is None else told["model"]

    def text(self) -> str:
        """`level1 at letter 3 'r': the game ...; the model ...` (the state left out: the
        JSON's `what` has it), with how many copies alike."""
        failure, told = self.failure, self._told
        if told is None:
            said = f"{failure.case}: {failure.what}"
        else:
            at = "" if told["where"].startswith("after") else "at "
            said = f"{failure.case} {at}{told['where']} ({told['side']}): the game " \
                f"{told['game']}; the model {told['model']}"
        more = len(self.copies)
        return said + (f" (and {more} turned or mirrored cop{'ies' if more > 1 else 'y'})"
                       if more else "")

    def as_json(self) -> dict[str, object]:
        failure = self.failure
        return {"case": failure.case, "letter": failure.letter, "rules": list(failure.rules),
                "what": failure.what, "game": self.game, "model": self.model,
                "copies": list(self.copies)}


def mends(repair: Repair, failures: Sequence[Failure]) -> tuple[Mend, ...]:
    """The failures of the model as written that `repair` mends (their case in `fixed`), one
    per level or probe, in the order of `failures`."""
    fixed = set(repair.fixed)
    edited = {edit.schema for edit in repair.edits}
    groups: list[tuple[Failure, list[str]]] = []
    by_family: dict[str, int] = {}
    for failure in failures:
        if failure.case not in fixed:
            continue
        if failure.case == AS_WRITTEN and (repair.still_failing or repair.after) and \
                not edited & set(failure.suspects[:1]):
            continue  # a schema left out that another fault's fix mends, or none does
        name = family(failure.case)
        at = by_family.get(name)
        # Two failures of one case are two faults (the schemas the model is run without).
        if at is not None and groups[at][0].case != failure.case:
            groups[at][1].append(failure.case)
        else:
            by_family.setdefault(name, len(groups))
            groups.append((failure, []))
    return tuple(Mend(failure, tuple(copies)) for failure, copies in groups)
