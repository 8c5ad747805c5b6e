"""PDDL text for a level, written by unified-planning's `PDDLWriter`."""

from __future__ import annotations

from unified_planning.io import PDDLWriter
from unified_planning.model import FNode, Problem

from strips_model.level import Level
from translator.model.level_facts import level_facts
from translator.model.pddl_text import MODEL_NAME, PddlTexts, problem_name
from translator.model.up_problem import ModelParts, build_problem


class _SetValuesOnly(Problem):  # type: ignore[misc,unused-ignore]  # untyped library
    """A problem whose `initial_values` are those set, the true facts. unified-planning's own
    property grounds every fluent over every tuple of objects to give each its default (here
    always false, which `PDDLWriter` leaves out anyway): quadratic in the cells, 2.6 s for an
    open 10 x 10 level and 20 s for 16 x 16, where this writes the same text in 0.4 s."""

    @property
    def initial_values(self) -> dict[FNode, FNode]:
        values: dict[FNode, FNode] = self.explicit_initial_values
        return values


def pddl_texts(parts: ModelParts, level: Level) -> PddlTexts:
    """Domain and problem text; the domain does not depend on the level."""
    problem = build_problem(parts, level_facts(level), MODEL_NAME)
    problem.__class__ = _SetValuesOnly  # the writer only reads it, and nothing else sees it
    writer = PDDLWriter(problem)
    domain_text = writer.get_domain()
    problem_text = writer.get_problem()
    # PDDLWriter names the problem after the UP problem; name it after the level instead so
    # the files of several levels can be told apart, while they share one domain.
    problem_text = problem_text.replace(
        f"(problem {MODEL_NAME}-problem)", f"(problem {problem_name(level)})", 1)
    return PddlTexts(domain_text, problem_text)
