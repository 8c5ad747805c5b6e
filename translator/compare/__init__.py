"""Comparing a hand-written STRIPS model with the game: lint, readings, divergence, coverage.

Entry: `check_model` in check.py, which the command line and the Python face call. The rooms,
in the order a model goes through them: vocabulary/ (how the model names the game), models/
(the model set up on a level, and ours), lint/ (findings on what was read), runs/ (each level
solved and followed key by key, rule probes), comparison.py (all of it gathered as one
`Comparison`), report/ (markdown, HTML), grading/ (a class), diff/ (two models' schemas).
"""
