"""Two models compared schema by schema, in any notation.

Entry: `diff_schemas` in schemas.py; text.py writes the result as text or JSON.
"""
