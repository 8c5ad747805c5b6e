"""Where a schema applied: an edited precondition must hold at every use along the game's
plans (`always_holds`) and fail at every use against the game (`blocks`)."""

from __future__ import annotations

from helpers import shared_path

from strips_model.errors import Position
from strips_model.schema import Literal, Schema, Term
from translator.compare.check import read_model
from translator.compare.models.compared import UnbuildableModel, model_or_defect
from translator.compare.repair.edits import Clause, Edit, Kind
from translator.compare.repair.uses import SchemaUses, Use, wrong_uses
from translator.compare.repair.verify import check_case
from translator.compare.runs.evidence import probe_cases


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


def test_a_negated_precondition_ranks_as_a_change_never_as_a_contradiction() -> None:
    """`walk` requires no skeleton on X and applied where a boulder stands: `-skeleton(X)`
    made `skeleton(X)` replaces what it contradicts, so it ranks as any other change; the
    same literal added beside `-skeleton(X)` would switch the move off, and ranks after."""
    written = _literal("skeleton", "X", positive=False)
    walk = Schema("walk", (), (written,), (), 1, Position("t"))
    negated = Edit(Kind.NEGATE, "walk", Clause.PRECONDITION, 0, written,
                   _literal("skeleton", "X"))
    other = Edit(Kind.PREDICATE, "walk", Clause.PRECONDITION, 0, written,
                 _literal("boulder", "X", positive=False))
    added = _edit(Kind.ADD, _literal("skeleton", "X"))
    named = {("boulder", False)}

    def contradicts(edit: Edit) -> bool:
        return WRONG.blocking_rank(edit, walk, named, "hero")[2]

    assert not contradicts(negated) and not contradicts(other)
    assert contradicts(added)


def test_a_written_precondition_negated_ranks_with_the_additions_before_other_changes() -> None:
    """`walk` requires `-locked(X)` (a slip of `locked(X)`) and applied where a boulder
    stands: giving the slip back is a change of one sign, as small as an added literal that
    blocks the same use, and both rank before a literal's predicate or argument changed;
    a negative addition before a positive one still, and at equal ranks the search's next
    keys put a negation before an addition. A presence made an absence (`phase(P)` made
    `-phase(P)`, which no longer binds P) ranks as a change."""
    written = _literal("locked", "X", positive=False)
    bound = _literal("phase", "X")
    walk = Schema("walk", (), (written, bound), (), 1, Position("t"))
    negated = Edit(Kind.NEGATE, "walk", Clause.PRECONDITION, 0, written, _literal("locked", "X"))
    unbound = Edit(Kind.NEGATE, "walk", Clause.PRECONDITION, 1, bound,
                   _literal("phase", "X", positive=False))
    other = Edit(Kind.PREDICATE, "walk", Clause.PRECONDITION, 0, written,
                 _literal("boulder", "X", positive=False))
    added_positive = _edit(Kind.ADD, _literal("key", "X"))
    added_negative = _edit(Kind.ADD, _literal("boulder", "X", positive=False))

    def rank(edit: Edit) -> tuple[bool, ...]:
        return WRONG.blocking_rank(edit, walk, set(), "hero")

    assert rank(added_negative) < rank(negated) == rank(added_positive) < rank(other)
    assert rank(added_positive) < rank(unbound)


def test_always_holds_keeps_an_undecided_literal() -> None:
    assert WRONG.always_holds(_edit(Kind.ADD, _literal("boulder", "Y")))
    assert WRONG.always_holds(_edit(Kind.ADD, _literal("boulder", "X")))
    assert not WRONG.always_holds(_edit(Kind.ADD, _literal("boulder", "X", positive=False)))


def test_the_second_outcome_of_seed_001_on_e6_is_where_obtain_key_right_applied() -> None:
    """On E6, at letter 3, seed 001 kicks the skeleton (as the game) and also walks onto the
    key cell with `obtainKeyRight`: that action, bound to the key cell, is the wrong use."""
    path = str(shared_path("seeds/001_1103b020ed6d817c.txt"))
    report = read_model(path).report
    model = model_or_defect(report, path)
    assert not isinstance(model, UnbuildableModel)
    case = next(c for c in probe_cases(symmetric=False) if c.name.startswith("probe E6"))
    failure = check_case(model, case)
    assert failure is not None and "allows several outcomes" in failure.what
    wrong = wrong_uses(model, case, failure.what, failure.letter, report.schemas)
    assert list(wrong.uses) == ["obtainKeyRight"]
    (use,) = wrong.uses["obtainKeyRight"]
    assert ("skeleton", use.binding["X'"], use.binding["Y"]) in use.facts
