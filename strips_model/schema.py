"""STRIPS action schemas in the reports' notation, parsed by ``schema.lark``.

A `Domain` is what a schema file says: the schemas, and the predicates they use (arity,
argument types, whether an effect changes them). Consistency checks that make a model
unusable (unbound variables, arity or type clashes) are errors with file:line:col.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TypeVar

from lark import Token, Transformer, v_args

from strips_model import plain_values
from strips_model.derived import Derivation, derive, package_sources
from strips_model.errors import Position, SchemaError
from strips_model.lark_front import SyntaxProblem, Unexpected, Wording, integer_of, parse_with
from strips_model.schema_memo import per_schema

UNTYPED = "object"

_Built = TypeVar("_Built")


def pddl_name(name: str) -> str:
    """How a name of the notation is spelled in PDDL: lowercase (Fast Downward lowercases
    every token), with primes spelled out (`Y'` -> `y_1`, `Y''` -> `y_2`)."""
    primes = len(name) - len(name.rstrip("'"))
    base = re.sub(r"[^a-z0-9_]", "_", name.rstrip("'").lower())
    return f"{base}_{primes}" if primes else base


_PRIMES = str.maketrans({'"': "''", "\u201d": "''", "\u2019": "'", "\u2032": "'"})


def prime_form(name: str) -> str:
    """A variable's name with its primes as `'`: `Y"` and `Y”` (two primes a word processor or
    a PDF joined) are `Y''`, `Y’` and `Y′` are `Y'`."""
    return name.translate(_PRIMES)


@dataclass(frozen=True, slots=True)
class Term:
    name: str
    is_variable: bool
    offset: int = 0
    """An integer added to a variable (`Y + 2`), as the textbook notation writes neighbours;
    always 0 in our own notation, which names neighbours with primes instead."""

    def __str__(self) -> str:
        if self.offset == 0:
            return self.name
        return f"{self.name} {'+' if self.offset > 0 else '-'} {abs(self.offset)}"


@dataclass(frozen=True, slots=True)
class Literal:
    predicate: str
    args: tuple[Term, ...]
    positive: bool
    position: Position

    def __str__(self) -> str:
        inner = f"({', '.join(map(str, self.args))})" if self.args else ""
        return f"{'' if self.positive else '-'}{self.predicate}{inner}"


@dataclass(frozen=True, slots=True)
class Parameter:
    name: str
    type: str


@dataclass(frozen=True, slots=True)
class Schema:
    name: str
    parameters: tuple[Parameter, ...]
    preconditions: tuple[Literal, ...]
    effects: tuple[Literal, ...]
    cost: int
    position: Position

    def parameter_type(self, variable: str) -> str | None:
        for parameter in self.parameters:
            if parameter.name == variable:
                return parameter.type
        return None


@dataclass(frozen=True, slots=True)
class Predicate:
    name: str
    types: tuple[str, ...]
    fluent: bool
    """True when some effect adds or deletes it; otherwise it is static (part of the level)."""


@dataclass(frozen=True, slots=True)
class Domain:
    schemas: tuple[Schema, ...]
    predicates: tuple[Predicate, ...]
    source: str

    def predicate(self, name: str) -> Predicate:
        for predicate in self.predicates:
            if predicate.name == name:
                return predicate
        raise KeyError(name)

    def types(self) -> tuple[str, ...]:
        seen = dict.fromkeys(t for p in self.predicates for t in p.types)
        seen.update(dict.fromkeys(p.type for s in self.schemas for p in s.parameters))
        return tuple(seen)


@v_args(inline=True)
class TermBuilder(Transformer[Token, _Built]):
    """Terms, literals and positions: what the schema and facts grammars share (common.lark)."""

    def __init__(self, source: str) -> None:
        super().__init__()
        self._source = source

    def _at(self, token: Token) -> Position:
        return Position(self._source, token.line, token.column)

    def variable(self, token: Token) -> Term:
        return Term(prime_form(str(token)), True)

    def constant(self, token: Token) -> Term:
        return Term(str(token), False)

    def arguments(self, *terms: Term | None) -> tuple[Term, ...]:
        return tuple(term for term in terms if term is not None)

    def literal(self, negation: Token | None, name: Token,
                arguments: tuple[Term, ...] | None) -> Literal:
        return Literal(str(name), arguments or (), negation is None, self._at(name))


@v_args(inline=True)
class _SchemaBuilder(TermBuilder[tuple[Schema, ...]]):

    def literals(self, *literals: Literal | None) -> tuple[Literal, ...]:
        return tuple(literal for literal in literals if literal is not None)

    def parameter(self, name: Token, type_name: Token | None) -> Parameter:
        return Parameter(prime_form(str(name)),
                         str(type_name) if type_name is not None else UNTYPED)

    def parameters(self, *parameters: Parameter | None) -> tuple[Parameter, ...]:
        return tuple(parameter for parameter in parameters if parameter is not None)

    def precondition(self, literals: tuple[Literal, ...]) -> tuple[Literal, ...]:
        return literals

    effect = precondition

    def cost(self, token: Token) -> int:
        sign = -1 if token.startswith("-") else 1
        return sign * integer_of(token.lstrip("-"), "cost", SchemaError, self._at(token))

    def schema(self, name: Token, parameters: tuple[Parameter, ...],
               preconditions: tuple[Literal, ...], effects: tuple[Literal, ...],
               cost: int | None) -> Schema:
        return Schema(str(name), parameters, preconditions, effects,
                      1 if cost is None else cost, self._at(name))

    def start(self, *schemas: Schema) -> tuple[Schema, ...]:
        return schemas


def _header_without_clauses(problem: SyntaxProblem, text: str) -> Wording | None:
    """A lowercase name where a schema must start is a header the lookahead of SCHEMA_NAME
    refused: its parameter list or its `Precondition:` line is missing or misspelt."""
    if (problem.kind is Unexpected.TOKEN and problem.found_type == "NAME"
            and "SCHEMA_NAME" in problem.expected):
        return (f"schema {problem.found!r} must be followed by '(PARAMETERS)' and "
                "'Precondition:'", problem.position)
    return None


def parse_schemas(text: str, source: str = "<schemas>") -> tuple[Schema, ...]:
    """Parse schemas without checking their consistency (see `build_domain`)."""
    return parse_with("schema.lark", text.removeprefix("\ufeff"), source,
                      _SchemaBuilder(source), SchemaError, _header_without_clauses)


_Use = tuple[str, tuple[str, ...], "Literal", "str | None"]
"""A literal as `build_domain` reads it: its predicate, its arguments' types (a constant's
empty: taken from the other uses), the literal, and the first variable no parameter binds."""
_Pair = tuple[str, tuple[str, ...]]


@per_schema
def _summary(schema: Schema) -> tuple[tuple[_Use, ...], frozenset[_Pair], bool, frozenset[str]]:
    """The schema's literals as `build_domain` reads them, each (predicate, types) once but
    where it binds a variable no parameter declares; their pairs; whether one does; and the
    predicates its effects change."""
    # The first parameter of a name gives its type, as `Schema.parameter_type` reads it.
    declared: dict[str, str] = {}
    for parameter in schema.parameters:
        declared.setdefault(parameter.name, parameter.type)
    uses: list[_Use] = []
    seen: set[_Pair] = set()
    for literal in (*schema.preconditions, *schema.effects):
        types = tuple((declared.get(term.name) or UNTYPED) if term.is_variable else ""
                      for term in literal.args)
        unbound = next((term.name for term in literal.args
                        if term.is_variable and term.name not in declared), None)
        if unbound is not None or (literal.predicate, types) not in seen:
            seen.add((literal.predicate, types))
            uses.append((literal.predicate, types, literal, unbound))
    return (tuple(uses), frozenset(seen), any(use[3] is not None for use in uses),
            frozenset(literal.predicate for literal in schema.effects))


def build_domain(schemas: tuple[Schema, ...], source: str, strict: bool = True) -> Domain:
    """Collect predicates; with `strict`, reject unbound variables and clashing signatures.
    Each schema is read once per object (`_summary`): a repair builds thousands of models
    that share all their schemas but one."""
    signatures: dict[str, tuple[tuple[str, ...], Literal]] = {}
    # The (predicate, types) pairs read so far: merged again, one changes nothing and cannot
    # clash (a signature only fills its empty places, and each pair is in it already). A
    # schema whose pairs are all among them, most of a model of hundreds, is passed over.
    settled: set[_Pair] = set()
    fluents: set[str] = set()
    names: dict[str, Schema] = {}
    for schema in schemas:
        if strict and schema.name in names:
            raise SchemaError(f"schema {schema.name!r} defined twice (first at "
                              f"line {names[schema.name].position.line})", schema.position)
        names[schema.name] = schema
        uses, pairs, unbinding, changed = _summary(schema)
        fluents |= changed
        if pairs <= settled and not (strict and unbinding):
            continue
        for predicate, types, literal, unbound in uses:
            if strict and unbound is not None:
                raise SchemaError(f"variable {unbound} in {literal} is not a "
                                  f"parameter of {schema.name}", literal.position)
            known = signatures.get(predicate)
            if known is None:
                signatures[predicate] = (types, literal)
            elif known[0] != types:
                _merge(signatures, predicate, types, literal, strict)
            settled.add((predicate, types))
    predicates = tuple(Predicate(name, tuple(t or UNTYPED for t in types), name in fluents)
                       for name, (types, _) in signatures.items())
    return Domain(tuple(schemas), predicates, source)


def _merge(signatures: dict[str, tuple[tuple[str, ...], Literal]], predicate: str,
           types: tuple[str, ...], literal: Literal, strict: bool) -> None:
    """`types` merged into the predicate's signature: an empty place takes the other's type;
    another arity is an error, and so are two types at one place with `strict`."""
    known_types, first = signatures[predicate]
    if len(known_types) != len(types):
        raise SchemaError(
            f"{predicate} has {len(types)} arguments here but "
            f"{len(known_types)} at line {first.position.line}", literal.position)
    if strict and any(a and b and a != b for a, b in zip(known_types, types, strict=True)):
        raise SchemaError(
            f"{literal} uses types {list(types)} but {first} (line "
            f"{first.position.line}) uses {list(known_types)}", literal.position)
    signatures[predicate] = (tuple(a or b for a, b in zip(known_types, types, strict=True)),
                             first)


def parse_domain(text: str, source: str = "<schemas>") -> Domain:
    return build_domain(parse_schemas(text, source), source)


@cache
def helltaker_domain() -> Domain:
    """The project's model, `helltaker.strips`, parsed once per process, or read back from
    where the keeper installed keeps it (strips_model/derived.py)."""
    resource = resources.files("strips_model").joinpath("helltaker.strips")
    derivation: Derivation[Domain] = Derivation(
        "domain", package_sources(),
        lambda: parse_domain(resource.read_text("utf-8"), "strips_model/helltaker.strips"),
        plain_values.encode, _decoded_domain)
    return derive(derivation)


_DOMAIN_CLASSES = {cls.__name__: cls
                   for cls in (Domain, Schema, Parameter, Predicate, Literal, Term, Position)}


def _decoded_domain(data: bytes) -> Domain:
    # Plain data, never pickle: the bytes come from a folder someone else may have written.
    domain = plain_values.decode(data, _DOMAIN_CLASSES)
    if not isinstance(domain, Domain):
        raise TypeError(f"not a Domain: {type(domain).__name__}")
    return domain

