"""A PDDL domain read as STRIPS schemas, from its lists (pddl.lark, pddl_lists.py).

The domain is read alone (no problem file). Each action becomes one `Schema` per case:
- `:strips`, `:typing`, `:negative-preconditions`: literals and parameter types as written
  (an untyped parameter is of type `object`, as PDDL has it);
- `:equality`: `(= ?a ?b)` unifies the two (a constant wins over a variable), a conjunct
  equating two different constants makes its case impossible (listed as skipped);
  `(not (= ?a ?b))` is kept as `-equal(A, B)`, PDDL's own static equality;
- `:disjunctive-preconditions`: the precondition in disjunctive normal form, one schema per
  disjunct, named `NAME_or1`, `NAME_or2`, ... (`or`, `imply`, negations pushed inward);
- `:conditional-effects`: one schema per combination of the `when` conditions holding or
  not, named `NAME_when1`, ... (reading.split_name, the rule of every reader); the case's
  conditions join its preconditions;
- `:action-costs`: `(increase (total-cost) N)` is the schema's cost.
Anything else (quantifiers, numeric fluents, durative actions, more than `CASES_LIMIT` cases)
skips the action with its position and the reason: nothing is dropped in silence. What a
planner would refuse (a predicate, constant, type or parameter used and never declared, a
predicate given the wrong number of arguments) is bad input, one line at its place. Names are
lowercased, as planners read them; variables `?h` become `H` (first letter capitalised), so
`pddl_name` gives back the PDDL name. Positions are those of the action's `(:action` and of
each literal's parenthesis.

unified-planning's own PDDL reader read these domains before: 3.7 s for a typed domain of 59
actions (fresh model B, pyparsing), a third of its whole `compare` on nine levels; lark's
parser of this package reads it in a few hundredths of a second.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from typing import Final

from strips_model.errors import Position, SchemaError
from strips_model.nesting import PDDL_NESTING, check_nesting
from strips_model.reports.pddl_formulas import (
    CASES_LIMIT,
    Conjunct,
    Effect,
    Scope,
    Unsupported,
    dnf,
    effects,
    product,
    variable_name,
)
from strips_model.reports.pddl_lists import Group, Item, Symbol, position, read_lists
from strips_model.reports.pddl_sections import (
    ACTIONS,
    OBJECT,
    Declared,
    declarations,
    sections_of,
    typed,
)
from strips_model.reports.reading import Reading, ReadingCounts, SkippedPart, split_name
from strips_model.schema import Literal, Parameter, Schema, Term

__all__ = ["CASES_LIMIT", "DOMAIN_START", "PDDL", "is_pddl_domain", "read_pddl_domain"]

PDDL: Final = "pddl"

DOMAIN_START: Final = re.compile(r"\(\s*define\s*\(\s*domain\b", re.IGNORECASE)
"""What tells a PDDL domain by its content, whatever the file is called."""


def is_pddl_domain(text: str) -> bool:
    """True when the text, past comments and blanks, opens a PDDL domain."""
    body = re.sub(r";[^\n]*", "", text).lstrip()
    return DOMAIN_START.match(body) is not None


def read_pddl_domain(text: str, source: str) -> Reading:
    """The schemas of a PDDL domain, its unsupported actions listed as skipped."""
    check_nesting(text, source, PDDL_NESTING)  # the lists are built recursively
    sections = sections_of(read_lists(text, source), source)
    declared = declarations(sections, source)
    schemas: list[Schema] = []
    skipped: list[SkippedPart] = []
    disjuncts = cases = 0
    for section in sections:
        if section.head not in ACTIONS:
            continue
        where = position(section, source)
        name = _name(section, source)
        if section.head != ":action":
            kind = "a durative action" if section.head == ":durative-action" \
                else "a derived predicate"
            skipped.append(SkippedPart(where, f"schema {name!r} skipped: {kind}: compare "
                                       "reads STRIPS actions, instantaneous ones only"))
            continue
        try:
            built, split_or, split_when, impossible = _schemas(section, name, declared, source)
        except Unsupported as error:
            skipped.append(SkippedPart(where, f"schema {name!r} skipped: {error}"))
            continue
        schemas += built
        disjuncts += split_or
        cases += split_when
        skipped += [SkippedPart(where, f"schema {name!r}: a case skipped: {reason}")
                    for reason in impossible]
    if not schemas and not skipped:
        raise SchemaError("no schema found: the PDDL domain has no action", Position(source))
    # A `when` makes cases of a conditional effect, as `=>` does in the course's notation.
    counts = ReadingCounts(len(schemas), 0, disjuncts, 0, cases)
    return Reading(tuple(schemas), tuple(skipped), PDDL, PDDL, source, counts)


def _name(section: Group, source: str) -> str:
    name = section.items[1] if len(section.items) > 1 else None
    if not isinstance(name, Symbol):
        raise SchemaError(f"({section.head} must be followed by its name",
                          position(section, source))
    return name.text


def _parts(action: Group, source: str) -> dict[str, Item]:
    """`:parameters`, `:precondition` and `:effect`, each with its value."""
    found: dict[str, Item] = {}
    rest = action.items[2:]
    for keyword, value in itertools.zip_longest(rest[::2], rest[1::2]):
        if not isinstance(keyword, Symbol) or keyword.text not in (
                ":parameters", ":precondition", ":effect") or value is None:
            raise SchemaError(f"{keyword}: an action holds :parameters, :precondition and "
                              ":effect, each followed by its value",
                              position(keyword or action, source))
        found[keyword.text] = value
    return found


def _parameters(value: Item | None, declared: Declared, source: str
                ) -> dict[str, Parameter]:
    """Each parameter by its name as written (`?from`)."""
    if value is None:
        return {}
    if not isinstance(value, Group):
        raise SchemaError(f"{value}: :parameters takes a list (?a ?b - type ...)",
                          position(value, source))
    parameters: dict[str, Parameter] = {}
    for name, kind in typed(value.items, source):
        if not name.text.startswith("?"):
            raise SchemaError(f"{name}: a parameter is written ?name", position(name, source))
        if isinstance(kind, Group):
            raise Unsupported(f"its parameter {name} is of a type {kind}: compare reads one "
                              "type per parameter")
        if kind is not None and kind.text not in declared.types:
            raise SchemaError(f"{kind}: no type of :types", position(kind, source))
        parameters[name.text] = Parameter(variable_name(name.text),
                                          OBJECT if kind is None else kind.text)
    return parameters


@dataclass(frozen=True, slots=True)
class _Case:
    name: str
    preconditions: list[Conjunct]
    effects: list[Conjunct]


def _cases(name: str, precondition: list[list[Conjunct]], effected: list[Effect],
           scope: Scope) -> tuple[list[_Case], int, int]:
    """The action's cases: disjuncts of its precondition times its `when` combinations."""
    # A condition written twice is one condition: each by its text, numbered once.
    numbered = {text: number for number, text in enumerate(dict.fromkeys(
        str(c) for c, _ in effected if c is not None))}
    conditions = list({str(c): c for c, _ in effected if c is not None}.values())
    plain = [literal for condition, literal in effected if condition is None]
    when_cases: list[tuple[list[Conjunct], list[Conjunct]]] = []
    for holds in itertools.product((True, False), repeat=len(conditions)):
        chosen = [dnf(c, scope, h) for c, h in zip(conditions, holds, strict=True)]
        added = [literal for condition, literal in effected if condition is not None
                 and holds[numbered[str(condition)]]]
        when_cases += [(conjunction, plain + added) for conjunction in product(chosen)]
    if len(precondition) * len(when_cases) > CASES_LIMIT:
        raise Unsupported(f"it makes more than {CASES_LIMIT} cases")
    cases = []
    for (i, pre), (j, (condition, added)) in itertools.product(
            enumerate(precondition, 1), enumerate(when_cases, 1)):
        label = split_name(name, disjunct=i if len(precondition) > 1 else None,
                           when=j if len(when_cases) > 1 else None)
        cases.append(_Case(label, pre + condition, added))
    return cases, len(precondition) - 1 if precondition else 0, len(when_cases) - 1


def _schemas(action: Group, name: str, declared: Declared, source: str
             ) -> tuple[list[Schema], int, int, list[str]]:
    parts = _parts(action, source)
    written = _parameters(parts.get(":parameters"), declared, source)
    parameters = tuple(written.values())
    scope = Scope({name: p.name for name, p in written.items()}, declared.constants,
                  declared.predicates, source)
    effected, cost = effects(parts.get(":effect"), scope)
    given = parts.get(":precondition")
    precondition = dnf(given, scope) if given is not None else [[]]
    cases, disjuncts, whens = _cases(name, precondition, effected, scope)
    where = position(action, source)
    schemas: list[Schema] = []
    impossible: list[str] = []
    for case in cases:
        renaming, clash = _unify([c for c in case.preconditions if c.positive
                                  and c.predicate == "="])
        if clash is not None:
            impossible.append(f"{case.name} requires {clash}")
            continue
        kept = [p for p in parameters if p.name not in renaming]
        schemas.append(Schema(
            case.name, tuple(kept),
            tuple(_literal(c, renaming, source) for c in case.preconditions
                  if not (c.positive and c.predicate == "=")),
            tuple(_literal(c, renaming, source) for c in case.effects), cost, where))
    return schemas, disjuncts, whens, impossible


def _literal(conjunct: Conjunct, renaming: dict[str, Term], source: str) -> Literal:
    return Literal("equal" if conjunct.predicate == "=" else conjunct.predicate,
                   tuple(renaming.get(t.name, t) if t.is_variable else t
                         for t in conjunct.args),
                   conjunct.positive, position(conjunct.written, source))


def _unify(equalities: list[Conjunct]) -> tuple[dict[str, Term], str | None]:
    """Variables replaced so that every equality holds, or the two constants it equates."""
    renaming: dict[str, Term] = {}

    def resolve(term: Term) -> Term:
        while term.is_variable and term.name in renaming:
            term = renaming[term.name]
        return term

    for equality in equalities:
        left, right = equality.args
        a, b = resolve(left), resolve(right)
        if a == b:
            continue
        if not a.is_variable and not b.is_variable:
            return {}, f"{a.name} = {b.name}"
        if a.is_variable:
            renaming[a.name] = b
        else:
            renaming[b.name] = a
    return {name: resolve(term) for name, term in renaming.items()}, None
