"""The parts a level holds that a model's reading names no predicate for: a level is then
either not run (the reading may have missed the part) or run without it (the model does not
play it, a fault of its own), and the reading test (hypotheses.py) counts such a level as
nothing.
"""

from __future__ import annotations

from typing import Final

from strips_model.level import Level
from strips_model.reports.comparison import OPERATORS
from strips_model.reports.vocabulary import Vocabulary
from strips_model.schema import Schema
from translator.compare.models.floor import FLOORS
from translator.compare.vocabulary.words import role_scores

WALLING: Final = ("wall", *FLOORS)
"""The roles that say where walls are: a wall, or a floor that leaves them out."""


def named_parts(vocabulary: Vocabulary) -> frozenset[str]:
    """Of the demon and the wall, those the vocabulary names (a wall by any of `WALLING`)."""
    named = {role for role, _ in vocabulary.roles}
    return frozenset({"demon"} & named | ({"wall"} if named & set(WALLING) else set()))


def _unnamed(level: Level, vocabulary: Vocabulary, kept: frozenset[str] = frozenset()
             ) -> list[tuple[str, str]]:
    """(role, what the level holds of it) for the parts no role of the model names, among
    them the demon and the wall when `kept` has them."""
    start = level.start
    held = {"demon": ("demons", "demon" in kept and bool(level.demons)),
            "wall": ("walls", "wall" in kept and bool(level.walls)),
            "boulder": ("boulders", bool(start.boulders)),
            "skeleton": ("skeletons", bool(start.skeletons)),
            "key": ("key", level.key is not None), "lock": ("lock", level.lock is not None),
            "trap": ("traps", bool(level.traps_lowered or level.traps_raised)),
            "spikes": ("spikes", bool(level.spikes))}
    named = {role for role, _ in vocabulary.roles} | named_parts(vocabulary)
    if named & {"trap_raised", "trap_lowered"}:
        named.add("trap")
    if "safe" in named:  # with no spike predicate, the cells without spikes name them
        named.add("spikes")
    return [(role, what) for role, (what, holds) in held.items() if holds and role not in named]


def unnamed_parts(level: Level, vocabulary: Vocabulary, kept: frozenset[str] = frozenset()
                  ) -> tuple[str, ...]:
    """The parts the level holds that no role of the model names, each with the line of a
    vocabulary file that would name one. Its Init would leave the part out (`unread_parts`
    says whether the level is run so). Demons and walls stay out of this unless `kept` has
    them (`named_parts` of another reading): a stated goal needs no demon, and walls may be
    missing adjacency."""
    return tuple(f"the level holds {what} but no predicate of the model reads as the {role}: "
                 f"name the one that does in a vocabulary file, `{role} = \"PREDICATE\"` under "
                 "[roles] (--vocabulary-out drafts the file)"
                 for role, what in _unnamed(level, vocabulary, kept))


def unread_parts(level: Level, vocabulary: Vocabulary, schemas: tuple[Schema, ...]
                 ) -> tuple[str, ...]:
    """`unnamed_parts`, when the reading may have missed one of them: a predicate no role
    reads may hold it (a place, and a state beside it at most), or one read otherwise is
    named after it (`piege` read as the spikes). The level is then not run. Otherwise the
    model does not play those parts (a model without traps): a fault of its own, which the
    level, run without them, shows."""
    missing = _unnamed(level, vocabulary)
    if not missing:
        return ()
    arity = {lit.predicate: len(lit.args) for schema in schemas
             for lit in (*schema.preconditions, *schema.effects)}
    read = {name for _, name in vocabulary.roles}
    # A comparison (`c <= l`) holds numbers, never a part.
    unread = any(name not in read and name not in OPERATORS
                 and vocabulary.width <= count <= vocabulary.width + 1
                 for name, count in arity.items())
    said = any(role_scores(name).get(each) for name in arity for role, _ in missing
               for each in ((role, "trap_raised", "trap_lowered") if role == "trap" else (role,)))
    return unnamed_parts(level, vocabulary) if unread or said else ()
