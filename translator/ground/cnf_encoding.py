"""A ground task (ground_task.py, a sas_format.py `SasTask`) as CNF: sequential planning over a
fixed horizon.

Variables: `value(v, d, t)`, variable v has value d after t steps (t = 0..T), and
`action(a, t)`, ground action a is step t (t = 1..T). Clauses:
- the initial state at t = 0, the goal at t = T;
- each variable has exactly one value at each step (at least one: a clause; at most one:
  a sequential counter, pairwise for small domains);
- an action implies its preconditions at t - 1 and its effects at t;
- explanatory frame axioms: a value that appears (or disappears) between t - 1 and t is
  explained by an action at t that sets (or changes) it;
- at most one action per step (sequential counter); once a step is empty, every later one
  is too, so a plan shorter than T has one encoding;
- the cost: one "cost unit" variable per step and unit of cost (`unit(t, k)`: step t costs
  at least k), implied by the actions of that cost, summed by a totalizer whose output
  `sum >= b + 1` is negated to bound the total cost by b. Tightening the bound is one more
  assumption on the same formula (translator/planners/sat.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from pysat.card import CardEnc, EncType, ITotalizer
from pysat.formula import IDPool

from translator.ground.sas_format import SasTask

_PAIRWISE_UP_TO = 6
"""Domains this small get pairwise at-most-one clauses (no auxiliary variables)."""


@dataclass(frozen=True, slots=True)
class CnfEncoding:
    task: SasTask
    horizon: int
    clauses: tuple[tuple[int, ...], ...]
    variable_count: int
    actions: tuple[tuple[int, int, int], ...]
    """(CNF variable, step, operator index) of every action variable."""
    values: tuple[tuple[int, int, int, int], ...]
    """(CNF variable, step, task variable, value) of every value variable."""
    at_least: tuple[int, ...]
    """at_least[b] is the CNF variable "total cost >= b + 1", for b up to the bound encoded;
    its negation bounds the cost by b."""

    def cost_assumption(self, bound: int) -> list[int]:
        """The assumption that bounds the plan's cost by `bound` (none past the encoded one)."""
        return [-self.at_least[bound]] if bound < len(self.at_least) else []


def encode(task: SasTask, horizon: int, max_bound: int) -> CnfEncoding:
    """The task as CNF over `horizon` steps, with cost bounds up to `max_bound` expressible."""
    pool = IDPool()
    clauses: list[list[int]] = []

    def value(variable: int, val: int, step: int) -> int:
        return int(pool.id(("value", variable, val, step)))

    def action(operator: int, step: int) -> int:
        return int(pool.id(("action", operator, step)))

    for index, initial in enumerate(task.initial):
        for val in range(len(task.variables[index].values)):
            clauses.append([value(index, val, 0) if val == initial else -value(index, val, 0)])
    setters, changers = _frame_supports(task)
    units: list[int] = []
    highest_cost = max((operator.cost for operator in task.operators), default=0)
    for step in range(1, horizon + 1):
        for index, variable in enumerate(task.variables):
            now = [value(index, val, step) for val in range(len(variable.values))]
            clauses.append(now)
            clauses.extend(_at_most_one(now, pool))
            for val in range(len(variable.values)):
                before, after = value(index, val, step - 1), value(index, val, step)
                clauses.append([-after, before, *(action(op, step)
                                                  for op in setters.get((index, val), ()))])
                clauses.append([after, -before, *(action(op, step)
                                                  for op in changers.get((index, val), ()))])
        step_actions = []
        for op_index, operator in enumerate(task.operators):
            chosen = action(op_index, step)
            step_actions.append(chosen)
            clauses.extend([-chosen, value(var, val, step - 1)]
                           for var, val in operator.preconditions)
            clauses.extend([-chosen, value(var, post, step)] for var, _, post in operator.effects)
        clauses.extend(_at_most_one(step_actions, pool, always_counter=True))
        acts = int(pool.id(("acts", step)))
        clauses.append([-acts, *step_actions])
        clauses.extend([-chosen, acts] for chosen in step_actions)
        if step > 1:
            clauses.append([-acts, int(pool.id(("acts", step - 1)))])
        for unit in range(1, highest_cost + 1):
            costs_unit = int(pool.id(("unit", step, unit)))
            units.append(costs_unit)
            clauses.extend([-action(op_index, step), costs_unit]
                           for op_index, operator in enumerate(task.operators)
                           if operator.cost >= unit)
    for var, val in task.goal:
        clauses.append([value(var, val, horizon)])
    actions = tuple((action(op, step), step, op) for step in range(1, horizon + 1)
                    for op in range(len(task.operators)))
    values = tuple((value(index, val, step), step, index, val) for step in range(horizon + 1)
                   for index, variable in enumerate(task.variables)
                   for val in range(len(variable.values)))
    at_least: tuple[int, ...] = ()
    top = pool.top
    if units:
        totalizer = ITotalizer(lits=units, ubound=min(max_bound + 1, len(units)), top_id=top)
        clauses.extend(totalizer.cnf.clauses)
        at_least = tuple(totalizer.rhs)
        top = totalizer.top_id
        totalizer.delete()
    return CnfEncoding(task, horizon, tuple(map(tuple, clauses)), top, actions, values,
                       at_least)


def _frame_supports(task: SasTask) -> tuple[dict[tuple[int, int], list[int]],
                                             dict[tuple[int, int], list[int]]]:
    """For each (variable, value): the operators that set it, and those that can change it
    to another value."""
    setters: dict[tuple[int, int], list[int]] = {}
    changers: dict[tuple[int, int], list[int]] = {}
    for index, operator in enumerate(task.operators):
        for var, pre, post in operator.effects:
            setters.setdefault((var, post), []).append(index)
            olds = [pre] if pre != -1 else range(len(task.variables[var].values))
            for old in olds:
                if old != post:
                    changers.setdefault((var, old), []).append(index)
    return setters, changers


def _at_most_one(literals: list[int], pool: IDPool,
                 always_counter: bool = False) -> Iterator[list[int]]:
    if len(literals) < 2:
        return iter(())
    encoding = EncType.seqcounter if always_counter or len(literals) > _PAIRWISE_UP_TO \
        else EncType.pairwise
    return iter(CardEnc.atmost(literals, 1, vpool=pool, encoding=encoding).clauses)


def bounded_clauses(encoding: CnfEncoding, bound: int) -> Iterator[tuple[int, ...]]:
    """The clauses, with the cost bound as a unit clause: what a DIMACS file holds."""
    yield from encoding.clauses
    for literal in encoding.cost_assumption(bound):
        yield (literal,)

