"""A hand-written model's planning view searched on our own grounding and translation
(translator/planners/grounded_plan.py) gives what Fast Downward's translator on its PDDL text
gives: the same proof or the same optimal cost, and a plan that decodes to the model's own
names, non-ASCII ones included."""

from __future__ import annotations

from dataclasses import replace

import pytest
from helpers import shared_path

from strips_model.level_file import load_level
from strips_model.pddl_names import pddl_symbol
from translator.compare.check import set_up_model
from translator.compare.models.report_model import ReportLevelModel
from translator.ground.pddl_named import pddl_named
from translator.planners.fd_search import PddlPlan, plan_pddl
from translator.planners.grounded_plan import plan_grounded
from translator.planners.outcome import Status

KEY = ("repros/b-key-never-taken-read-as-spikes.txt", "repros/key-corridor.txt")
"""Schemas named in French, `ObtenirCléD` among them."""


def _on(model: str, level: str, budget: int | None = None) -> ReportLevelModel:
    loaded = load_level(str(shared_path(level)))
    if budget is not None:
        loaded = replace(loaded, budget=budget)
    compared = set_up_model(str(shared_path(model)), [loaded]).model
    on = compared.on(loaded)  # type: ignore[union-attr]
    assert isinstance(on, ReportLevelModel)
    return on


def _outcome(on: ReportLevelModel, plan: PddlPlan) -> tuple[Status, int | None]:
    """The proof or the cost of the plan in the model's own actions."""
    if plan.steps is None:
        return plan.status, None
    decoded = [on.decode(step) for step in plan.steps]
    names = {schema.name for schema in on.model.exact.schemas}
    assert all(step[0] in names for step in decoded if step is not None)
    return plan.status, sum(next(s.cost for s in on.model.exact.schemas if s.name == step[0])
                            for step in decoded if step is not None)


@pytest.mark.planner
@pytest.mark.parametrize(("model", "level", "budget"), [
    ("seeds/001_1103b020ed6d817c.txt", "levels/classic/level3.txt", None),
    ("models/sample-b.txt", "levels/classic/level1.txt", None),
    ("seeds/001_1103b020ed6d817c.txt", "levels/classic/level3.txt", 20),
    KEY + (None,),
])
def test_our_translation_plans_as_fast_downwards_translator(model: str, level: str,
                                                            budget: int | None) -> None:
    """Seed 001 and sample B are models where our task keeps a few more operators than Fast
    Downward's translator, which drops some its invariants rule out: the searches still agree
    on the proof and on the cost. Level 3 in 20 moves has no plan; nor has the fragment whose
    key is never taken."""
    on = _on(model, level, budget)
    domain, facts = on.planning_task()
    grounded = plan_grounded(domain, facts, on.search, 60)
    assert grounded is not None
    translated = plan_pddl(*on.pddl_texts(), on.search, 60)
    assert _outcome(on, grounded) == _outcome(on, translated)
    # The key never taken, the lock never opens: no plan (the level's truth, repros/README).
    assert grounded.status is (Status.UNSOLVABLE if budget or model == KEY[0]
                               else Status.SOLVED)


def test_schemas_and_objects_take_their_pddl_names() -> None:
    on = _on(*KEY)
    domain, facts = on.planning_task()
    named_domain, named_facts = pddl_named(domain, facts)
    names = {schema.name for schema in named_domain.schemas}
    assert "ObtenirCléD" in {schema.name for schema in domain.schemas}
    assert pddl_symbol("ObtenirCléD") in names and "ObtenirCléD" not in names
    objects = [name for names in named_facts.objects.values() for name in names]
    assert objects and all(name == pddl_symbol(name) for name in objects)
    assert all(term.name == pddl_symbol(term.name) for schema in named_domain.schemas
               for lit in schema.preconditions for term in lit.args if not term.is_variable)
