"""Which reader a model file goes to, told by its content, not by its name.

A file that starts with `%PDF-` is a PDF: its text is extracted (`pdf_text.py`) and read in
the course's notations, positions given back as page:line:col. A text whose first form,
past `;` comments, is `(define (domain` is a PDDL domain (`pddl_domain.py`). Anything else is
read in the course's notations. `compare` and `diff` both come here, through
`notation.read_model_file`, so they read every file alike.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from strips_model.errors import decode_text
from strips_model.input_files import InputKind, read_input_bytes, source_name
from strips_model.reports.pddl_domain import is_pddl_domain, read_pddl_domain
from strips_model.reports.pdf_text import PDF_MAGIC, pdf_text, relocated
from strips_model.reports.reading import Reading

PDF: Final = "pdf"

NotationReader = Callable[[str, str, bool], Reading]
"""The course's notations: (text, source, plain) -> reading; `plain`: a `.strips` file."""


def model_text(path: str) -> str:
    """The text a model file's schemas, Init and goal are read from: a PDF's extracted text."""
    data = read_input_bytes(path, InputKind.MODEL)
    if data.startswith(PDF_MAGIC):
        return pdf_text(data, source_name(path)).text
    return decode_text(data, source_name(path))


def read_source(path: str, read_notation: NotationReader) -> Reading:
    """The reading of the file at `path` by the reader its content calls for."""
    source = source_name(path)
    data = read_input_bytes(path, InputKind.MODEL)
    if data.startswith(PDF_MAGIC):
        extracted = pdf_text(data, source)
        reading = relocated(read_notation(extracted.text, source, False), extracted)
        return Reading(reading.schemas, reading.skipped, PDF, reading.inner, source,
                       reading.counts)
    text = decode_text(data, source)
    if is_pddl_domain(text):
        return read_pddl_domain(text, source)
    return read_notation(text, source, path.endswith(".strips"))
