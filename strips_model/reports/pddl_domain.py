"""A PDDL domain read as STRIPS schemas, through unified-planning's `PDDLReader`.

The domain is parsed alone (no problem file). Each action becomes one `Schema` per case:
- `:strips`, `:typing`, `:negative-preconditions`: literals and parameter types as written;
- `:equality`: `(= ?a ?b)` unifies the two (a constant wins over a variable), a conjunct
  equating two different constants makes its case impossible (listed as skipped);
  `(not (= ?a ?b))` is kept as `-equal(A, B)`, PDDL's own static equality;
- `:disjunctive-preconditions`: the precondition in disjunctive normal form, one schema per
  disjunct, named `NAME_or1`, `NAME_or2`, ... (`or`, `imply`, negations pushed inward);
- `:conditional-effects`: one schema per combination of the `when` conditions holding or
  not, named `NAME_when1`, ... (reading.split_name, the rule of every reader); the case's
  conditions join its preconditions;
- `:action-costs`: `(increase (total-cost) N)` is the schema's cost.
Anything else (quantifiers, numeric fluents, more than `CASES_LIMIT` cases) skips the action
with its position and the reason: nothing is dropped in silence. Variables `?h` become `H`
(first letter capitalised), so `pddl_name` gives back the PDDL name; positions are those of
the action's header and of each literal's first occurrence in the action's text.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from strips_model.errors import Position, SchemaError
from strips_model.nesting import PDDL_NESTING, check_nesting
from strips_model.reports.course import MAX_COST
from strips_model.reports.reading import Reading, ReadingCounts, SkippedPart, split_name
from strips_model.schema import UNTYPED, Literal, Parameter, Schema, Term

if TYPE_CHECKING:
    from unified_planning.model import Action, FNode

PDDL: Final = "pddl"
CASES_LIMIT: Final = 64
"""Schemas one action may become; beyond, the action is reported as unsupported."""

DOMAIN_START: Final = re.compile(r"\(\s*define\s*\(\s*domain\b", re.IGNORECASE)
"""What tells a PDDL domain by its content, whatever the file is called."""

_Conjunct = tuple[bool, str, tuple[Term, ...]]
"""(positive, predicate, arguments); the predicate `=` is an equality."""


class Unsupported(Exception):
    """A construct of an action that has no STRIPS schema; the action is skipped."""


def is_pddl_domain(text: str) -> bool:
    """True when the text, past comments and blanks, opens a PDDL domain."""
    body = re.sub(r";[^\n]*", "", text).lstrip()
    return DOMAIN_START.match(body) is not None


def read_pddl_domain(text: str, source: str) -> Reading:
    """The schemas of a PDDL domain, its unsupported actions listed as skipped."""
    # Here, not at the top: unified-planning takes seconds to import, and only PDDL needs it.
    from unified_planning.io import PDDLReader
    from unified_planning.model import InstantaneousAction

    check_nesting(text, source, PDDL_NESTING)  # the reader recurses once per parenthesis
    try:
        problem = PDDLReader().parse_problem_string(text)
    except Exception as error:  # pyparsing and unified-planning raise many types
        line, column = getattr(error, "lineno", None), getattr(error, "col", None)
        message = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise SchemaError(f"not a PDDL domain unified-planning can read: {message}",
                          Position(source, line, column)) from None
    locator = _Locator(text, source)
    schemas: list[Schema] = []
    skipped: list[SkippedPart] = []
    disjuncts = cases = 0
    for action in problem.actions:
        where = locator.action(action.name)
        if not isinstance(action, InstantaneousAction):
            skipped.append(SkippedPart(where, f"schema {action.name!r} skipped: a "
                                       f"{type(action).__name__}: compare reads STRIPS "
                                       "actions, instantaneous ones only"))
            continue
        try:
            built, split_or, split_when, impossible = _schemas(action, locator, where)
        except Unsupported as error:
            skipped.append(SkippedPart(where, f"schema {action.name!r} skipped: {error}"))
            continue
        schemas += built
        disjuncts += split_or
        cases += split_when
        skipped += [SkippedPart(where, f"schema {action.name!r}: a case skipped: {reason}")
                    for reason in impossible]
    if not schemas and not skipped:
        raise SchemaError("no schema found: the PDDL domain has no action", Position(source))
    # A `when` makes cases of a conditional effect, as `=>` does in the course's notation.
    counts = ReadingCounts(len(schemas), 0, disjuncts, 0, cases)
    return Reading(tuple(schemas), tuple(skipped), PDDL, PDDL, source, counts)


@dataclass(frozen=True, slots=True)
class _Locator:
    """Positions in the domain's text: the headers of actions, literals inside them."""

    text: str
    source: str

    def _at(self, offset: int) -> Position:
        line = self.text.count("\n", 0, offset) + 1
        return Position(self.source, line, offset - (self.text.rfind("\n", 0, offset) + 1) + 1)

    def action(self, name: str) -> Position:
        found = re.search(rf"\(\s*:action\s+{re.escape(name)}(?=[\s()])", self.text,
                          re.IGNORECASE)
        return self._at(found.start()) if found else Position(self.source)

    def literal(self, predicate: str, header: Position) -> Position:
        """The first `(predicate` after the action's header, else the header."""
        if header.line is None:
            return header
        start = sum(len(line) + 1 for line in self.text.split("\n")[: header.line - 1])
        start += (header.column or 1) - 1
        found = re.compile(rf"\(\s*{re.escape(predicate)}(?=[\s)])", re.IGNORECASE).search(
            self.text, start + 1)
        return self._at(found.start()) if found else header


def _variable(name: str) -> str:
    return name[:1].upper() + name[1:]


def _term(node: FNode) -> Term:
    if node.is_parameter_exp():
        return Term(_variable(node.parameter().name), True)
    if node.is_object_exp():
        return Term(node.object().name, False)
    raise Unsupported(f"the term {node} is neither a parameter nor a constant")


def _dnf(node: FNode, positive: bool = True) -> list[list[_Conjunct]]:
    """The condition as a disjunction of conjunctions of literals, negations pushed inward."""
    if node.is_bool_constant():
        return [[]] if node.bool_constant_value() == positive else []
    if node.is_not():
        return _dnf(node.arg(0), not positive)
    if node.is_implies():
        left, right = node.args
        # a -> b is (not a) or b; its negation, a and (not b).
        return (_dnf(left, False) + _dnf(right, True) if positive
                else _product([_dnf(left, True), _dnf(right, False)]))
    if node.is_and() or node.is_or():
        parts = [_dnf(arg, positive) for arg in node.args]
        if node.is_and() == positive:
            return _product(parts)
        return [conjunction for part in parts for conjunction in part]
    if node.is_fluent_exp():
        return [[(positive, node.fluent().name, tuple(_term(arg) for arg in node.args))]]
    if node.is_equals():
        return [[(positive, "=", tuple(_term(arg) for arg in node.args))]]
    raise Unsupported(f"{node} is not STRIPS (quantifier, number or function)")


def _product(parts: list[list[list[_Conjunct]]]) -> list[list[_Conjunct]]:
    combined: list[list[_Conjunct]] = [[]]
    for part in parts:
        combined = [left + right for left in combined for right in part]
        if len(combined) > CASES_LIMIT:
            raise Unsupported(f"its condition has more than {CASES_LIMIT} disjuncts")
    return combined


@dataclass(frozen=True, slots=True)
class _Case:
    name: str
    preconditions: list[_Conjunct]
    effects: list[_Conjunct]


def _effects(action: Action) -> tuple[list[tuple[FNode | None, _Conjunct]], int]:
    """Each effect as (its `when` condition or None, literal), and the action's cost."""
    cost = 1
    found: list[tuple[FNode | None, _Conjunct]] = []
    for effect in action.effects:
        if effect.forall:
            raise Unsupported(f"the effect {effect} is universally quantified (forall)")
        if effect.is_increase() and effect.fluent.fluent().name == "total-cost":
            if not effect.value.is_int_constant():
                raise Unsupported(f"its cost {effect.value} is not an integer")
            cost = effect.value.int_constant_value()
            if not 0 <= cost <= MAX_COST:
                # A negative cost held compare's planners without end; one past 32 bits
                # failed them with a memory figure as the reason (issue 42).
                raise Unsupported(f"its cost {cost} is outside 0..{MAX_COST}, the costs a "
                                  "planner takes")
            continue
        if not effect.fluent.is_fluent_exp() or not effect.value.is_bool_constant() \
                or not effect.is_assignment():
            raise Unsupported(f"the effect {effect} is numeric")
        literal = (effect.value.bool_constant_value(), effect.fluent.fluent().name,
                   tuple(_term(arg) for arg in effect.fluent.args))
        found.append((effect.condition if effect.is_conditional() else None, literal))
    return found, cost


def _cases(action: Action) -> tuple[list[_Case], int, int]:
    """The action's cases: disjuncts of its precondition times its `when` combinations."""
    precondition = _product([_dnf(node) for node in action.preconditions])
    effects, _ = _effects(action)
    conditions = list(dict.fromkeys(c for c, _ in effects if c is not None))
    plain = [literal for condition, literal in effects if condition is None]
    when_cases: list[tuple[list[_Conjunct], list[_Conjunct]]] = []
    for holds in itertools.product((True, False), repeat=len(conditions)):
        chosen = [_dnf(c, h) for c, h in zip(conditions, holds, strict=True)]
        added = [literal for condition, literal in effects
                 if condition is not None and holds[conditions.index(condition)]]
        when_cases += [(conjunction, plain + added) for conjunction in _product(chosen)]
    if len(precondition) * len(when_cases) > CASES_LIMIT:
        raise Unsupported(f"it makes more than {CASES_LIMIT} cases")
    cases = []
    for (i, pre), (j, (condition, added)) in itertools.product(
            enumerate(precondition, 1), enumerate(when_cases, 1)):
        name = split_name(action.name, disjunct=i if len(precondition) > 1 else None,
                          when=j if len(when_cases) > 1 else None)
        cases.append(_Case(name, pre + condition, added))
    return cases, len(precondition) - 1 if precondition else 0, len(when_cases) - 1


def _schemas(action: Action, locator: _Locator, where: Position
             ) -> tuple[list[Schema], int, int, list[str]]:
    _, cost = _effects(action)
    cases, disjuncts, whens = _cases(action)
    parameters = tuple(Parameter(_variable(p.name), p.type.name if p.type.is_user_type()
                                 else UNTYPED) for p in action.parameters)
    schemas: list[Schema] = []
    impossible: list[str] = []
    for case in cases:
        renaming, clash = _unify([c for c in case.preconditions if c[0] and c[1] == "="])
        if clash is not None:
            impossible.append(f"{case.name} requires {clash}")
            continue

        kept = [p for p in parameters if p.name not in renaming]
        schemas.append(Schema(
            case.name, tuple(kept),
            tuple(_literal(c, renaming, locator, where) for c in case.preconditions
                  if not (c[0] and c[1] == "=")),
            tuple(_literal(c, renaming, locator, where) for c in case.effects), cost, where))
    return schemas, disjuncts, whens, impossible


def _literal(conjunct: _Conjunct, renaming: dict[str, Term], locator: _Locator,
             where: Position) -> Literal:
    positive, predicate, args = conjunct
    return Literal("equal" if predicate == "=" else predicate,
                   tuple(renaming.get(t.name, t) if t.is_variable else t for t in args),
                   positive, locator.literal(predicate, where))


def _unify(equalities: list[_Conjunct]) -> tuple[dict[str, Term], str | None]:
    """Variables replaced so that every equality holds, or the two constants it equates."""
    renaming: dict[str, Term] = {}

    def resolve(term: Term) -> Term:
        while term.is_variable and term.name in renaming:
            term = renaming[term.name]
        return term

    for _, _, (left, right) in equalities:
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
