"""How a hand-written model names the game: its vocabulary, inferred from its schemas.

Entry: `infer_vocabulary` in inference.py, a list of named steps over the facts about the
schemas (facts.py, read once by structure.py); each step returns roles and evidence
(roles.py). The hero, the counter and the successor come from structure.py, an adjacency
relation on cells from adjacency.py, which way the counter counts from counting.py; the other
parts from what the actions do (behaviour.py, flag_parts.py, state_parts.py,
leftover_parts.py), the word lists that break ties and suggest the rest from words.py. Where
each place sits among the arguments is places.py's (with gathered_places.py and
object_places.py, which rewrite a model's places before the inference), state values
values.py's, key presses and the coordinate convention keys.py's.
"""
