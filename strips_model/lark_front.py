"""The one front-end to this package's lark grammars: parsers built once per process, and one
mapping of lark's syntax errors to one-line `path:line:col: message` input errors.

Grammars are files of the `strips_model` package, named relative to it (`"level.lark"`,
`"reports/facts.lark"`), and `%import common (...)` finds `strips_model/common.lark` from any
of them. The generic wording names the expected tokens with `EXPECTED_TOKENS`; a grammar with
a better word for some situations passes a `special` hook that sees the problem first.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from functools import cache
from importlib import resources
from typing import Final, TypeVar

import lark
from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken, VisitError
from lark.grammar import Rule
from lark.lexer import TerminalDef

from strips_model import plain_values
from strips_model.derived import Derivation, derive, package_sources
from strips_model.errors import HelltakerError, InputError, Position

_Built = TypeVar("_Built")

END_OF_INPUT: Final = "$END"
"""The terminal name lark gives the end of the input."""

EXPECTED_TOKENS: Final[Mapping[str, str]] = {
    "NAME": "a lowercase name",
    "SCHEMA_NAME": "a schema name",
    "VARIABLE": "a capitalised variable",
    "INTEGER": "an integer",
    "LPAR": "'('",
    "RPAR": "')'",
    "COMMA": "','",
    "_AND": "',' or '∧'",
    "COLON": "':'",
    "VBAR": "'|'",
    "NEGATION": "'-' or '¬'",
    "PRECONDITION": "'Precondition'",
    "EFFECT": "'Effect'",
    "COST": "'Cost'",
    "INIT": "'Init'",
    "BUT": "'But'",
    END_OF_INPUT: "end of file",
}
"""How a message names a terminal of the grammars; unlisted terminals keep their own name."""


class Unexpected(Enum):
    """Which of lark's three syntax errors a `SyntaxProblem` comes from."""

    TOKEN = "token"
    """A token, or the end of the input, where the grammar does not allow it."""
    CHARACTER = "character"
    """A character no terminal of the grammar starts with."""
    END = "end"
    """The input ended inside an unfinished construct (lark gives no place)."""


@dataclass(frozen=True, slots=True)
class SyntaxProblem:
    """What a grammar could not read, in the terms a message needs."""

    kind: Unexpected
    position: Position
    found: str
    """The token's text or the character; empty at the end of the input."""
    found_type: str | None
    """The token's terminal name (`END_OF_INPUT` at the end); None for a character."""
    expected: frozenset[str]
    """Names of the terminals the grammar would have accepted there."""


Wording = tuple[str, Position]
SpecialWording = Callable[[SyntaxProblem, str], Wording | None]
"""A grammar's own message for some problems, given the problem and the text parsed; None
leaves the problem to the generic wording."""


def describe_expected(names: Iterable[str]) -> str:
    """`'(', a lowercase name, ...`: the expected terminals in words, sorted."""
    return ", ".join(sorted(EXPECTED_TOKENS.get(name, name) for name in names))


def generic_wording(problem: SyntaxProblem) -> Wording:
    """The message every grammar gives unless its `special` hook has a better one."""
    expected = describe_expected(problem.expected)
    if problem.kind is Unexpected.CHARACTER:
        return f"unexpected character {problem.found!r}; expected {expected}", problem.position
    if problem.kind is Unexpected.END:
        return f"unexpected end of file; expected {expected}", problem.position
    found = "end of file" if problem.found_type == END_OF_INPUT else repr(problem.found)
    return f"expected {expected}, found {found}", problem.position


def integer_of(digits: str, what: str, error_type: type[InputError],
               position: Position) -> int:
    """The value of a string of ASCII digits; past the digits `int()` converts
    (sys.get_int_max_str_digits) it is bad input named `what`, not a ValueError."""
    significant = digits.lstrip("0") or "0"
    limit = sys.get_int_max_str_digits()
    if limit and len(significant) > limit:
        raise error_type(f"{what} too large: {len(significant)} digits, at most {limit}",
                         position)
    return int(significant)


@cache
def grammar_parser(grammar: str) -> Lark:
    """The LALR parser of a grammar file of the package, built on first use only, or read
    back from where the keeper installed keeps it (strips_model/derived.py)."""
    folder = resources.files("strips_model")
    # The grammar, and (among the package's sources) common.lark, which grammars %import.
    sources = (lark.__version__.encode(), folder.joinpath(grammar).read_bytes(),
               *package_sources())
    return derive(Derivation(f"parser-{grammar}", sources, lambda: _built(grammar),
                             _saved, _loaded))


def _built(grammar: str) -> Lark:
    return Lark.open_from_package(
        "strips_model", grammar, search_paths=("",), parser="lalr", maybe_placeholders=True
    )


_OPTIONS_NOT_KEPT: Final = frozenset(
    {"postlex", "transformer", "lexer_callbacks", "tree_class", "_plugins", "import_paths",
     "source_path"})
"""Options that hold objects rather than data (lark's own cache leaves most of them out too);
`_built` leaves them all at their defaults but the grammar's place, needed only to build."""


def _saved(parser: Lark) -> bytes:
    # lark's own save() pickles; its serialised form is plain data, kept without pickle.
    data, memo = parser.memo_serialize([TerminalDef, Rule])
    data["options"] = {name: value for name, value in data["options"].items()
                       if name not in _OPTIONS_NOT_KEPT}
    return plain_values.encode({"data": data, "memo": memo})


def _loaded(data: bytes) -> Lark:
    # Lark.load takes the serialised dictionary as it is; its classes are lark's own
    # (Rule, TerminalDef and their parts), looked up by lark in a fixed table.
    serialised = plain_values.decode(data)
    if not isinstance(serialised, dict) or set(serialised) != {"data", "memo"}:
        raise TypeError("not a serialised parser")
    return Lark.load(serialised)


def _problem(
    error: UnexpectedToken | UnexpectedCharacters | UnexpectedEOF, source: str
) -> SyntaxProblem:
    if isinstance(error, UnexpectedToken):
        token = error.token
        found = "" if token.type == END_OF_INPUT else str(token)
        return SyntaxProblem(Unexpected.TOKEN, Position(source, error.line, error.column), found,
                             token.type, frozenset(error.expected))
    if isinstance(error, UnexpectedCharacters):
        return SyntaxProblem(Unexpected.CHARACTER, Position(source, error.line, error.column),
                             error.char, None, frozenset(error.allowed or ()))
    return SyntaxProblem(Unexpected.END, Position(source), "", END_OF_INPUT,
                         frozenset(str(name) for name in error.expected))


def parse_with(
    grammar: str,
    text: str,
    source: str,
    builder: Transformer[Token, _Built],
    error_type: type[InputError],
    special: SpecialWording | None = None,
) -> _Built:
    """Parse `text` with `grammar` and build its value with `builder`.

    A syntax error becomes `error_type` with `special`'s wording when it has one, the generic
    wording otherwise; an input error the builder raises propagates as it is.
    """
    try:
        tree = grammar_parser(grammar).parse(text)
    except (UnexpectedToken, UnexpectedCharacters, UnexpectedEOF) as error:
        problem = _problem(error, source)
        wording = special(problem, text) if special is not None else None
        message, position = wording or generic_wording(problem)
        raise error_type(message, position) from None
    try:
        return builder.transform(tree)
    except VisitError as error:
        if isinstance(error.orig_exc, HelltakerError):
            raise error.orig_exc from None
        raise
