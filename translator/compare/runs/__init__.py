"""A model on a level: solved, replayed in the game, and followed key by key.

Entry: `compare_level` in level_comparison.py (one level, both models, in a child process);
model_run.py solves a compared model, divergence.py finds the first key press where it departs
from the game, coverage.py decides on probe levels which rules of RULES.md it expresses.
"""
