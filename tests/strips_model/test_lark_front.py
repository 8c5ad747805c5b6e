"""The one lark front-end: parsers built once, the shared terms of common.lark, and the one
mapping of lark's syntax errors to `path:line:col: message`."""

from __future__ import annotations

import pytest
from lark import Token, Transformer, v_args

from strips_model.errors import HelltakerError, InputError, Position, SchemaError
from strips_model.lark_front import (
    SyntaxProblem,
    Unexpected,
    Wording,
    describe_expected,
    generic_wording,
    grammar_parser,
    parse_with,
)
from strips_model.reports.facts import InitBlock, parse_facts
from strips_model.schema import Term, parse_schemas


def test_each_grammar_is_built_once() -> None:
    assert grammar_parser("schema.lark") is grammar_parser("schema.lark")
    assert grammar_parser("reports/facts.lark") is not grammar_parser("schema.lark")


def test_both_notations_read_terms_the_same_way() -> None:
    """common.lark: a capitalised primed name is a variable, a lowercase name or an integer is
    a constant, in the schemas and in the facts blocks alike."""
    (schema,) = parse_schemas("go(X')\n Precondition: at(X', a, -1)\n Effect:\n")
    (goal,) = parse_facts("But(at(X', a, -1))")
    assert not isinstance(goal, InitBlock)
    expected = (Term("X'", True), Term("a", False), Term("-1", False))
    assert schema.preconditions[0].args == goal.conjuncts[0].args == expected


def test_expected_terminals_are_named_in_words_and_sorted() -> None:
    assert describe_expected({"RPAR", "NAME", "$END", "ODD"}) == (
        "')', ODD, a lowercase name, end of file")


@pytest.mark.parametrize(
    ("problem", "wording"),
    [
        (SyntaxProblem(Unexpected.TOKEN, Position("f", 2, 3), "b", "NAME",
                       frozenset({"COMMA", "RPAR"})), "expected ')', ',', found 'b'"),
        (SyntaxProblem(Unexpected.TOKEN, Position("f", 2, 3), "", "$END", frozenset({"RPAR"})),
         "expected ')', found end of file"),
        (SyntaxProblem(Unexpected.CHARACTER, Position("f", 2, 3), "%", None,
                       frozenset({"NAME"})), "unexpected character '%'; expected a lowercase name"),
        (SyntaxProblem(Unexpected.END, Position("f"), "", "$END", frozenset({"RPAR"})),
         "unexpected end of file; expected ')'"),
    ],
    ids=["token", "end-token", "character", "end"],
)
def test_generic_wording(problem: SyntaxProblem, wording: str) -> None:
    assert generic_wording(problem) == (wording, problem.position)


class _Blocks(Transformer[Token, tuple[object, ...]]):
    """Keeps the tree as it is; the tests only look at the errors."""


def test_a_special_wording_comes_first_and_may_pass() -> None:
    """A grammar's hook words the problems it knows; None leaves the rest to the generic one."""
    seen: list[SyntaxProblem] = []

    def special(problem: SyntaxProblem, text: str) -> Wording | None:
        seen.append(problem)
        return ("a vertical bar", problem.position) if problem.found == "|" else None

    def parse(text: str) -> str:
        try:
            parse_with("reports/facts.lark", text, "f", _Blocks(), SchemaError, special)
        except SchemaError as error:
            return str(error)
        return "parsed"

    assert parse("Init(a | b)") == "f:1:8: a vertical bar"
    assert parse("Init(a b)") == "f:1:8: expected '(', ')', ',' or '∧', found 'b'"
    assert [problem.kind for problem in seen] == [Unexpected.TOKEN, Unexpected.TOKEN]


@v_args(inline=True)
class _RefusingInit(Transformer[Token, object]):
    def init(self, keyword: Token, *atoms: object) -> object:
        raise InputError("no Init here", Position("f", keyword.line, keyword.column))


def test_an_input_error_of_the_builder_propagates_unwrapped() -> None:
    """lark wraps what a transformer raises in VisitError; the front-end unwraps ours."""
    with pytest.raises(HelltakerError) as caught:
        parse_with("reports/facts.lark", "\n  Init(a)", "f", _RefusingInit(), SchemaError)
    assert type(caught.value) is InputError
    assert str(caught.value) == "f:2:3: no Init here"


def test_a_byte_order_mark_does_not_shift_the_unexpected_character() -> None:
    with pytest.raises(SchemaError) as caught:
        parse_schemas("\ufeffgo(X)\n  Precondition: a(%)\n", "s")
    assert str(caught.value).startswith("s:2:19: unexpected character '%'")
