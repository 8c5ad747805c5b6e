"""The relaxed-reachability grounding by clingo (translator/ground/clingo_grounding.py): its
answers, read back as integer rows, name the ground actions in the translation's order."""

from __future__ import annotations

import pytest
from helpers import ROOT

from strips_model.level_file import load_level
from strips_model.schema import helltaker_domain
from translator.ground.clingo_grounding import ground
from translator.model.level_facts import level_facts

pytestmark = pytest.mark.planner

FIRST_LEVEL = str(sorted((ROOT / "levels").glob("*.txt"))[0])


def test_grounding_rows_read_back_as_names() -> None:
    """`Grounding.actions`, built from the integer rows, lists the actions by schema and
    name, as the translation and Fast Downward's translator order them."""
    domain = helltaker_domain()
    grounding = ground(domain, level_facts(load_level(FIRST_LEVEL)))
    actions = grounding.actions
    assert len(actions) == grounding.action_count > 0
    order = [schema.name for schema in domain.schemas]
    assert actions == tuple(sorted(actions, key=lambda action: (order.index(action[0]),
                                                                action[1])))
