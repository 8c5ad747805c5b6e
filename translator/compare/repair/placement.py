"""Where each literal of a fix goes in the clause as the student wrote it.

A change of a literal (negated, another argument, another predicate) and a removal stay where
the literal is written. An addition has no place in the schema (edits.py puts it at the
end of its clause), so its place is read off the file:

- in a mirrored body (mirror.py), the body it takes gives the order: the old clause and the
  new one are aligned (difflib), a literal of one that stands where the other has another is
  a change in place, and an added literal goes after the literal written before it in the new
  order (before the one after it, when it comes first);
- any other addition goes where the file's other schemas write it (the same literal, else
  one of the same predicate and sign): after the literal that comes before it there, before
  the one that comes after it, or first, whichever they say most often, when exactly one
  literal of this clause is that one; else, no place being known, at the end of the clause.

A literal the same fix removes is never a place, nor one not written on its own (in a
deleted group, `clear(a ∧ b)`; sharing its text, `time(t--)`): the next one known is taken.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher

from strips_model.schema import Literal, Schema
from translator.compare.repair.edits import Clause, Edit, Kind, literal_key


@dataclass(frozen=True, slots=True)
class Placed:
    """One literal of a fix, with the literal as written it is placed by."""

    edit: Edit
    """A literal added, removed or changed (a mirror edit is several of these)."""
    anchor: Literal | None
    """Its own literal (removed, changed), or the literal an addition is written next to;
    None when the clause has no literal written to place it by."""
    before: bool = False
    """An addition written before its anchor, else after it."""
    at_end: bool = False
    """An addition put at the end of its clause, where it fits not being known."""


_Hint = tuple[tuple[Literal, bool], ...]
"""For an addition: the literals it may be written next to, best first, each with whether
it goes before that literal (else after)."""


def placements(edits: Sequence[Edit], schemas: Sequence[Schema],
               written: Callable[[Literal], bool] = lambda _: True
               ) -> tuple[tuple[Placed, ...], ...]:
    """The literals of each edit of the fix `edits` of `schemas` (as written), placed; an
    addition only next to a literal `written` on its own in the file."""
    by_name = {s.name: s for s in schemas}
    each = [_aligned(edit) if edit.bodies is not None else [(edit, None)] for edit in edits]
    removed = {e.before for parts in each for e, _ in parts if e.kind is Kind.REMOVE}

    def usable(literal: Literal) -> bool:
        return literal not in removed and written(literal)

    return tuple(tuple(_place(edit, hint, by_name, schemas, usable) for edit, hint in parts)
                 for parts in each)


def _place(edit: Edit, hint: _Hint | None, by_name: dict[str, Schema],
           schemas: Sequence[Schema], usable: Callable[[Literal], bool]) -> Placed:
    if edit.kind is not Kind.ADD:
        return Placed(edit, edit.before)
    schema = by_name.get(edit.schema)
    own = () if schema is None else _clause(schema, edit.clause)
    if hint is None:
        hint = _by_file_order(own, edit, [s for s in schemas if s.name != edit.schema],
                              usable)
    found = next(((lit, before) for lit, before in hint if usable(lit)), None)
    if found is not None:
        return Placed(edit, found[0], before=found[1])
    last = next((lit for lit in reversed(own) if usable(lit)), None)
    return Placed(edit, last, at_end=True)


def _clause(schema: Schema, clause: Clause) -> tuple[Literal, ...]:
    return schema.preconditions if clause is Clause.PRECONDITION else schema.effects


Key = Callable[[Literal], object]
_FIRST = object()
"""The place before a clause's first literal."""


def _loose(literal: Literal) -> object:
    return literal.predicate, literal.positive


def _by_file_order(own: Sequence[Literal], edit: Edit, others: Sequence[Schema],
                   usable: Callable[[Literal], bool]) -> _Hint:
    """The places the other schemas' same clause write the added literal at: after the
    literal before it there, before the one after it, or first, most often first; each only
    where one literal of `own` (`usable`: not removed, written on its own) is that one. The
    same literal is looked for first, then one of its predicate and sign."""
    assert edit.after is not None
    kept = [literal for literal in own if usable(literal)]
    for key in (literal_key, _loose):
        wanted = key(edit.after)
        votes: Counter[tuple[object, bool]] = Counter()
        for other in others:
            written = _clause(other, edit.clause)
            for index, literal in enumerate(written):
                if key(literal) != wanted:
                    continue
                votes[(key(written[index - 1]), False) if index else (_FIRST, True)] += 1
                if index + 1 < len(written):
                    votes[key(written[index + 1]), True] += 1
        found = []
        for (neighbour, before), _ in votes.most_common():
            matches = kept[:1] if neighbour is _FIRST else \
                [literal for literal in kept if key(literal) == neighbour]
            if len(matches) == 1:
                found.append((matches[0], before))
        if found:
            return tuple(found)
    return ()


def _aligned(edit: Edit) -> list[tuple[Edit, _Hint | None]]:
    """A mirror edit as the literal changes, removals and additions that make it, the old
    clauses aligned with the new ones (`edit.bodies`)."""
    assert edit.bodies is not None
    (old_pre, old_eff), (new_pre, new_eff) = edit.bodies
    found: list[tuple[Edit, _Hint | None]] = []
    for clause, old, new in ((Clause.PRECONDITION, old_pre, new_pre),
                             (Clause.EFFECT, old_eff, new_eff)):
        old_keys, new_keys = list(map(literal_key, old)), list(map(literal_key, new))
        written: dict[int, Literal] = {}  # the new clause's places a written literal holds
        added: list[int] = []
        matcher = SequenceMatcher(None, old_keys, new_keys, autojunk=False)
        for tag, i1, i2, j1, j2 in matcher.get_opcodes():
            if tag == "equal":
                written.update((j1 + k, old[i1 + k]) for k in range(i2 - i1))
                continue
            gone = [i for i in range(i1, i2) if old_keys[i] not in new_keys]
            fresh = [j for j in range(j1, j2) if new_keys[j] not in old_keys]
            for i, j in zip(gone, fresh, strict=False):
                found.append((_change(edit.schema, clause, i, old[i], new[j]), None))
                written[j] = old[i]
            found += [(Edit(Kind.REMOVE, edit.schema, clause, i, old[i], None), None)
                      for i in gone[len(fresh):]]
            added += fresh[len(gone):]
        for j, key in enumerate(new_keys):  # kept, elsewhere in the clause
            if j not in written and key in old_keys:
                written[j] = old[old_keys.index(key)]
        for j in added:
            hint = (*((written[k], False) for k in range(j - 1, -1, -1) if k in written),
                    *((written[k], True) for k in range(j + 1, len(new)) if k in written))
            found.append((Edit(Kind.ADD, edit.schema, clause, len(old), None, new[j]), hint))
    return found


def _change(schema: str, clause: Clause, index: int, old: Literal, new: Literal) -> Edit:
    kind = Kind.PREDICATE if old.predicate != new.predicate else \
        Kind.ARGUMENT if old.args != new.args else Kind.NEGATE
    return Edit(kind, schema, clause, index, old, new)
