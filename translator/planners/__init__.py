"""Planners: one registry (registry.py) that names every planner, what it can do (solve a
level, enumerate its plans, or both) and the back-end that does it; one module per planner
family (fast_downward, symk, kstar, pyperplan, asp, sat, exhaustive over best_first); and
what they share: the driver template for planners run on PDDL files (pddl_driver.py),
unified-planning's OneshotPlanner (oneshot.py), Fast Downward's exit codes, cost bounds,
package checks and the outcomes every planner returns (outcome.py)."""
