"""The text of a PDF report, extracted by pypdf and made plain for the notation reader.

A report reaches a teacher as PDF; its schemas are read from the text pypdf extracts, page by
page, once what extraction produces is undone: ligatures (`ﬁ` -> `fi`), typographic primes
(`’` `′` -> `'`, `”` `″` -> `''`), the minus sign (`−` -> `-`), non-breaking and thin spaces,
soft hyphens, words hyphenated at a line's end (`preco-` / `nditions` joined on the first
line; the rest of the second line keeps its line) and numbers cut from their minus sign.
Positions are `FILE:PAGE:LINE:COL`: the page as part of the source, lines and columns counted
in the page's extracted text.
"""

from __future__ import annotations

import io
import logging
import re
import time
import warnings
from bisect import bisect_right
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Final

from strips_model.errors import InputError, Position
from strips_model.reports.reading import Reading, SkippedPart
from strips_model.schema import Literal, Schema

if TYPE_CHECKING:
    from pypdf import PageObject

PDF_MAGIC: Final = b"%PDF-"
"""What tells a PDF by its content, whatever the file is called."""

_REPLACEMENTS: Final = {
    "\ufb00": "ff", "\ufb01": "fi", "\ufb02": "fl", "\ufb03": "ffi", "\ufb04": "ffl",
    "\ufb05": "st", "\ufb06": "st",
    "\u2019": "'", "\u2018": "'", "\u2032": "'", "\u02b9": "'", "\u201d": "''",
    "\u2033": "''", "\u201c": "''", "\u2212": "-", "\u2010": "-", "\u2011": "-",
    "\u00a0": " ", "\u202f": " ", "\u2009": " ", "\u2007": " ", "\u00ad": "",
}
_TRANSLATION: Final = str.maketrans(_REPLACEMENTS)
_HYPHENATED: Final = re.compile(r"(?<=[^\W\d_])-$")
_MINUS_AT_END: Final = re.compile(r"-$")
_WORD_START: Final = re.compile(r"^\s*([a-zà-ÿ][^\s∧∨¬,]*)(.*)$")
"""The first word of a line with what is glued to it (`ter(C)` of `coun-` / `ter(C)`)."""
_NUMBER_START: Final = re.compile(r"^\s*(\d[^\s∧∨¬,]*)(.*)$")
_WORDS: Final = re.compile(r"[^\W\d][\w-]*")


def normalise(text: str) -> str:
    """Extracted text made plain, line for line (see the module's docstring). A word cut at
    a line's end is joined on the first line with what is glued to it (`coun-` / `ter(C)`
    gives `counter(C)`), without the hyphen unless the text writes the word with it
    elsewhere (`push-block`); a minus cut from its number (`counter(-` / `1)`) is joined
    to it."""
    lines = text.translate(_TRANSLATION).split("\n")
    hyphenated_words = {word for word in _WORDS.findall("\n".join(lines)) if "-" in word}
    for index in range(len(lines) - 1):
        line = lines[index].rstrip()
        if not _MINUS_AT_END.search(line):
            continue
        number = _NUMBER_START.match(lines[index + 1])
        if number is not None:
            lines[index] = line + number.group(1)
            lines[index + 1] = number.group(2).lstrip()
            continue
        following = _WORD_START.match(lines[index + 1])
        if _HYPHENATED.search(line) and following is not None:
            cut = _WORDS.findall(line)[-1] + re.split(r"\W", following.group(1))[0]
            kept = line if cut in hyphenated_words else line[:-1]
            lines[index] = kept + following.group(1)
            lines[index + 1] = following.group(2).lstrip()
    return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class PdfText:
    """The pages' text joined, and where each page starts (0-based line of the joined text)."""

    text: str
    page_starts: tuple[int, ...]
    source: str

    def relocate(self, position: Position) -> Position:
        """A position in the joined text as `FILE:PAGE` with the line inside that page."""
        if position.line is None or position.source != self.source:
            return position
        page = bisect_right(self.page_starts, position.line - 1)
        line = position.line - self.page_starts[page - 1]
        return Position(f"{self.source}:{page}", line, position.column)


PAGES_CAP: Final = 1000
CHARACTERS_CAP: Final = 4_000_000
PIECES_CAP: Final = 50_000
"""Text pieces (one per text-showing operator): pypdf spends some 0.2 ms on each, so a page of
160,000 one-letter lines, in a 2 KB file, would take half a minute."""
SECONDS_CAP: Final = 30.0
CONTENT_CAP: Final = 512 * 1024
"""Bytes of a page's content stream once decompressed (a dense page of text: some 30 KB);
pypdf parses it whole before the first piece of text comes."""


class _PastCap(Exception):
    """Raised from inside pypdf's extraction, which it does not catch, to stop it."""


@dataclass
class _Extraction:
    """What extraction has produced so far, checked against the caps as each piece comes."""

    deadline: float
    pieces: int = 0
    characters: int = 0

    def piece(self, text: str, *_: object) -> None:
        self.pieces += 1
        self.characters += len(text)
        if self.pieces > PIECES_CAP:
            raise _PastCap(f"more than {PIECES_CAP:,} pieces of text")
        if self.characters > CHARACTERS_CAP:
            raise _PastCap(f"more than {CHARACTERS_CAP:,} characters of text")
        if time.monotonic() > self.deadline:
            raise _PastCap(f"text extraction past {SECONDS_CAP:.0f} s")


def pdf_text(data: bytes, source: str) -> PdfText:
    """The normalised text of every page; an unreadable PDF, or one past a cap (pages,
    characters, pieces of text, time), is bad input."""
    # Here, not at the top: only a PDF needs pypdf. Its log goes nowhere: what it warns of
    # (a damaged file) is either repaired or the one error line below.
    logging.getLogger("pypdf").propagate = False
    logging.getLogger("pypdf").addHandler(logging.NullHandler())
    from pypdf import PdfReader

    extraction = _Extraction(time.monotonic() + SECONDS_CAP)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            reader = PdfReader(io.BytesIO(data))
            if len(reader.pages) > PAGES_CAP:
                raise _PastCap(f"{len(reader.pages):,} pages, more than {PAGES_CAP:,}")
            pages = [_page_text(page, extraction) for page in reader.pages]
    except _PastCap as past:
        raise InputError(f"the PDF is past a cap of its reader: {past} (docs/limits.md)",
                         Position(source)) from None
    except Exception as error:  # a damaged file can make pypdf raise almost anything
        raise InputError(f"not a PDF that can be read: {_in_words(error)}",
                         Position(source)) from None
    starts: list[int] = []
    texts: list[str] = []
    line = 0
    for page in pages:
        starts.append(line)
        text = normalise(page.replace("\r\n", "\n").replace("\r", "\n"))
        texts.append(text)
        line += text.count("\n") + 1
    if not any(text.strip() for text in texts):
        raise InputError("the PDF holds no text to read (scanned pages?)", Position(source))
    return PdfText("\n".join(texts), tuple(starts), source)


def _page_text(page: PageObject, extraction: _Extraction) -> str:
    contents = page.get_contents()
    size = len(contents.get_data()) if contents is not None else 0
    if size > CONTENT_CAP:
        raise _PastCap(f"a page of {size:,} bytes of content, more than {CONTENT_CAP:,}")
    return page.extract_text(visitor_text=extraction.piece) or ""


def _in_words(error: Exception) -> str:
    """pypdf's reason, in a reader's words where its own are a library's."""
    reason = (str(error).splitlines() or [type(error).__name__])[0]
    if "not been decrypted" in reason or "decrypt" in reason.lower():
        return "it is encrypted; save it without a password and give that file"
    if isinstance(error, RecursionError):
        return "its objects are nested too deeply"
    return reason


def relocated(reading: Reading, pdf: PdfText) -> Reading:
    """A reading of the joined text with every position as page:line:col."""

    def literal(lit: Literal) -> Literal:
        return replace(lit, position=pdf.relocate(lit.position))

    def schema(s: Schema) -> Schema:
        return replace(s, position=pdf.relocate(s.position),
                       preconditions=tuple(map(literal, s.preconditions)),
                       effects=tuple(map(literal, s.effects)))

    return replace(reading, schemas=tuple(map(schema, reading.schemas)),
                   skipped=tuple(SkippedPart(pdf.relocate(p.position), p.reason)
                                 for p in reading.skipped))
