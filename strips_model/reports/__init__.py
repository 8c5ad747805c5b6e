"""Reading hand-written models: schemas among a report's prose, its Init and goal blocks, and
the level its Init describes."""
