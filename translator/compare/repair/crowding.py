"""Failures that point at more schemas than a fix may edit: most often several faults (a real
model's own, and a slip on top), which no fix of one or two edits mends. The search for one
complete fix would spend its half of the bound in vain (issue 40: a course model with two
faults and a slip found its three fixes alone, then had no time left to check them), so it
keeps `SEVERAL_SHARE` of it; the rest goes to each fault alone (partial.py) and to the checks
of what that finds. A share, not a skip: one fault whose failures name several schemas
first (a blocked move names the nearest) is still searched whole, only for less long.
"""

from __future__ import annotations

from collections.abc import Sequence

from translator.compare.repair.verify import Failure

SEVERAL_SHARE = 0.4
"""Of its half of the bound, what the search for one complete fix keeps when `crowded`."""


def crowded(failures: Sequence[Failure], two_edits: bool) -> bool:
    """Whether the failures point first at more schemas than a fix may edit."""
    return len({f.suspects[0] for f in failures if f.suspects}) > (2 if two_edits else 1)


def searched_for(seconds: float, several: float, failures: Sequence[Failure], two_edits: bool,
                 spent: float) -> float:
    """The bound of a search for one complete fix given `seconds`, `spent` of them on the
    evidence: `several` of them past that when the failures are `crowded`."""
    if several < 1.0 and crowded(failures, two_edits):
        return min(seconds, spent + several * seconds)
    return seconds
