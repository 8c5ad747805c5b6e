"""The relaxed grounding of a domain over a level's facts (clingo_grounding.py), computed in a
forked child under a time limit: what exact_semantics.py's `Grounder` builds its index of the
reachable actions from.

clingo's grounder cannot be stopped once started, and a model whose relaxed grounding runs to
millions of actions (a counter's every value times every cell, or a parameter no positive
precondition binds) would hold the comparison for minutes. The child is ended at the limit,
and a grounding past `most` actions is dropped there rather than sent back: the grounder then
keeps joining state by state, which gives the same answers.
"""

from __future__ import annotations

from strips_model.schema import Domain
from translator.ground.clingo_grounding import Grounding, ground
from translator.model.level_facts import Facts
from translator.runtime.processes import Limits, run_in_child


def reachable_grounding(domain: Domain, facts: Facts, seconds: float, most: int
                        ) -> Grounding | None:
    """The relaxed grounding; None when it has more than `most` actions or clingo refuses
    the domain (as it will again); `WorkerFailed` when it takes more than `seconds` (on a
    busy machine it may not later)."""
    import clingo  # noqa: F401  loaded once here, not again in every child

    return run_in_child("the grounding of the reachable actions", _within,
                        (domain, facts, most), Limits(seconds))


def _within(task: tuple[Domain, Facts, int]) -> Grounding | None:
    domain, facts, most = task
    try:
        grounding = ground(domain, facts)
    except (RuntimeError, ValueError):  # clingo's refusal (an unsafe variable): join instead
        return None
    return grounding if grounding.action_count <= most else None
