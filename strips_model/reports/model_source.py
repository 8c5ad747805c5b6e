"""Which reader a model file goes to, told by its content, not by its name.

A file that starts with `%PDF-` is a PDF: its text is extracted (`pdf_text.py`) and read in
the course's notations, positions given back as page:line:col. A text whose first form,
past `;` comments, is `(define (domain` is a PDDL domain (`pddl_domain.py`). Anything else is
read in the course's notations. `compare` and `diff` both come here, through
`notation.read_source_file`, so they read every file alike.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from strips_model.errors import InputError, decode_text, refuse_long_numbers
from strips_model.input_files import InputKind, read_input_bytes, source_name
from strips_model.reports.pddl_domain import is_pddl_domain, read_pddl_domain
from strips_model.reports.pdf_text import PDF_MAGIC, pdf_text, relocated
from strips_model.reports.reading import Reading

PDF: Final = "pdf"

NotationReader = Callable[[str, str, bool], Reading]
"""The course's notations: (text, source, plain) -> reading; `plain`: a `.strips` file."""


@dataclass(frozen=True, slots=True)
class SourceRead:
    """A model file's bytes read once: the text its schemas, Init and goal are read from (a
    PDF's extracted text) and the reading of its schemas."""

    text: str
    reading: Reading


def read_source(path: str, read_notation: NotationReader) -> SourceRead:
    """The file at `path`, opened once, read by the reader its content calls for."""
    source = source_name(path)
    data = read_input_bytes(path, InputKind.MODEL)
    if data.startswith(PDF_MAGIC):
        extracted = pdf_text(data, source)
        try:  # as decode_text does for a text file, at the place on its page
            refuse_long_numbers(extracted.text, source)
        except InputError as error:
            raise InputError(error.message, error.position and extracted.relocate(
                error.position)) from None
        reading = relocated(read_notation(extracted.text, source, False), extracted)
        return SourceRead(extracted.text, Reading(reading.schemas, reading.skipped, PDF,
                                                  reading.inner, source, reading.counts))
    text = decode_text(data, source)
    if is_pddl_domain(text):
        return SourceRead(text, read_pddl_domain(text, source))
    return SourceRead(text, read_notation(text, source, path.endswith(".strips")))
