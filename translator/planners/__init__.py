"""Planners: one registry of back-ends, each turning a level's task into an outcome; the
process runner, the Fast Downward exit-code table and the one best-first search they share."""
