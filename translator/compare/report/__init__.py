"""One `Comparison` written down: markdown.py (the report), html.py (the page),
vocabulary_text.py (the report's head: how the model reads a level)."""
