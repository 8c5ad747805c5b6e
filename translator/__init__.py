"""From schemas and levels to unified-planning problems, PDDL, planners and checked plans."""
