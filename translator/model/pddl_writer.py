"""PDDL text for a level, written by unified-planning's `PDDLWriter`."""

from __future__ import annotations

from unified_planning.io import PDDLWriter

from strips_model.level import Level
from translator.model.level_facts import level_facts
from translator.model.pddl_text import MODEL_NAME, PddlTexts, problem_name
from translator.model.up_problem import ModelParts, build_problem


def pddl_texts(parts: ModelParts, level: Level) -> PddlTexts:
    """Domain and problem text; the domain does not depend on the level."""
    problem = build_problem(parts, level_facts(level), MODEL_NAME)
    writer = PDDLWriter(problem)
    domain_text = writer.get_domain()
    problem_text = writer.get_problem()
    # PDDLWriter names the problem after the UP problem; name it after the level instead so
    # the files of several levels can be told apart, while they share one domain.
    problem_text = problem_text.replace(
        f"(problem {MODEL_NAME}-problem)", f"(problem {problem_name(level)})", 1)
    return PddlTexts(domain_text, problem_text)
