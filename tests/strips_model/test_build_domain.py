"""`build_domain` passes over the schemas whose (predicate, types) pairs it has read already:
on random schemas (constants, several types, unbound variables, clashing arities) it gives
the predicates, or the error, that reading every literal in order gives (the oracle below)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from strips_model.errors import Position, SchemaError
from strips_model.schema import UNTYPED, Literal, Parameter, Predicate, Schema, Term, build_domain

AT = Position("<generated>", 1, 1)


def _every_literal_in_order(schemas: tuple[Schema, ...], strict: bool
                            ) -> tuple[Predicate, ...] | str:
    """The predicates as the rules say them, or the error, in build_domain's words."""
    signatures: dict[str, tuple[tuple[str, ...], Literal]] = {}
    fluents: set[str] = set()
    names: dict[str, Schema] = {}
    for schema in schemas:
        if strict and schema.name in names:
            return str(SchemaError(f"schema {schema.name!r} defined twice (first at line "
                                   f"{names[schema.name].position.line})", schema.position))
        names[schema.name] = schema
        declared: dict[str, str] = {}
        for parameter in schema.parameters:
            declared.setdefault(parameter.name, parameter.type)
        for literal in (*schema.preconditions, *schema.effects):
            types = tuple((declared.get(t.name) or UNTYPED) if t.is_variable else ""
                          for t in literal.args)
            unbound = [t.name for t in literal.args if t.is_variable and t.name not in declared]
            if strict and unbound:
                return str(SchemaError(f"variable {unbound[0]} in {literal} is not a parameter "
                                       f"of {schema.name}", literal.position))
            known = signatures.get(literal.predicate)
            if known is None:
                signatures[literal.predicate] = (types, literal)
                continue
            (known_types, first), where = known, literal.position
            if len(known_types) != len(types):
                return str(SchemaError(f"{literal.predicate} has {len(types)} arguments here "
                                       f"but {len(known_types)} at line {first.position.line}",
                                       where))
            if strict and any(a and b and a != b for a, b in zip(known_types, types, strict=True)):
                return str(SchemaError(f"{literal} uses types {list(types)} but {first} (line "
                                       f"{first.position.line}) uses {list(known_types)}", where))
            signatures[literal.predicate] = (
                tuple(a or b for a, b in zip(known_types, types, strict=True)), first)
        fluents.update(literal.predicate for literal in schema.effects)
    return tuple(Predicate(name, tuple(t or UNTYPED for t in types), name in fluents)
                 for name, (types, _) in signatures.items())


def _built(schemas: tuple[Schema, ...], strict: bool) -> tuple[Predicate, ...] | str:
    try:
        return build_domain(schemas, "generated", strict).predicates
    except SchemaError as error:
        return str(error)


_names = st.sampled_from(("X", "Y", "Z"))
_literal = st.builds(
    lambda predicate, args, positive, line: Literal(predicate, tuple(args), positive,
                                                    Position("<generated>", line, 1)),
    st.sampled_from(("p", "q", "r")),
    st.lists(st.one_of(st.builds(Term, _names, st.just(True)),
                       st.builds(Term, st.sampled_from(("a", "b")), st.just(False))),
             min_size=0, max_size=2),
    st.booleans(), st.integers(1, 99))
_schema = st.builds(
    lambda name, parameters, preconditions, effects: Schema(
        name, tuple(Parameter(n, t) for n, t in parameters), tuple(preconditions),
        tuple(effects), 1, AT),
    st.sampled_from(("s0", "s1", "s2", "s3", "s4", "s5")),
    st.lists(st.tuples(_names, st.sampled_from(("cell", "dir", UNTYPED))), max_size=3),
    st.lists(_literal, max_size=3), st.lists(_literal, max_size=2))


@settings(max_examples=300, deadline=None)
@given(schemas=st.lists(_schema, max_size=6, unique_by=lambda schema: schema.name)
       | st.lists(_schema, max_size=3), strict=st.booleans(), repeat=st.booleans())
def test_the_predicates_or_the_error_are_those_of_every_literal_read_in_order(
        schemas: list[Schema], strict: bool, repeat: bool) -> None:
    """Names mostly distinct (else the first error is the name given twice); `repeat`: the
    same schema objects again, as the models of a repair share them."""
    given_schemas = tuple(schemas) + (tuple(schemas) if repeat and not strict else ())
    assert _built(given_schemas, strict) == _every_literal_in_order(given_schemas, strict)


def test_a_variable_no_parameter_declares_is_an_error_in_a_schema_whose_pairs_were_read() -> None:
    """`p(Z)` with Z undeclared reads as the pair `p(object)` that `p(X: object)` gave first:
    the schema is read all the same, and its variable is the error."""
    declared = Schema("a", (Parameter("X", UNTYPED),),
                      (Literal("p", (Term("X", True),), True, AT),), (), 1, AT)
    undeclared = Schema("b", (), (Literal("p", (Term("Z", True),), True, AT),), (), 1, AT)
    expected = _every_literal_in_order((declared, undeclared), strict=True)
    assert isinstance(expected, str) and "variable Z" in expected
    assert _built((declared, undeclared), strict=True) == expected
    assert _built((declared, undeclared), strict=False) == \
        _every_literal_in_order((declared, undeclared), strict=False)
