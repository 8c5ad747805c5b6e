"""Where a schema applied: an edited precondition must hold at every use along the game's
plans (`always_holds`) and fail at every use against the game (`blocks`)."""

from __future__ import annotations

from strips_model.errors import Position
from strips_model.schema import Literal, Term
from translator.compare.repair.edits import Clause, Edit, Kind
from translator.compare.repair.uses import SchemaUses, Use


def _literal(predicate: str, *variables: str, positive: bool = True) -> Literal:
    return Literal(predicate, tuple(Term(v, True) for v in variables), positive, Position("t"))


def _edit(kind: Kind, literal: Literal, clause: Clause = Clause.PRECONDITION,
          schema: str = "walk") -> Edit:
    before = literal if kind is Kind.REMOVE else None
    after = None if kind is Kind.REMOVE else literal
    return Edit(kind, schema, clause, 0, before, after)


# The schema `walk` applied where the game does otherwise: X bound to c2, a boulder there.
WRONG = SchemaUses({"walk": [Use({"X": "c2"}, frozenset({("boulder", "c2")}))]})


def test_a_precondition_false_where_the_schema_applied_wrongly_blocks_it() -> None:
    assert WRONG.blocks(_edit(Kind.ADD, _literal("boulder", "X", positive=False)))
    assert not WRONG.blocks(_edit(Kind.ADD, _literal("boulder", "X")))


def test_an_unbound_variable_or_a_removal_never_blocks() -> None:
    assert not WRONG.blocks(_edit(Kind.ADD, _literal("boulder", "Y", positive=False)))
    assert not WRONG.blocks(_edit(Kind.REMOVE, _literal("boulder", "X")))


def test_effects_and_other_schemas_are_left_to_the_search() -> None:
    assert WRONG.blocks(_edit(Kind.ADD, _literal("boulder", "X"), Clause.EFFECT))
    assert WRONG.blocks(_edit(Kind.ADD, _literal("boulder", "X"), schema="kick"))


def test_always_holds_keeps_an_undecided_literal() -> None:
    assert WRONG.always_holds(_edit(Kind.ADD, _literal("boulder", "Y")))
    assert WRONG.always_holds(_edit(Kind.ADD, _literal("boulder", "X")))
    assert not WRONG.always_holds(_edit(Kind.ADD, _literal("boulder", "X", positive=False)))
