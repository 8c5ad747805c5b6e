"""Comparing a hand-written STRIPS model with the game: lint, readings, divergence, coverage."""
