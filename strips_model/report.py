"""The report dialect: schemas embedded in a markdown report, as the course reports write them.

Prose, headings and code fences are blanked out line by line (never removed), so the schema
grammar's line:column positions point into the report itself.
"""

from __future__ import annotations

import re

from strips_model.errors import read_text
from strips_model.schema import Schema, parse_schemas

_HEADER = re.compile(r"^\s+[a-z][A-Za-z0-9_]*\s*\([^()]*\)\s*$")
_CLAUSE = re.compile(r"^\s+(Precondition|Effect|Cost)\s*:")


def schema_lines(markdown: str) -> str:
    """Keep the indented schema headers and their Precondition/Effect/Cost lines only."""
    lines = markdown.split("\n")
    kept: list[str] = []
    for index, line in enumerate(lines):
        following = next((later for later in lines[index + 1:] if later.strip()), "")
        is_header = bool(_HEADER.match(line)) and bool(_CLAUSE.match(following))
        kept.append(line if is_header or _CLAUSE.match(line) else "")
    return "\n".join(kept)


def parse_report_schemas(markdown: str, source: str = "<report>") -> tuple[Schema, ...]:
    return parse_schemas(schema_lines(markdown), source)


def load_report_schemas(path: str) -> tuple[Schema, ...]:
    return parse_report_schemas(read_text(path), path)
