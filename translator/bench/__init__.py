"""Measurements: phase timings, the scaling study, plan counts and the level generator."""
