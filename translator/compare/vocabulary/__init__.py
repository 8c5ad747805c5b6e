"""How a hand-written model names the game: its vocabulary, inferred from its schemas.

Entry: `infer_vocabulary` in inference.py. The roles come from structure.py (what the schemas
do), the places of each argument from places.py, gathered_places.py and object_places.py, the
successor relations from adjacency.py, state values from values.py, and the word lists that
break ties from words.py.
"""
