"""A model file as one value: what `compare`, its lint, its runs, its repair and a class's
table all receive, so that the file is opened once however many stages read it.

The file's bytes are read once (`notation.read_source_file`): the text its schemas, Init and
goal are read from (a PDF's extracted text), the reading of its schemas in whichever notation
they are written, and the report (schemas, Init, goals) the compare stage works on.
"""

from __future__ import annotations

from dataclasses import dataclass

from strips_model.reports.document import (
    Report,
    facts_lines,
    read_facts_blocks,
    with_goal_variables,
)
from strips_model.reports.notation import read_source_file
from strips_model.reports.reading import Reading


@dataclass(frozen=True, slots=True)
class ModelFile:
    path: str
    """As the user gave it (`-` for standard input): how reports and fixes name the file."""
    text: str
    """The text its schemas were read from (a PDF's extracted text): what a fix edits."""
    reading: Reading
    report: Report
    """Its schemas (the unreadable ones in `skipped`), Init and goals."""

    @property
    def notation(self) -> str:
        """`ours`, or the other notation the schemas were read in, one by one."""
        return self.reading.notation


def load_model_file(path: str) -> ModelFile:
    """The model file at `path`, read exactly as `diff` reads it: its schemas one by one, the
    unreadable ones kept as skipped, with its Init and goals."""
    read = read_source_file(path)
    reading = read.reading
    # Init(...) and But(...) blocks are read as written (seed 000 keeps them out of LaTeX).
    # A PDF's are read from its extracted text.
    init, goals = read_facts_blocks(facts_lines(read.text), path)
    report = Report(reading.schemas, init, with_goal_variables(goals, reading.schemas, init),
                    path, reading.skipped, reading.tally())
    return ModelFile(path, read.text, reading, report)
