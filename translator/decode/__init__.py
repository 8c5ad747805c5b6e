"""Decoding: a planner's actions back to key presses, checked by the rules simulator."""
