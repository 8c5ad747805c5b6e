"""Arithmetic terms compile to static successor relations (strips_model/reports/arithmetic.py)."""

from __future__ import annotations

from strips_model.reports.arithmetic import offset_predicate, without_arithmetic
from strips_model.reports.notation import read_model
from strips_model.schema import Term, build_domain
from translator.ground.exact_semantics import Grounder
from translator.model.level_facts import Facts

MOVE = """Action(move_right(X,Y))
PRECOND : at(X, Y) $\\wedge$ $\\neg$ wall(X, Y + 1)
EFFECT : at(X, Y + 1) $\\wedge$ $\\neg$ at(X, Y)

Action(push_left(X,Y))
PRECOND : at(X, Y) $\\wedge$ block(X, Y - 1) $\\wedge$ $\\neg$ wall(X, Y - 2)
EFFECT : block(X, Y - 2) $\\wedge$ $\\neg$ block(X, Y - 1)
"""


def _schemas():  # type: ignore[no-untyped-def]
    reading = read_model(MOVE, "m.md")
    assert not reading.skipped
    return reading.schemas


def test_offsets_become_variables_bound_by_successor_relations() -> None:
    move, push = (without_arithmetic(schema) for schema in _schemas())
    assert [str(lit) for lit in move.preconditions] == [
        "plus_1(Y, Y_plus_1)", "at(X, Y)", "-wall(X, Y_plus_1)"]
    assert [str(lit) for lit in move.effects] == ["at(X, Y_plus_1)", "-at(X, Y)"]
    assert [p.name for p in move.parameters] == ["X", "Y", "Y_plus_1"]
    assert [str(lit) for lit in push.preconditions][:2] == [
        "minus_1(Y, Y_minus_1)", "minus_2(Y, Y_minus_2)"]
    assert all(not term.offset for lit in (*push.preconditions, *push.effects)
               for term in lit.args)


def test_a_schema_without_arithmetic_is_left_as_it_is() -> None:
    (move, _) = _schemas()
    plain = without_arithmetic(move)
    assert without_arithmetic(plain) == plain
    assert Term("Y", True, 2).__str__() == "Y + 2"


def test_the_compiled_schemas_ground_to_the_moves_the_arithmetic_says() -> None:
    domain = build_domain(tuple(without_arithmetic(s) for s in _schemas()), "m.md",
                          strict=False)
    values = tuple(str(v) for v in range(0, 4))
    # The successor relations over the coordinates 0-3, for the offsets the schemas write.
    static = frozenset({("wall", "1", "3")}) | {
        (offset_predicate(offset), str(value), str(value + offset))
        for offset in (1, -1, -2) for value in range(0, 4) if 0 <= value + offset < 4}
    initial = frozenset({("at", "1", "1"), ("block", "1", "0")})
    grounder = Grounder(domain, Facts({"object": values}, static, initial, ()))
    moves = sorted((a.schema, dict(a.binding)["Y_plus_1"]) for a in grounder.applicable(
        initial | static) if a.schema == "move_right")
    assert moves == [("move_right", "2")]
