"""An action's precondition and effect, read from PDDL's lists (pddl_lists.py) as STRIPS:
the precondition in disjunctive normal form, the effects as literals each under the `when`
condition it has, and the cost `(increase (total-cost) N)` gives. What has no STRIPS form (a
quantifier, a number, a function) raises `Unsupported`: the action is skipped, with why."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from strips_model.errors import SchemaError
from strips_model.reports.course import MAX_COST
from strips_model.reports.pddl_lists import Group, Item, Symbol, position
from strips_model.schema import Term

CASES_LIMIT: Final = 64
"""Schemas one action may become; beyond, the action is reported as unsupported."""
_NUMERIC: Final = frozenset({"<", ">", "<=", ">=", "+", "-", "*", "/"})
_ASSIGNMENTS: Final = frozenset({"assign", "increase", "decrease", "scale-up", "scale-down"})


class Unsupported(Exception):
    """A construct of an action that has no STRIPS schema; the action is skipped."""


@dataclass(frozen=True, slots=True)
class Conjunct:
    """A literal as written: its sign, predicate (`=` for an equality), arguments, and the
    list it was read from (its place)."""

    positive: bool
    predicate: str
    args: tuple[Term, ...]
    written: Group


@dataclass(frozen=True, slots=True)
class Scope:
    """What an action's formulas may name: its parameters (`?x` -> `X`), the domain's
    constants and predicates (name -> arity)."""

    parameters: Mapping[str, str]
    constants: frozenset[str]
    predicates: Mapping[str, int]
    source: str


def variable_name(symbol: str) -> str:
    """`?from` -> `From`: schema variables are capitalised; `pddl_name` gives it back."""
    name = symbol[1:]
    return name[:1].upper() + name[1:]


def _term(item: Item, scope: Scope) -> Term:
    if isinstance(item, Group):
        raise Unsupported(f"the term {item} is neither a parameter nor a constant")
    if item.text.startswith("?"):
        if item.text not in scope.parameters:
            raise SchemaError(f"{item.text} is no parameter of its action",
                              position(item, scope.source))
        return Term(scope.parameters[item.text], True)
    if item.text not in scope.constants:
        raise SchemaError(f"{item.text} is neither a parameter (?name) nor a constant of "
                          ":constants", position(item, scope.source))
    return Term(item.text, False)


def _atom(group: Group, scope: Scope, positive: bool) -> Conjunct:
    head = group.head
    args = group.items[1:]
    if head == "=":
        if len(args) != 2:
            raise SchemaError(f"{group}: an equality has two terms",
                              position(group, scope.source))
        return Conjunct(positive, "=", tuple(_term(arg, scope) for arg in args), group)
    if head not in scope.predicates:
        raise SchemaError(f"{group}: {head or 'a list'} is no predicate of :predicates",
                          position(group, scope.source))
    if len(args) != scope.predicates[head]:
        raise SchemaError(f"{group}: {head} is declared with {scope.predicates[head]} "
                          f"argument(s), given {len(args)}", position(group, scope.source))
    return Conjunct(positive, head, tuple(_term(arg, scope) for arg in args), group)


def _formula(item: Item, scope: Scope) -> Group:
    if isinstance(item, Symbol) or not item.items:
        raise SchemaError(f"{item}: a formula is a parenthesised list",
                          position(item, scope.source))
    return item


def dnf(item: Item, scope: Scope, positive: bool = True) -> list[list[Conjunct]]:
    """The condition as a disjunction of conjunctions of literals, negations pushed inward;
    `()`, as some domains write an empty precondition, is `(and)`."""
    if isinstance(item, Group) and not item.items:
        return [[]] if positive else []
    node = _formula(item, scope)
    head, args = node.head, node.items[1:]
    if head == "not" and len(args) == 1:
        return dnf(args[0], scope, not positive)
    if head == "imply" and len(args) == 2:
        left, right = args
        # a -> b is (not a) or b; its negation, a and (not b).
        return (dnf(left, scope, False) + dnf(right, scope, True) if positive
                else product([dnf(left, scope, True), dnf(right, scope, False)]))
    if head in ("and", "or"):
        parts = [dnf(arg, scope, positive) for arg in args]
        if (head == "and") == positive:
            return product(parts)
        return [conjunction for part in parts for conjunction in part]
    if head in ("forall", "exists") or head in _NUMERIC:
        raise Unsupported(f"{node} is not STRIPS (quantifier, number or function)")
    return [[_atom(node, scope, positive)]]


def product(parts: list[list[list[Conjunct]]]) -> list[list[Conjunct]]:
    combined: list[list[Conjunct]] = [[]]
    for part in parts:
        combined = [left + right for left in combined for right in part]
        if len(combined) > CASES_LIMIT:
            raise Unsupported(f"its condition has more than {CASES_LIMIT} disjuncts")
    return combined


Effect = tuple[Group | None, Conjunct]
"""A literal of the effect, under the `when` condition it has (None: always)."""


def effects(item: Item | None, scope: Scope) -> tuple[list[Effect], int]:
    """Each effect as (its `when` condition or None, literal), and the action's cost."""
    found: list[Effect] = []
    costs: list[int] = []
    if item is not None:
        _effect(item, scope, None, found, costs)
    return found, costs[-1] if costs else 1


def _effect(item: Item, scope: Scope, condition: Group | None, found: list[Effect],
            costs: list[int]) -> None:
    if isinstance(item, Group) and not item.items:
        return  # `:effect ()`: nothing changes
    node = _formula(item, scope)
    head, args = node.head, node.items[1:]
    if head == "and":
        for arg in args:
            _effect(arg, scope, condition, found, costs)
    elif head == "when" and len(args) == 2 and condition is None:
        _effect(args[1], scope, _formula(args[0], scope), found, costs)
    elif head == "forall":
        raise Unsupported(f"the effect {node} is universally quantified (forall)")
    elif head == "increase" and len(args) == 2 and isinstance(args[0], Group) \
            and args[0].head == "total-cost":
        if condition is not None:
            raise Unsupported(f"its cost {node} depends on a condition")
        costs.append(_cost(args[1]))
    elif head in _ASSIGNMENTS or head == "when":
        raise Unsupported(f"the effect {node} is numeric" if head != "when"
                          else f"the effect {node} nests a condition in a condition")
    elif head == "not" and len(args) == 1:
        found.append((condition, _atom(_formula(args[0], scope), scope, False)))
    else:
        found.append((condition, _atom(node, scope, True)))


def _cost(item: Item) -> int:
    text = str(item)
    try:
        cost = int(text)
    except ValueError:
        raise Unsupported(f"its cost {text} is not an integer") from None
    if not 0 <= cost <= MAX_COST:
        # A negative cost held compare's planners without end; one past 32 bits
        # failed them with a memory figure as the reason (issue 42).
        raise Unsupported(f"its cost {cost} is outside 0..{MAX_COST}, the costs a "
                          "planner takes")
    return cost
