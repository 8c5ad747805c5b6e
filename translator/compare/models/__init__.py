"""The models a level can be run with: the compared one, read from a report, and ours.

Entry: `compared_model` in compared.py (a report's schemas and a vocabulary make a
`ComparedModel`); ours.py is our model behind the same protocol. report_model.py is a report
model set up on one level (report_init.py writes its Init, report_planning.py its planning
view, report_observation.py reads its states back as observation.py's `Observation`);
probes.py settles the coordinate convention on probe levels; game_goal.py is the goal given to
a model that states none.
"""
