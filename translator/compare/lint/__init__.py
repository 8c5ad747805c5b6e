"""Findings on whatever was read, before anything is run.

Entry: `lint` in checks.py, which runs the rules of schema_rules.py, flow_rules.py and
model_rules.py and returns findings.py's `Finding`s; grouping.py gathers findings of one
pattern into one entry of a report.
"""
