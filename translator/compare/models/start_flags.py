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
  other, and the other way round;
- (nearly) every move of the hero requires it: the hero moves first, before any bookkeeping
  of the turn (`aJouer`, given back once the traps are toggled).

A slot of one value (`slots_at_start`) starts at the one constant the actions write in it.
"""

from __future__ import annotations

from strips_model.reports.vocabulary import Vocabulary
from strips_model.schema import Schema
from translator.compare.vocabulary.flags import changes, complements, every_move_needs, flags_of
from translator.model.level_facts import Atom

FALSE_AT_START = ("has_key", "trap_parity")
"""The roles of flags the game starts without."""


def true_at_start(read: tuple[Schema, ...], words: Vocabulary) -> frozenset[str]:
    """The flags of `read` (the schemas as read) that start true on every level (module
    doc); none of them is a role of `words`."""
    roles = {name for _, name in words.roles}
    needed = {lit.predicate for schema in read for lit in schema.preconditions
              if lit.positive and not lit.args}
    swapped = {other for role, name in words.roles if role in FALSE_AT_START
               for other in complements(read, name)}
    first = every_move_needs(read, words.predicate("hero"))

    def starts_true(flag: str) -> bool:
        added, deleted = changes(read, flag)
        if not added:
            return flag in needed or bool(deleted)
        return flag in swapped or flag in first

    return frozenset(flag for flag in flags_of(read) - roles if starts_true(flag))


def slots_at_start(read: tuple[Schema, ...], words: Vocabulary) -> frozenset[Atom]:
    """The atoms `p(c)` of `read` that start true on every level: `p` is no role's, the
    actions that move the hero all require some `p` atom, every action that adds one
    requires one (so none would ever hold, and the hero never move, unless one holds at the
    start), and `c` is the only tuple of constants the actions write at `p`'s places. A model
    in PDDL keeps an exactly-one slot so: `(doomed nowhere)` until a skeleton is doomed, every
    action trading the slot's value for another."""
    roles = {name for _, name in words.roles}
    hero = words.predicate("hero")
    moves = [s for s in read if any(e.predicate == hero and e.positive for e in s.effects)]
    if hero is None or not moves:
        return frozenset()
    required = set.intersection(*({lit.predicate for lit in s.preconditions
                                   if lit.positive and lit.args} for s in moves))
    found: set[Atom] = set()
    for slot in sorted(required - roles):
        adders = [s for s in read if any(e.predicate == slot and e.positive for e in s.effects)]
        if not all(any(lit.predicate == slot and lit.positive for lit in s.preconditions)
                   for s in adders):
            continue
        constants = {tuple(t.name for t in lit.args) for s in read
                     for lit in (*s.preconditions, *s.effects)
                     if lit.predicate == slot and not any(t.is_variable for t in lit.args)}
        if len(constants) == 1:
            found.add((slot, *constants.pop()))
    return frozenset(found)
