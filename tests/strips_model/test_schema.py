"""The STRIPS schema notation: grammar, positions of errors, the model file, the report dialect."""

from __future__ import annotations

import pytest
from helpers import shared_path

from strips_model.errors import SchemaError
from strips_model.reports.document import load_report
from strips_model.schema import helltaker_domain, parse_domain, parse_schemas

SMALL = """\
# a comment
move(X: cell, Y': cell)   ; typed parameters, a primed variable
    Precondition: at(X), -blocked(Y'), near(X, Y', 0)
    Effect: -at(X), at(Y')
    Cost: 2
wait()
    Precondition:
    Effect:
"""


def test_schemas_parse_with_types_primes_constants_and_costs() -> None:
    move, wait = parse_schemas(SMALL, "small.strips")
    assert move.name == "move"
    assert [(p.name, p.type) for p in move.parameters] == [("X", "cell"), ("Y'", "cell")]
    assert [str(lit) for lit in move.preconditions] == ["at(X)", "-blocked(Y')", "near(X, Y', 0)"]
    assert [lit.positive for lit in move.effects] == [False, True]
    assert move.cost == 2 and wait.cost == 1
    assert (move.position.line, move.position.column) == (2, 1)
    assert wait.preconditions == () and wait.effects == ()


def test_domain_separates_fluents_from_static_predicates() -> None:
    domain = parse_domain(SMALL)
    assert domain.predicate("at").fluent
    assert not domain.predicate("near").fluent
    assert domain.predicate("near").types == ("cell", "cell", "object")


@pytest.mark.parametrize(
    ("text", "where", "message"),
    [
        ("go(X)\n  Precondition: a(X)\n  Effect b(X)\n", "s:3:10", "expected ':', found 'b'"),
        ("go(X)\n  Precondition: a(X\n  Effect: b(X)\n", "s:3:3", "expected ')', ','"),
        ("go(X)\n  Precondition: a(X)\n  Effect: b(X)\n  Cost: many\n", "s:4:9",
         "expected an integer, found 'many'"),
        ("go(X)\n  Precondition: a(%)\n", "s:2:19", "unexpected character '%'"),
        ("go(X)\n  Precondition: a(X)\n", "s", "expected 'Effect', found end of file"),
        ("go(X)\n  Precondtion: a(X)\n  Effect: b(X)\n", "s:1:1",
         "schema 'go' must be followed by '(PARAMETERS)' and 'Precondition:'"),
    ],
)
def test_parse_errors_give_position_expected_and_found(text: str, where: str, message: str) -> None:
    with pytest.raises(SchemaError) as error:
        parse_schemas(text, "s")
    assert str(error.value).startswith(where + ":")
    assert message in str(error.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("go(X)\n Precondition: a(X)\n Effect: b(Y)\n", "s:3:10: variable Y in b(Y) is not a "
         "parameter of go"),
        ("go(X)\n Precondition: a(X)\n Effect: a(X, X)\n", "s:3:10: a has 2 arguments here but 1"),
        ("go(X: cell, Y: dir)\n Precondition: a(X)\n Effect: a(Y)\n", "s:3:10: a(Y) uses types"),
        ("go(X)\n Precondition:\n Effect:\ngo(X)\n Precondition:\n Effect:\n",
         "s:4:1: schema 'go' defined twice"),
    ],
)
def test_inconsistent_models_are_rejected_with_positions(text: str, message: str) -> None:
    with pytest.raises(SchemaError) as error:
        parse_domain(text, "s")
    assert str(error.value).startswith(message)


def test_the_project_model_parses_and_every_delete_is_guarded() -> None:
    """Deletes without a matching precondition make Fast Downward create conditional
    effects, which LM-cut refuses (PLANNER-NOTES.md)."""
    domain = helltaker_domain()
    assert len(domain.schemas) == 17
    for schema in domain.schemas:
        required = {str(lit) for lit in schema.preconditions if lit.positive}
        for effect in schema.effects:
            if not effect.positive:
                assert str(effect)[1:] in required, f"{schema.name}: unguarded {effect}"


def test_every_schema_names_exactly_one_direction() -> None:
    """One ground action per key press: the direction is a parameter of every schema."""
    for schema in helltaker_domain().schemas:
        assert [p.type for p in schema.parameters].count("dir") == 1, schema.name


def test_the_hand_written_report_parses_completely() -> None:
    """The same grammar reads seed 001's 108 schemas, with positions inside the report."""
    path = shared_path("seeds/001_1103b020ed6d817c.txt")
    schemas = load_report(str(path)).schemas
    assert len(schemas) == 108
    assert schemas[0].name == "goUp"
    assert schemas[0].position.line == 61
    assert len({schema.name for schema in schemas}) == 108
