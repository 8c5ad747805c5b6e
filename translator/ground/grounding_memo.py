"""The memo of ground actions a repair keeps across the models it verifies (exact_semantics.py's
`Grounder` reads it while `remembering_groundings` is active): most candidates differ from
the model in one schema, and meet the same states on the same levels again."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from strips_model.schema import Domain, Schema
from translator.ground.ground_action import GroundAction
from translator.model.level_facts import Atom, Facts


class GroundingMemo:
    """The ground actions of one schema in one state over one level's facts, kept while it is
    active (`remembering_groundings`): a repair verifies hundreds of models that differ in one
    schema on the same levels, and meets the same states again, so each other schema's
    actions are ground once. Keyed by the schema as written and the facts themselves, never
    by a name: an edited schema or a level read otherwise is ground afresh. Per state, the
    schemas ground are a bit set and only their non-empty results are kept (most are empty):
    a model of hundreds of schemas stays small."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        """States kept at most; past it, a state met anew is ground without being kept."""
        self.size = 0
        self._schemas: dict[Schema, int] = {}
        self._objects: dict[int, tuple[Schema, int]] = {}
        """The same numbers by the schema object (kept with it, so its identity is not
        reused): a model rebuilt after an edit keeps the other schemas' objects, and hashing
        hundreds of schemas by content for each candidate costs."""
        self._domains: dict[int, tuple[Domain, Numbers]] = {}
        self._facts: dict[tuple[frozenset[Atom], tuple[tuple[str, tuple[str, ...]], ...]],
                          dict[frozenset[Atom], Known]] = {}

    def table(self, facts: Facts) -> dict[frozenset[Atom], Known]:
        key = (facts.static, tuple(sorted(facts.objects.items())))
        return self._facts.setdefault(key, {})

    def numbers(self, domain: Domain) -> Numbers:
        """Each schema's number; a domain's kept by its identity (with the domain, so the
        identity is not reused), since hashing schemas anew for every level costs."""
        known = self._domains.get(id(domain))
        if known is None:
            if len(self._domains) > 64:
                self._domains.clear()
            known = self._domains[id(domain)] = (domain, Numbers(
                [self._number(s) for s in domain.schemas]))
        return known[1]

    def _number(self, schema: Schema) -> int:
        found = self._objects.get(id(schema))
        if found is None:
            if len(self._objects) > 100_000:
                self._objects.clear()
            found = self._objects[id(schema)] = (
                schema, self._schemas.setdefault(schema, len(self._schemas)))
        return found[1]

    def known(self, table: dict[frozenset[Atom], Known], state: frozenset[Atom]) -> Known:
        found = table.get(state)
        if found is None:
            found = Known()
            if self.size < self.limit:
                table[state] = found
                self.size += 1
        return found


class Numbers:
    """A domain's schemas as numbered in a memo: all of them as a mask (bit n: number n), and
    each number's place in the domain."""

    def __init__(self, numbers: list[int]) -> None:
        self.mask = sum(1 << n for n in set(numbers))
        self.order = {number: place for place, number in enumerate(numbers)}


class Known:
    __slots__ = ("ground", "actions")

    def __init__(self) -> None:
        self.ground = 0
        """Bit n set: schema number n is ground in this state."""
        self.actions: dict[int, list[GroundAction]] = {}


_ACTIVE: list[GroundingMemo] = []


@contextmanager
def remembering_groundings(limit: int = 200_000) -> Iterator[GroundingMemo]:
    """Every `Grounder` made inside keeps its schemas' ground actions per state in one memo
    (at most `limit` entries; past it, nothing more is kept). Nested: the outer one serves."""
    memo = _ACTIVE[0] if _ACTIVE else GroundingMemo(limit)
    _ACTIVE.append(memo)
    try:
        yield memo
    finally:
        _ACTIVE.pop()




def active_memo() -> GroundingMemo | None:
    """The memo a `Grounder` made now keeps its ground actions in, if any."""
    return _ACTIVE[0] if _ACTIVE else None
