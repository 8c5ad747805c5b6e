"""The schemas the reader skipped, named first when what is missing may be in them.

A model whose moves the reader could not read has no schema that moves the hero: the
vocabulary then finds no hero, and advice about vocabularies would send the student the
wrong way. The skipped schemas (strips_model/reports/reading.py `skipped_schemas`) are the
first cause: each with its line and the reader's reason, which says what to change.
"""

from __future__ import annotations

from typing import Final

from strips_model.reports.reading import SKIPPED_SCHEMA, SkippedPart, skipped_schemas

NAMED: Final = 6
"""How many skipped schemas a cause names; the others are counted."""


def unread_first(skipped: tuple[SkippedPart, ...], missing: str) -> str:
    """`missing` (`no schema moves the hero`) put down to the skipped schemas, with their
    lines and reasons grouped by reason, as the first cause of a sentence the caller ends;
    empty when the reader skipped no schema."""
    parts = skipped_schemas(skipped)
    if not parts:
        return ""
    by_reason: dict[str, list[str]] = {}
    for part in parts[:NAMED]:
        match = SKIPPED_SCHEMA.match(part.reason)
        assert match is not None
        where = f" at line {part.position.line}" if part.position.line is not None else ""
        by_reason.setdefault(part.reason[match.end():], []).append(match.group(1) + where)
    named = "; ".join(f"{', '.join(names)}: {reason}" for reason, names in by_reason.items())
    more = f"; and {len(parts) - NAMED} more" if len(parts) > NAMED else ""
    count = f"{len(parts)} schema{'' if len(parts) == 1 else 's'}"
    return (f"{missing}: the reader skipped {count} that may ({named}{more}); fix them and "
            "run again; if they do not, ")
