"""The grounding budget of a compared model on one level: before Fast Downward grounds the
model's planning view, its ground actions are counted without grounding
(translator/ground/grounding_estimate.py); past `GROUNDING_BUDGET` that level is not run, and
its reason names the schema that needs the most and why. The other levels still run.

A model whose grounding ran away used to hold its level until the bound of its attempt
(300 s) or the memory limit, and a repro of cause 5 of issue 39 (`do(act(move, D), step)`
with cells as single terms, before unused header arguments were dropped) grounded 3.8
million operators there. The exact view, which replays and searches use state by state, has
its own bound on the copies of each binding (`COPIES_BUDGET` of grounding_estimate.py).
"""

from __future__ import annotations

import math
from typing import Final

from translator.compare.models.protocols import LevelModel
from translator.ground.grounding_estimate import (
    GroundingCount,
    GroundingOverBudget,
    SchemaCount,
    count_grounding,
)

COMPLEMENT: Final = "not_"
"""How a planning view names the positive complement of a negative static precondition
(translator/compare/models/report_planning.py, `pddl_schema`)."""

GROUNDING_BUDGET: Final = 500_000
"""Ground actions of a model's planning view on one level, as counted before grounding. The
largest count of a correct model on classic levels 1-9 is 69,682 (course_fr.txt of the
repair bench on level 5, whose planning view has 849 schemas after its cases and
disjunctions are split; Fast Downward keeps 428 operators of them), then sample-a.md's
37,036 (level 6), textbook.txt's 20,106 (level 6) and ours' 1,384 (level 8), counting the
schemas relaxed reachability may apply (placewise_reach.py): seven times the largest is
still below it. Fast Downward's grounding at this size already takes tens of
seconds and hundreds of megabytes (the repro's 3.8 million: over 90 s and 1.1 GB). With
cells as single terms (103 objects on the repros' open room) two parameters bound by no
positive precondition pass it; with cells as pairs of numbers a planning view has 10 to 20
objects, and such a model may stay within it, its grounding then bounded all the same."""


def check_grounding(model: LevelModel, budget: int = GROUNDING_BUDGET) -> GroundingCount | None:
    """The count of the model's planning view on its level, or None for a model that does
    not give one; raises `GroundingOverBudget` with the reason when it passes `budget`."""
    task = model.planning_task()
    if task is None:
        return None
    counted = count_grounding(*task, budget)
    if counted.capped or counted.actions > budget:
        raise GroundingOverBudget(over_budget(counted, budget))
    return counted


def over_budget(counted: GroundingCount, budget: int) -> str:
    """The reason of a level whose grounding passes `budget`: how many, and the schema that
    needs the most, with what multiplies it."""
    needs = f"more than {budget:,}" if counted.capped else f"{counted.actions:,}"
    largest = counted.largest()
    said = f"grounding needs {needs} ground actions, more than the budget {budget:,}"
    return said if largest is None else f"{said}: {_cause(largest)}"


def _cause(count: SchemaCount) -> str:
    """What multiplies the schema's count: its parameters bound by no positive precondition
    of the model first (in the planning view a negative static one is a positive
    complement, `not_played(S, T)`, which binds nothing the model restricts), else its
    largest factors."""
    free = [factor for factor in count.factors if factor.count > 1 and (
        all(literal.startswith(COMPLEMENT) for literal in factor.by)
        if factor.by else set(factor.names) <= {name for name, _ in count.unbound})]
    copies = math.prod(factor.count for factor in free)
    more = " or more" if count.capped else ""
    if free:
        names = [name for factor in free for name in factor.names]
        negative = [f"-{literal.removeprefix(COMPLEMENT)}" for factor in free
                    for literal in factor.by]
        only = f" (only {', '.join(negative)} names them)" if negative else ""
        plural = len(names) > 1
        return (f"schema {count.schema}'s parameter{'s' if plural else ''} {', '.join(names)} "
                f"{'are' if plural else 'is'} bound by no positive precondition{only}, so "
                f"each of its {count.actions // copies:,}{more} other bindings is copied "
                f"{copies:,} times; name {'each' if plural else 'it'} in a positive "
                "precondition, or drop it from the header")
    shown = "; ".join(f"{', '.join(factor.names)}: {factor.count:,}"
                      + (f" (by {', '.join(factor.by)})" if factor.by else "")
                      for factor in count.factors[:3] if factor.count > 1)
    return f"schema {count.schema} needs {count.actions:,}{more}, the product of {shown}"
