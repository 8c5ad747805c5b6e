"""The typed edit space of a repair: one literal of one schema changed, each edit costing 1.

An edit names its schema, the clause it touches and the literal's index in that clause, with
the literal before and after (None for an added or a removed one). Applying edits gives new
schemas; the inverse of every edit exists, which is what the benchmark's mutants rely on (the
mutant is the edit, the expected fix its inverse). How an edit reads in the model's own file
is notation_text.py's.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from strips_model.errors import Position
from strips_model.schema import Literal, Schema, Term


class Clause(StrEnum):
    PRECONDITION = "precondition"
    EFFECT = "effect"


class Kind(StrEnum):
    ADD = "add"
    REMOVE = "remove"
    NEGATE = "negate"
    ARGUMENT = "argument"
    """One argument replaced by another parameter of the schema (`Y''` for `Y'`)."""
    PREDICATE = "predicate"
    """The predicate replaced by another of the same arity."""
    MIRROR = "mirror"
    """The whole body replaced: by a sibling direction's, turned to this direction
    (mirror.py), or for a mutant by the sibling's as written (a copy-paste slip)."""


Body = tuple[tuple[Literal, ...], tuple[Literal, ...]]
"""A schema's preconditions and effects."""


@dataclass(frozen=True, slots=True)
class Edit:
    kind: Kind
    schema: str
    clause: Clause
    index: int
    """The literal's index in its clause; for an added literal, where it goes (the end)."""
    before: Literal | None
    after: Literal | None
    bodies: tuple[Body, Body] | None = None
    """For a mirror edit: the schema's body before and after."""
    sibling: str = ""
    """For a mirror edit: the schema whose body it takes."""

    def inverse(self) -> Edit:
        if self.bodies is not None:
            return replace(self, bodies=(self.bodies[1], self.bodies[0]))
        kind = {Kind.ADD: Kind.REMOVE, Kind.REMOVE: Kind.ADD}.get(self.kind, self.kind)
        return Edit(kind, self.schema, self.clause, self.index, self.after, self.before)

    def text(self) -> str:
        """The edit in words, in the notation's own literal spelling (`-` for a negation
        here; notation_text.py respells it as the file writes it)."""
        if self.kind is Kind.MIRROR:
            return f"the body of {self.sibling} turned to this direction"
        if self.kind is Kind.ADD:
            return f"add {literal_text(self.after)}"
        if self.kind is Kind.REMOVE:
            return f"remove {literal_text(self.before)}"
        return f"{literal_text(self.before)} -> {literal_text(self.after)}"

    def as_json(self) -> dict[str, object]:
        return {"kind": str(self.kind), "clause": str(self.clause), "index": self.index,
                "before": literal_text(self.before) if self.before else None,
                "after": literal_text(self.after) if self.after else None,
                "text": self.text(), **({"sibling": self.sibling} if self.sibling else {})}


def literal_text(literal: Literal | None) -> str:
    return "" if literal is None else str(literal)


def literal_key(literal: Literal) -> tuple[str, tuple[Term, ...], bool]:
    """A literal without its position: two literals written in two places are the same."""
    return literal.predicate, literal.args, literal.positive


def schema_key(schema: Schema) -> tuple[object, ...]:
    """A schema as its semantics sees it: name, parameters, the literals as sets, cost."""
    return (schema.name, schema.parameters, frozenset(map(literal_key, schema.preconditions)),
            frozenset(map(literal_key, schema.effects)), schema.cost)


def _clause(schema: Schema, clause: Clause) -> tuple[Literal, ...]:
    return schema.preconditions if clause is Clause.PRECONDITION else schema.effects


def apply_edit(schema: Schema, edit: Edit) -> Schema:
    if edit.bodies is not None:
        preconditions, effects = edit.bodies[1]
        return replace(schema, preconditions=preconditions, effects=effects)
    literals = list(_clause(schema, edit.clause))
    if edit.kind is Kind.ADD:
        assert edit.after is not None
        literals.insert(min(edit.index, len(literals)), edit.after)
    elif edit.kind is Kind.REMOVE:
        del literals[edit.index]
    else:
        assert edit.after is not None
        literals[edit.index] = edit.after
    if edit.clause is Clause.PRECONDITION:
        return replace(schema, preconditions=tuple(literals))
    return replace(schema, effects=tuple(literals))


def apply_edits(schemas: Sequence[Schema], edits: Iterable[Edit]) -> tuple[Schema, ...]:
    """`edits` applied in order; edits of one schema's clause are applied from the last index
    down, so that the indices stay those of the schema as written."""
    ordered = sorted(edits, key=lambda e: (e.schema, e.clause, -e.index))
    result = list(schemas)
    for edit in ordered:
        for position, schema in enumerate(result):
            if schema.name == edit.schema:
                result[position] = apply_edit(schema, edit)
    return tuple(result)


# -- the edits of one schema ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Signature:
    """What the edit space needs to know of a model: each predicate's arity, its fluents, the
    type of each argument and of each constant, so that no edit makes a type clash."""

    arities: dict[str, int]
    fluents: frozenset[str]
    types: dict[str, tuple[str | None, ...]]
    """Each predicate's argument types, as the variables written there type them (None: no
    variable nor typed constant ever stands there, so anything fits)."""
    constants: dict[str, str] = field(default_factory=dict)
    """Each constant's type: that of an argument it stands at (`yes` in `won(yes)` is a flag
    when `won(G)` is written elsewhere with `G: flag`), as the model's builder types it."""

    @classmethod
    def of(cls, schemas: Sequence[Schema]) -> Signature:
        arities: dict[str, int] = {}
        slots: dict[str, list[str | None]] = {}
        written = [(schema, literal) for schema in schemas
                   for literal in (*schema.preconditions, *schema.effects)]
        for schema, literal in written:
            arities.setdefault(literal.predicate, len(literal.args))
            known = slots.setdefault(literal.predicate, [None] * len(literal.args))
            for slot, kind in enumerate(_variable_types(schema, literal.args)[:len(known)]):
                known[slot] = known[slot] or kind
        constants: dict[str, str] = {}
        for _, literal in written:
            for slot, term in enumerate(literal.args[:len(slots[literal.predicate])]):
                kind = slots[literal.predicate][slot]
                if not term.is_variable and kind is not None:
                    constants.setdefault(term.name, kind)
        for _, literal in written:  # an argument only constants fill takes their type
            known = slots[literal.predicate]
            for slot, term in enumerate(literal.args[:len(known)]):
                if not term.is_variable and known[slot] is None:
                    known[slot] = constants.get(term.name)
        fluents = frozenset(lit.predicate for s in schemas for lit in s.effects)
        return cls(arities, fluents, {name: tuple(kinds) for name, kinds in slots.items()},
                   constants)

    def types_of(self, schema: Schema, args: tuple[Term, ...]) -> tuple[str | None, ...]:
        """The types of `args` of `schema`: a variable's declared one, a constant's own."""
        return tuple(schema.parameter_type(t.name) if t.is_variable
                     else self.constants.get(t.name) for t in args)

    def fits(self, predicate: str, schema: Schema, args: tuple[Term, ...]) -> bool:
        """Whether `args` of `schema` have the types `predicate` takes (an untyped model's
        variables fit anywhere), so that an edit never makes a type clash."""
        wanted = self.types.get(predicate, ())
        return len(wanted) == len(args) and all(
            w is None or t is None or w == t
            for w, t in zip(wanted, self.types_of(schema, args), strict=True))


def _variable_types(schema: Schema, args: tuple[Term, ...]) -> tuple[str | None, ...]:
    return tuple(schema.parameter_type(t.name) if t.is_variable else None for t in args)


def _variables(schema: Schema) -> tuple[Term, ...]:
    seen = dict.fromkeys(Term(p.name, True) for p in schema.parameters)
    seen.update(dict.fromkeys(t for lit in (*schema.preconditions, *schema.effects)
                              for t in lit.args if t.is_variable))
    return tuple(seen)


def _same_type(schema: Schema, term: Term, other: Term) -> bool:
    """Two variables of one role: the same declared type (every variable of an untyped
    model is an object), so a typed model's edit never makes an arity or type clash."""
    return schema.parameter_type(term.name) == schema.parameter_type(other.name)


def local_edits(schema: Schema, signature: Signature) -> Iterator[Edit]:
    """Removing, negating, re-arguing or re-naming each literal written: the edits that need
    no new literal (additions are `added_literals`)."""
    variables = _variables(schema)
    for clause in Clause:
        for index, literal in enumerate(_clause(schema, clause)):
            yield Edit(Kind.REMOVE, schema.name, clause, index, literal, None)
            yield Edit(Kind.NEGATE, schema.name, clause, index, literal,
                       replace(literal, positive=not literal.positive))
            for slot, term in enumerate(literal.args):
                for other in variables:
                    if other != term and _same_type(schema, term, other):
                        args = (*literal.args[:slot], other, *literal.args[slot + 1:])
                        yield Edit(Kind.ARGUMENT, schema.name, clause, index, literal,
                                   replace(literal, args=args))
            for name in sorted(signature.arities):
                if name != literal.predicate and signature.fits(name, schema, literal.args) and (
                        clause is Clause.PRECONDITION or name in signature.fluents):
                    yield Edit(Kind.PREDICATE, schema.name, clause, index, literal,
                               replace(literal, predicate=name))


def added_literals(schema: Schema, signature: Signature, clause: Clause,
                   limit: int = 4) -> Iterator[Edit]:
    """Every literal over the schema's variables that the clause does not hold yet, positive
    and negative; effects only on fluents. Predicates of more than `limit` arguments are left
    out: their tuples of variables are too many to try one by one."""
    written = set(map(literal_key, _clause(schema, clause)))
    variables = _variables(schema)
    at = len(_clause(schema, clause))
    for name, arity in sorted(signature.arities.items()):
        if arity > limit or (clause is Clause.EFFECT and name not in signature.fluents):
            continue
        for args in _tuples(variables, arity):
            if not signature.fits(name, schema, args):
                continue
            for positive in (True, False):
                literal = Literal(name, args, positive, Position("<repair>"))
                if literal_key(literal) not in written:
                    yield Edit(Kind.ADD, schema.name, clause, at, None, literal)


def _tuples(variables: tuple[Term, ...], arity: int) -> Iterator[tuple[Term, ...]]:
    if arity == 0:
        yield ()
        return
    for head in variables:
        for rest in _tuples(variables, arity - 1):
            yield (head, *rest)
