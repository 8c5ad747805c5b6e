"""Our model's level-independent half as unified-planning objects, built once per process.

Types, fluents and actions of `helltaker.strips` do not depend on the level: every problem a
process builds (one per level, for any planner going through unified-planning, and for the
PDDL export) shares them. The fast path never needs them: its domain text is cached in
`translator.model.pddl_text`, which does not import unified-planning.
"""

from __future__ import annotations

from functools import cache

from strips_model.schema import helltaker_domain
from translator.model.up_problem import ModelParts, build_model_parts


@cache
def helltaker_parts() -> ModelParts:
    """The model's types, fluents and actions."""
    return build_model_parts(helltaker_domain())
