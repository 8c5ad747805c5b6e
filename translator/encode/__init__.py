"""Encoding: a level and a schema file as a planning task (facts, unified-planning problem,
PDDL text, compilations, ground actions)."""
