"""The sorts of an untyped model, read off where its variables stand, so that a literal an edit
writes over variables of another sort (`box(c2, c)` over counter values, `box(x2, x)` with a
column where a row goes) ranks after those that could hold.

Two argument places of predicates have one sort when a variable of some schema stands at
both (`at(x, y)` and `adjacent(d, x, y, x2, y2)` give `at`'s first place the sort of
`adjacent`'s second): the classes of that relation, over the whole model. A slip can only join
two classes (a literal written over the wrong variables) or, removing the one literal that
joined them, split them; so the literal a slip removed may read as ill-sorted, and such
literals are ranked last, never left out.
"""

from __future__ import annotations

from collections.abc import Sequence

from strips_model.schema import Literal, Schema

Place = tuple[str, int]


class Sorts:
    """The sort of each argument place of each predicate of `schemas`."""

    def __init__(self, schemas: Sequence[Schema]) -> None:
        parent: dict[Place, Place] = {}

        def find(place: Place) -> Place:
            while parent[place] != place:
                parent[place] = parent[parent[place]]
                place = parent[place]
            return place

        for schema in schemas:
            first: dict[str, Place] = {}
            for literal in (*schema.preconditions, *schema.effects):
                for index, term in enumerate(literal.args):
                    if not term.is_variable:
                        continue
                    place = (literal.predicate, index)
                    parent.setdefault(place, place)
                    if term.name in first:
                        parent[find(place)] = find(first[term.name])
                    else:
                        first[term.name] = place
        self._sort = {place: find(place) for place in parent}
        self._variables: dict[int, tuple[Schema, dict[str, Place]]] = {}

    def _of(self, schema: Schema) -> dict[str, Place]:
        """Each variable of `schema` (as written) with its sort, by the schema's identity
        (the schema kept with it, so that the identity is never another's)."""
        known = self._variables.get(id(schema))
        if known is None:
            sorts: dict[str, Place] = {}
            for literal in (*schema.preconditions, *schema.effects):
                for index, term in enumerate(literal.args):
                    sort = self._sort.get((literal.predicate, index))
                    if term.is_variable and sort is not None:
                        sorts.setdefault(term.name, sort)
            known = self._variables[id(schema)] = (schema, sorts)
        return known[1]

    def well_sorted(self, schema: Schema, literal: Literal) -> bool:
        """Whether each variable of `literal`, written in `schema`, has the sort of the place
        it stands at (a place or a variable the model never sorts fits anywhere)."""
        variables = self._of(schema)
        for index, term in enumerate(literal.args):
            if not term.is_variable:
                continue
            there, own = self._sort.get((literal.predicate, index)), variables.get(term.name)
            if there is not None and own is not None and there != own:
                return False
        return True
