"""Reading a model file in whichever notation it is written, one schema at a time.

Every notation of the course family (ours, the textbook's `Action(`, the students' French and
camel-case variants) is read by the one course reader (`course.py`); LaTeX math markers
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
from strips_model.reports.course import read_course
from strips_model.reports.course_blocks import MAX_SCHEMAS, opening_clauses
from strips_model.reports.latex import relocate_reading, unwrap_latex
from strips_model.reports.model_source import SourceRead, read_source
from strips_model.reports.reading import Reading

LATEX: Final = "latex"

_LATEX_MARKERS: Final = re.compile(
    r"\\(?:text|textbf|operatorname|mathbf|mathrm)\s*\{|\\begin\s*\{|\\(?:wedge|neg)\b")


ModelReading = Reading
"""The name the callers of this module knew `Reading` by."""


def read_model_file(path: str) -> ModelReading:
    """Read the schemas of the file at `path` by the reader its content calls for: a PDF's
    text or a PDDL domain (model_source.py), else the notations below; a `.strips` file holds
    schemas only."""
    return read_source_file(path).reading


def read_source_file(path: str) -> SourceRead:
    """The file at `path` read once (`read_model_file`'s reading, with the text it was read
    from) while it is unchanged."""
    if path == "-":
        return read_source(path, read_model)
    try:
        status = os.stat(path)
    except OSError:
        return read_source(path, read_model)  # the reader says what is wrong, in one line
    return _read_unchanged_file(path, status.st_size, status.st_mtime_ns, status.st_ino)


@lru_cache(maxsize=16)
def _read_unchanged_file(path: str, size: int, modified: int, inode: int) -> SourceRead:
    # A process that reads one report several times (the tests read the seeds again and
    # again, a class reads each model for its row and its report) reads it once while the
    # file is unchanged: a SourceRead is a frozen value.
    return read_source(path, read_model)


def read_model(text: str, source: str = "<model>", plain: bool = False) -> ModelReading:
    """Read the schemas of `text`; `plain` (a `.strips` file, schemas only) reads the same
    way: its comments and Init/But blocks are listed as skipped like a report's prose."""
    del plain
    text = text.removeprefix("\ufeff")
    if (clauses := opening_clauses(text)) > MAX_SCHEMAS:
        raise SchemaError(f"{clauses} precondition clauses: more than the {MAX_SCHEMAS} "
                          "schemas a model is read with", Position(source))
    unwrapped = unwrap_latex(text) if _LATEX_MARKERS.search(text) else None
    reading = read_course(unwrapped.text if unwrapped is not None else text, source)
    if unwrapped is not None:
        moved_schemas, moved_skipped = relocate_reading(reading.schemas, reading.skipped,
                                                        unwrapped)
        reading = replace(reading, schemas=moved_schemas, skipped=moved_skipped,
                          notation=LATEX)
    if not reading.schemas:
        _refuse_unreadable(reading)
    return reading


def _refuse_unreadable(reading: ModelReading) -> None:
    """A file none of whose schemas can be read is no model: bad input, at its first error."""
    if not any(part.reason.startswith("schema ") for part in reading.skipped):
        raise SchemaError("no schema found: no header followed by a clause keyword "
                          "(`Precondition:`, `PRECOND:`, `Préconditions :`, ...)",
                          Position(reading.source))
    first = next(part for part in reading.skipped if part.reason.startswith("schema "))
    more = sum(1 for part in reading.skipped if part.reason.startswith("schema ")) - 1
    tail = f" (and {more} more schema{'s' if more > 1 else ''} skipped)" if more else ""
    raise SchemaError(f"no schema could be read: {first.reason}{tail}", first.position)
