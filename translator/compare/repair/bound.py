"""What `--repair-seconds` lets the repair do after its search, and what is said of what the
bound left undone: a fix left unchecked is listed as such (`UNCHECKED`), never suggested
unverified; cases left unchecked while the evidence was built (first_evidence.py) are named
in the reason no fix is shown (`unchecked_evidence`), never taken as agreeing."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from translator.compare.repair.search_terms import Repair

UNCHECKED = ("it agrees on every plan, but --repair-seconds ran out before it was compared "
             "with the game on every state, board and moved board: not suggested unverified")
"""Why a fix the plans accepted is left out when the bound ran out before its checks."""

Checked = TypeVar("Checked")


def checked_in_time(repairs: Sequence[Repair], check: Callable[[Repair], Checked],
                    in_time: Callable[[], bool]
                    ) -> tuple[list[tuple[Repair, Checked]], list[tuple[Repair, str]]]:
    """Each fix with what `check` says of it, one after the other while the bound lasts; the
    ones left when it runs out, with `UNCHECKED`."""
    checked: list[tuple[Repair, Checked]] = []
    unchecked: list[tuple[Repair, str]] = []
    for repair in repairs:
        if in_time():
            checked.append((repair, check(repair)))
        else:
            unchecked.append((repair, UNCHECKED))
    return checked, unchecked


def unchecked_evidence(cases: int, unchecked: Sequence[str], unwalked: Sequence[str],
                       failing: int) -> str:
    """Why no fix is shown when the bound ran out while the evidence was built: before
    `unchecked` of the `cases` were checked, or the game's plans of `unwalked` walked (for
    where each schema is used, which the candidates are made from), `failing` failures found
    by then."""
    left = [f"{len(unchecked)} of the {cases} levels and probes were not checked"
            if unchecked else "", f"the game's plans of {len(unwalked)} were not walked for "
            "where each schema is used" if unwalked else ""]
    return ("--repair-seconds ran out while the repair's evidence was built, before any "
            f"candidate was tried: {', and '.join(part for part in left if part)} (failures "
            f"found so far: {failing}). Nothing was searched: give the repair more time")
