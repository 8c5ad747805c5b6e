"""The state values of a model's predicates, for the vocabulary inference
(translator/compare/vocabulary_inference.py): which numbers say a trap is raised, a lock
opened, a hero holding the key, read off the constants the schemas write in those places."""

from __future__ import annotations

import re

from strips_model.schema import Schema


def state_values(schemas: tuple[Schema, ...], roles: dict[str, str], arity: dict[str, int],
                 starts: dict[str, int] | None = None, width: int = 2
                 ) -> tuple[list[tuple[str, int]], list[str]]:
    """State values of a trap, a lock and a hero with a key flag, with the reason;
    `starts`: where a predicate's place starts, when not first (the state is the first
    argument besides the place, of `width` arguments)."""
    values: list[tuple[str, int]] = []
    evidence: list[str] = []

    def constants(predicate: str) -> list[int]:
        start = (starts or {}).get(predicate, 0)
        state = 0 if start else width
        return sorted({int(t.name) for s in schemas for lit in (*s.preconditions, *s.effects)
                       if lit.predicate == predicate and len(lit.args) > width
                       for t in lit.args[state:state + 1]
                       if not t.is_variable and re.fullmatch(r"-?[0-9]+", t.name)})

    for role, low, high, said in (("trap", "trap_lowered", "trap_raised", "lowered, raised"),
                                  ("lock", "lock_closed", "lock_opened", "closed, opened"),
                                  ("hero", "hero_without_key", "hero_with_key",
                                   "without the key, with it")):
        predicate = roles.get(role)
        if predicate is None or arity[predicate] <= width:
            continue
        found = constants(predicate)
        # One value written (a trap only ever tested raised, `spike_dynamic(x, y, 1)`) is
        # read in the usual 0/1 pair.
        pair = (0, 1) if set(found) <= {0, 1} else (found[0], found[-1])
        values += [(low, pair[0]), (high, pair[1])]
        evidence.append(f"{predicate} has a state argument: {pair[0]}, {pair[1]} read as "
                        f"{said} (the values it uses, in order; swap them in [values] if "
                        "the model means the other way)")
    return values, evidence
