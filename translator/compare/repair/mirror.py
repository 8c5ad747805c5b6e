"""The mirrored body of a sibling direction: a schema's body replaced by the body of the same
case in another direction, turned to this one.

A model written one schema per direction (`DeplacerHaut_case3`, `DeplacerBas_case3`) says each
case four times; a slip in one copy (a coordinate not turned, a copy of the wrong direction
left as it was) is undone by turning a sibling's body. How a body turns from one direction to
another is read off the model itself: its other pairs of siblings, literal by literal in the
order written, each literal of one direction translating to the literal at the same place in
the other when most pairs agree. A literal no pair translates is kept as it is (a direction
seldom changes it: the counter, the trap phase).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Sequence

from strips_model.moves import Direction
from strips_model.reports.vocabulary import Vocabulary
from strips_model.schema import Literal, Schema, Term
from translator.compare.repair.edits import Body, Clause, Edit, Kind, literal_key

_WORD = re.compile(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])")
"""A name's words, camel-case or `_`-separated, as vocabularies read direction words."""

Key = tuple[str, tuple[Term, ...], bool]


def direction_word(name: str, words: Sequence[str]) -> str | None:
    return next((word for word in _WORD.findall(name) if word in words), None)


def sibling_name(name: str, word: str, other: str) -> str:
    """`name` with its direction word `word` replaced by `other`."""
    start = next(m.start() for m in _WORD.finditer(name) if m.group() == word)
    return name[:start] + other + name[start + len(word):]


class Siblings:
    """A model's schemas by name, with the turns between directions its sibling pairs say."""

    def __init__(self, schemas: Sequence[Schema], words: Sequence[str]) -> None:
        self.schemas, self.words = tuple(schemas), tuple(words)
        self.by_name = {s.name: s for s in schemas}
        self._votes: dict[tuple[str, str], dict[Key, Counter[Key]]] = {}
        self._seen: dict[Key, Literal] = {}

    def of(self, schema: Schema) -> list[tuple[str, Schema]]:
        """(the sibling's direction word, the sibling) for each other direction written."""
        own = direction_word(schema.name, self.words)
        if own is None:
            return []
        found = [(other, self.by_name.get(sibling_name(schema.name, own, other)))
                 for other in self.words if other != own]
        return [(other, sibling) for other, sibling in found if sibling is not None]

    def votes(self, source: str, target: str) -> dict[Key, Counter[Key]]:
        """Literal of direction `source` -> how many pairs of siblings (clauses as long) put
        each literal of direction `target` at its place."""
        if (source, target) in self._votes:
            return self._votes[source, target]
        votes: dict[Key, Counter[Key]] = {}
        for schema in self.schemas:
            if direction_word(schema.name, self.words) != source:
                continue
            other = self.by_name.get(sibling_name(schema.name, source, target))
            for a, b in _pairs(schema, other):
                votes.setdefault(literal_key(a), Counter())[literal_key(b)] += 1
                self._seen.setdefault(literal_key(b), b)
        self._votes[source, target] = votes
        return votes

    def turned(self, sibling: Schema, source: str, target: str, own: Schema | None = None
               ) -> Body:
        """`sibling`'s body (direction `source`) turned to direction `target`, each literal
        as the majority of the pairs say, `own` (the schema the body is for) and its sibling
        left out of the vote: a slip in `own` must not sway its own turn."""
        votes = self.votes(source, target)
        mine = Counter((literal_key(a), literal_key(b)) for a, b in _pairs(sibling, own))

        def turn(literal: Literal) -> Literal:
            key = literal_key(literal)
            counted = Counter({b: n - mine[key, b] for b, n in votes.get(key, Counter()).items()
                               if n > mine[key, b]})
            return self._seen[counted.most_common(1)[0][0]] if counted else literal

        return (tuple(map(turn, sibling.preconditions)), tuple(map(turn, sibling.effects)))

    def edits(self, schema: Schema, turn: bool = True) -> Iterator[Edit]:
        """The schema's body replaced by each sibling's, turned (`turn`, a repair) or as
        written (a copy-paste slip, the benchmark's mutant); none that leaves it as it is."""
        own = direction_word(schema.name, self.words)
        body: Body = (schema.preconditions, schema.effects)
        for other, sibling in self.of(schema):
            assert own is not None
            new: Body = self.turned(sibling, other, own, schema) if turn else \
                (sibling.preconditions, sibling.effects)
            if _keys(new) != _keys(body):
                yield Edit(Kind.MIRROR, schema.name, Clause.PRECONDITION, 0, None, None,
                           (body, new), sibling.name)


def _pairs(schema: Schema, other: Schema | None) -> Iterator[tuple[Literal, Literal]]:
    """The literals at the same place of two siblings' clauses of one length."""
    for mine, theirs in (((schema.preconditions, other.preconditions),
                          (schema.effects, other.effects)) if other else ()):
        if len(mine) == len(theirs):
            yield from zip(mine, theirs, strict=True)


def _keys(body: Body) -> tuple[frozenset[Key], frozenset[Key]]:
    return frozenset(map(literal_key, body[0])), frozenset(map(literal_key, body[1]))


def mirror_edits(schema: Schema, schemas: Sequence[Schema], words: Sequence[str],
                 turn: bool = True) -> Iterator[Edit]:
    """`Siblings.edits` of one schema."""
    return Siblings(schemas, words).edits(schema, turn)


def as_literal_edits(edit: Edit) -> list[Edit]:
    """A mirror edit as the literal removals and additions that make it, for writing it in
    the model's own file (notation_text.py); any other edit as it is."""
    if edit.bodies is None:
        return [edit]
    (old_pre, old_eff), (new_pre, new_eff) = edit.bodies
    found: list[Edit] = []
    for clause, old, new in ((Clause.PRECONDITION, old_pre, new_pre),
                             (Clause.EFFECT, old_eff, new_eff)):
        kept = set(map(literal_key, new))
        found += [Edit(Kind.REMOVE, edit.schema, clause, index, lit, None)
                  for index, lit in enumerate(old) if literal_key(lit) not in kept]
        had = set(map(literal_key, old))
        found += [Edit(Kind.ADD, edit.schema, clause, len(old), None, lit)
                  for lit in new if literal_key(lit) not in had]
    return found


def direction_words(schemas: Sequence[Schema], vocabulary: Vocabulary | None
                    ) -> tuple[str, ...]:
    """The words of the schemas' names that say their direction: the vocabulary's, or, when
    it names each action's key press one by one, each word found in every name of one
    direction and in no other's (`Haut` in `DeplacerHaut_case1`, `TaperRocherHaut_case3`)."""
    if vocabulary is None:
        return ()
    said = tuple(dict.fromkeys(word for word, _ in vocabulary.direction_words))
    if said:
        return said
    names: dict[Direction, list[set[str]]] = {}
    for schema in schemas:
        key = vocabulary.direction_of(schema.name)
        if key is not None:
            names.setdefault(key, []).append(set(_WORD.findall(schema.name)))
    found: list[str] = []
    for direction, each in names.items():
        common = set.intersection(*each)
        others: set[str] = set().union(*(w for d, ws in names.items() if d != direction
                                          for w in ws))
        found += sorted(common - others)
    return tuple(found)


def mirror_candidates(suspects: Sequence[Schema], schemas: tuple[Schema, ...],
                      vocabulary: Vocabulary | None) -> tuple[list[Edit], list[Edit]]:
    """The turned bodies of the siblings (for a model whose names say their direction; ours
    has one schema for every direction: none): first, the odd ones out, a schema whose
    siblings, turned, agree on a body other than its own (a slip in one copy of a case,
    which the literal that blocks it seldom points at); then those of each suspect."""
    words = direction_words(schemas, vocabulary)
    if not words:
        return [], []
    model = Siblings(schemas, words)
    odd: list[Edit] = []
    for schema in schemas:
        edits = list(model.edits(schema))
        bodies = Counter(_keys(edit.bodies[1]) for edit in edits if edit.bodies is not None)
        agreed = [body for body, count in bodies.items() if count >= 2]
        odd += [edit for edit in edits if edit.bodies is not None
                and _keys(edit.bodies[1]) in agreed][:1]
    rest = [edit for schema in suspects for edit in model.edits(schema)]
    return odd, [edit for edit in rest if edit not in odd]
