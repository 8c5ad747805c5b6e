"""What a failure names: the literals a repair's ranking tries first, and which clause.

The failure's words (verify.py) name the literal that kept the closest schema from applying,
and the fields of what the player sees that differ; each field is written with a role's
predicates, in the model's own vocabulary when it was inferred.
"""

from __future__ import annotations

import re

from strips_model.reports.vocabulary import Vocabulary
from translator.compare.repair.verify import Failure

_NAMED = re.compile(r"fails on (-?)([A-Za-z_][\w']*)\(")
_ROLES = {"hero": ("hero",), "boulders": ("boulder",), "skeletons": ("skeleton",),
          "key taken": ("has_key", "key"), "lock open": ("lock",),
          "raised traps": ("trap", "trap_raised", "trap_lowered", "trap_parity", "trap_flip")}
"""The roles each field of what the player sees (models/observation.py) is written with: the
traps raised are the traps' phases and, where those give the first phase, the flag every
action flips (a move that forgets to flip it shows as traps raised wrong), or the phase
written as a value with its flip."""
_OURS = {"lock": "locked", "trap": "phase"}
"""The predicates of our own model that play a role under another name."""


def failure_hints(failure: Failure | None, vocabulary: Vocabulary | None = None
                  ) -> tuple[set[tuple[str, bool]], bool]:
    """The literals a failure names (the one that kept the closest schema from applying,
    the predicates of what the player sees differently), and whether effects come first."""
    if failure is None:
        return set(), False
    named = {(m.group(2), not m.group(1)) for m in _NAMED.finditer(failure.what)}
    seen = failure.what.partition("game vs model: ")[2].split(" (earlier")[0]
    for field in (part.split(":")[0] for part in seen.split("; ") if part):
        for role in _ROLES.get(field, ()):
            name = vocabulary.predicate(role) if vocabulary is not None \
                else _OURS.get(role, role)
            if name is not None:
                named |= {(name, True), (name, False)}
    return named, "game vs model" in failure.what and "several" not in failure.what
