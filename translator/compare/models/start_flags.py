"""The flags (fluents of no argument) a model needs true when a level starts, for the Init
generated from each level (report_init.py).

The game starts with the key not held, the traps in their first phase and nothing won, and the
flags read as those parts (`has_key`, `trap_parity`) start false. A model written without
negative preconditions says the same with flags that start true: `nokey`, deleted when the key
is taken; `even`, swapped with `odd` by every action; `playing`, deleted by the move that wins.
Such a flag is known by what the actions do, whatever its name:

- no action adds it, and some action requires it or deletes it: unless it starts true, those
  actions could never apply, or their delete would do nothing;
- it is the complement of a flag that starts false: every action that adds the one deletes the
  other, and the other way round.
"""

from __future__ import annotations

from strips_model.reports.vocabulary import Vocabulary
from strips_model.schema import Schema
from translator.compare.vocabulary.facts import NEARLY

FALSE_AT_START = ("has_key", "trap_parity")
"""The roles of flags the game starts without."""


def _changes(schemas: tuple[Schema, ...], flag: str) -> tuple[set[str], set[str]]:
    """(the schemas that add `flag`, those that delete it), by name."""
    added = {s.name for s in schemas
             if any(e.predicate == flag and e.positive and not e.args for e in s.effects)}
    deleted = {s.name for s in schemas
               if any(e.predicate == flag and not e.positive and not e.args for e in s.effects)}
    return added, deleted


def _flags(schemas: tuple[Schema, ...]) -> set[str]:
    return {lit.predicate for schema in schemas
            for lit in (*schema.preconditions, *schema.effects) if not lit.args}


def complements(schemas: tuple[Schema, ...], flag: str) -> tuple[str, ...]:
    """The flags (nearly) every action that adds `flag` deletes, and the other way round
    (`even` for `odd`), none added or deleted with it, in name order."""
    added, deleted = _changes(schemas, flag)

    def swapped(other: str) -> bool:
        other_added, other_deleted = _changes(schemas, other)
        changing = added | deleted | other_added | other_deleted
        together = (added & other_added) | (deleted & other_deleted)
        crossed = (added & other_deleted) | (deleted & other_added)
        return bool(added) and not together and len(crossed) >= NEARLY * len(changing)

    return tuple(filter(swapped, sorted(_flags(schemas) - {flag})))


def true_at_start(read: tuple[Schema, ...], words: Vocabulary) -> frozenset[str]:
    """The flags of `read` (the schemas as read) that start true on every level (module
    doc); none of them is a role of `words`."""
    roles = {name for _, name in words.roles}
    needed = {lit.predicate for schema in read for lit in schema.preconditions
              if lit.positive and not lit.args}
    swapped = {other for role, name in words.roles if role in FALSE_AT_START
               for other in complements(read, name)}

    def starts_true(flag: str) -> bool:
        added, deleted = _changes(read, flag)
        if not added:
            return flag in needed or bool(deleted)
        return flag in swapped

    return frozenset(flag for flag in _flags(read) - roles if starts_true(flag))
