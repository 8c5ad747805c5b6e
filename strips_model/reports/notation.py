"""Reading a model file in whichever notation it is written, one schema at a time.

The notation is told by what the file holds: `Action(` headers are the textbook notation
(`textbook.py`), `Precondition:` clauses ours (`schema.py`), and LaTeX math markers
(`\\text{`, `\\textbf{`, `\\begin{aligned}`, ...) mean the markup is removed first
(`latex.py`), positions mapped back to the file. A report may mix plain schemas and
LaTeX-converted ones (seed 000): removing the markup leaves the plain ones as they are.

A schema that cannot be read is skipped and recorded with its position and reason; only a
file with no schema at all, or none readable, is bad input.
"""

from __future__ import annotations

import os
import re
from dataclasses import replace
from functools import lru_cache
from typing import Final

from strips_model.errors import Position, SchemaError
from strips_model.reports.conversion_errors import reworded
from strips_model.reports.course import read_course
from strips_model.reports.course_blocks import MAX_SCHEMAS, opening_clauses
from strips_model.reports.document import facts_lines
from strips_model.reports.latex import relocate_reading, unwrap_latex
from strips_model.reports.model_source import read_source
from strips_model.reports.reading import Reading
from strips_model.reports.schema_blocks import schema_blocks
from strips_model.schema import Schema, parse_schemas
from strips_model.textbook import SkippedPart, parse_textbook_schemas

OURS: Final = "ours"
TEXTBOOK: Final = "textbook"
LATEX: Final = "latex"

_LATEX_MARKERS: Final = re.compile(
    r"\\(?:text|textbf|operatorname|mathbf|mathrm)\s*\{|\\begin\s*\{|\\(?:wedge|neg)\b")
_TEXTBOOK_HEADER: Final = re.compile(r"^\s*(?:Action|ACTION)\s*\(", re.MULTILINE)
_OUR_CLAUSE: Final = re.compile(r"\bPrecondition\s*:")


ModelReading = Reading
"""The name the callers of this module knew `Reading` by."""


def read_model_file(path: str) -> ModelReading:
    """Read the schemas of the file at `path` by the reader its content calls for: a PDF's
    text or a PDDL domain (model_source.py), else the notations below; a `.strips` file holds
    schemas only."""
    if path == "-":
        return read_source(path, read_model)
    try:
        status = os.stat(path)
    except OSError:
        return read_source(path, read_model)  # the reader says what is wrong, in one line
    return _read_unchanged_file(path, status.st_size, status.st_mtime_ns, status.st_ino)


@lru_cache(maxsize=16)
def _read_unchanged_file(path: str, size: int, modified: int, inode: int) -> ModelReading:
    # A process that reads one report several times (compare reads it for the model, its
    # Init and its lint; the tests read the seeds again and again) reads it once while the
    # file is unchanged: a Reading is a frozen value.
    return read_source(path, read_model)


def read_model(text: str, source: str = "<model>", plain: bool = False) -> ModelReading:
    """Read `text` in the notation it holds (the one with more schemas, when it holds both);
    `plain`: schemas only, as a `.strips` file, rather than schemas among a report's prose."""
    text = text.removeprefix("\ufeff")
    if (clauses := opening_clauses(text)) > MAX_SCHEMAS:
        raise SchemaError(f"{clauses} precondition clauses: more than the {MAX_SCHEMAS} "
                          "schemas a model is read with", Position(source))
    unwrapped = unwrap_latex(text) if _LATEX_MARKERS.search(text) else None
    readable = unwrapped.text if unwrapped is not None else text
    textbook_headers = len(_TEXTBOOK_HEADER.findall(readable))
    our_clauses = len(_OUR_CLAUSE.findall(readable))
    course = read_course(readable, source)
    if unwrapped is not None:
        moved_schemas, moved_skipped = relocate_reading(course.schemas, course.skipped,
                                                        unwrapped)
        course = replace(course, schemas=moved_schemas, skipped=moved_skipped)
    if textbook_headers == 0 and our_clauses == 0:
        if course.schemas:
            return course
        if course.skipped and any(part.reason.startswith("schema ")
                                  for part in course.skipped):
            _refuse_unreadable(course)
        raise SchemaError("no schema found: no header followed by a clause keyword "
                          "(`Precondition:`, `PRECOND:`, `Préconditions :`, ...)",
                          Position(source))
    inner = TEXTBOOK if textbook_headers > our_clauses else OURS
    if inner == TEXTBOOK:
        textbook = parse_textbook_schemas(readable, source)
        schemas, skipped = textbook.schemas, textbook.skipped
    else:
        schemas, skipped = _read_ours(readable, source, plain)
    if unwrapped is not None:
        schemas, skipped = relocate_reading(schemas, skipped, unwrapped)
    reading = ModelReading(schemas, skipped, LATEX if unwrapped else inner, inner, source)
    if _amount(course) > _amount(reading):
        # The course's looser notations read more of it (more schemas, or as many with more
        # literals: an `effects:` our grammar does not know): the file is written in them.
        return course
    if not reading.schemas:
        _refuse_unreadable(reading)
    return reading


def _read_ours(text: str, source: str, plain: bool
               ) -> tuple[tuple[Schema, ...], tuple[SkippedPart, ...]]:
    if plain:
        # A `.strips` file may carry Init/But blocks between its schemas: not schemas.
        facts = {index for index, line in enumerate(facts_lines(text).split("\n")) if line}
        text = "\n".join("" if index in facts else line
                         for index, line in enumerate(text.split("\n")))
    schemas: list[Schema] = []
    skipped: list[SkippedPart] = []
    for block in schema_blocks(text, plain):
        if block.problem is not None:
            skipped.append(SkippedPart(Position(source, block.line, block.column),
                                       f"schema {block.name!r} skipped: {block.problem}"))
            continue
        try:
            schemas.extend(parse_schemas(block.text, source))
        except SchemaError as caught:
            # What our grammar refuses the course's looser notation may read (two literals
            # side by side, a comma lost in a conversion); a literal cut off it refuses too.
            loose = read_course(block.text, source)
            if loose.schemas and not loose.skipped:
                schemas.extend(loose.schemas)
                continue
            error = reworded(caught, block.text, block.name)
            where = error.position or Position(source, block.line, block.column)
            skipped.append(SkippedPart(where, f"schema {block.name!r} skipped: {error.message}"))
    return tuple(schemas), tuple(skipped)


def _amount(reading: Reading) -> tuple[int, int]:
    return len(reading.schemas), sum(len(schema.preconditions) + len(schema.effects)
                                     for schema in reading.schemas)


def _refuse_unreadable(reading: ModelReading) -> None:
    """A file none of whose schemas can be read is no model: bad input, at its first error."""
    if not reading.skipped:
        raise SchemaError("no schema found", Position(reading.source))
    first = reading.skipped[0]
    more = len(reading.skipped) - 1
    tail = f" (and {more} more schema{'s' if more > 1 else ''} skipped)" if more else ""
    raise SchemaError(f"no schema could be read: {first.reason}{tail}", first.position)
