"""Suggesting the fix: the smallest edit of a model's schemas that makes it agree with the game,
verified on every level and probe (edits, evidence, verify, search, notation_text)."""
