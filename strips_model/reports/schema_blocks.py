"""Cutting a text in our notation into one piece per schema, so that each is parsed alone.

A report converted through LaTeX holds schemas that cannot all be read (a literal cut off, `Y"`
typed for `Y''`); parsing the whole text at once would stop at the first of them. Each piece
is the text of the whole file with every line outside the schema blanked (never removed), so
the parser's line:column positions stay those of the file.

The text given is plain: LaTeX markup, when there was some, is removed first
(`latex.unwrap_latex`), which keeps every line where it was.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

_HEADER: Final = re.compile(r"^\s*([a-z][A-Za-z0-9_]*)\s*\([^()]*\)\s*$")
# A header a conversion joined to the end of the previous schema's last clause:
# `..., trap(UX,UY,1) goDownOnOpenTrap(X,Y,C)`. No comma before it, unlike a literal.
_GLUED: Final = re.compile(r"\)\s+([a-z][A-Za-z0-9_]*)\s*\([^()]*\)\s*$")
# A camelCase name a conversion cut into words: `wall Kill Down (X,Y)`. Cut as a schema, so
# its clauses are not taken for the previous schema's, and its words joined again: every word
# after the first starts with a capital, so the join is the only name it can have been.
_SPACED: Final = re.compile(
    r"^\s*([a-z][A-Za-z0-9_]*(?:[ \t]+[A-Za-z][A-Za-z0-9_]*)+)\s*\([^()]*\)\s*$")
_CLAUSE: Final = re.compile(r"\b(Precondition|Effect|Cost)\s*:")
_OPENING: Final = re.compile(r"\bPrecondition\s*:")
# A page footer or number a PDF conversion left between a header and its clauses (`IA02`).
_FOOTER: Final = re.compile(r"^\s*[^\s():,]{1,12}\s*$")
_FENCE: Final = re.compile(r"^\s*(```|~~~)")
_NAME: Final = r"[A-Za-z][A-Za-z0-9_]*"
# A line that holds nothing but literals (the last one possibly cut off): the rest of a
# clause that a conversion wrapped onto its own line. Prose never reads so. Separators hold
# no letter and a literal starts with its sign or a letter, so the pattern matches one way
# only: with overlapping parts a long line that fails would backtrack exponentially.
_LITERALS_ONLY: Final = re.compile(
    rf"^[\s,]*(?:(?:-\s*)?{_NAME}\s*\([^()]*\)[\s,]*)*(?:-\s*)?(?:{_NAME}\s*\([^()]*)?$")


@dataclass(frozen=True, slots=True)
class SchemaBlock:
    """One schema's lines: `text` is the file up to the schema's end, blank outside it."""

    name: str
    line: int
    """1-based line of the header."""
    column: int
    """1-based column of the header's name."""
    text: str
    problem: str | None = None
    """Why the block cannot be a schema as it stands, found while cutting."""


def _is_skippable(line: str) -> bool:
    return not line.strip() or bool(_FENCE.match(line))


@dataclass(frozen=True, slots=True)
class _Header:
    index: int
    """0-based line of the header."""
    column: int
    """0-based column where it starts: not 0 when a conversion glued it to the line before."""
    name: str
    spaced: bool = False


def _headers(lines: list[str]) -> list[_Header]:
    """Header lines: a name with its parameters, then (past blank lines and fences) a
    `Precondition:` clause. Without it, a lone literal continuing a clause (`limbo(Q, Z)`
    before an `Effect:` line) or `f(x)` in prose would open a schema."""
    found: list[_Header] = []
    for index, line in enumerate(lines):
        header = _HEADER.match(line) or _GLUED.search(line) or _SPACED.match(line)
        if not header:
            continue
        following = next((later for later in lines[index + 1:]
                          if not _is_skippable(later) and not _FOOTER.match(later)), "")
        if _OPENING.search(following):
            column = header.start(1) if header.re is _GLUED else 0
            found.append(_Header(index, column, header.group(1), header.re is _SPACED))
    return found


def _kept_in_report(body: list[str]) -> list[bool]:
    """Which lines of a schema's body (header excluded) belong to it inside a report: its
    clauses and the lines that continue a clause left unfinished (ending in `,` or `-`)."""
    kept: list[bool] = []
    open_list = False
    for line in body:
        if _is_skippable(line):
            kept.append(False)
            continue
        stripped = line.strip()
        keep = bool(_CLAUSE.search(line)) or (open_list and bool(_LITERALS_ONLY.match(stripped)))
        kept.append(keep)
        open_list = keep and stripped.endswith((",", "-"))
    return kept


def schema_blocks(text: str, plain: bool = False) -> tuple[SchemaBlock, ...]:
    """The schemas of `text`, one block each. `plain`: the text is schemas only (a `.strips`
    file: every line between two headers belongs to the first); otherwise it is a report,
    whose prose between the clauses is blanked."""
    lines = text.split("\n")
    headers = _headers(lines)
    blocks: list[SchemaBlock] = []
    for number, header in enumerate(headers):
        start = header.index
        following = headers[number + 1] if number + 1 < len(headers) else None
        end = following.index if following is not None else len(lines)
        body = lines[start + 1:end]
        if following is not None and following.column > 0:
            body.append(lines[end][:following.column])
        if plain:
            kept_body = ["" if _FENCE.match(line) else line for line in body]
        else:
            kept_body = [line if keep else "" for line, keep in
                         zip(body, _kept_in_report(body), strict=True)]
        # Nothing after the last kept line: a clause cut off at the end of the schema is then
        # reported there, not at the end of the file.
        while kept_body and not kept_body[-1].strip():
            kept_body.pop()
        # Spaces, not nothing, before a glued header: its columns stay those of the file.
        header_line = " " * header.column + lines[start][header.column:]
        name = "".join(header.name.split())
        if header.spaced:
            # A camelCase name cut at its capitals: its words joined again, the spaces taken
            # out moved after it so that every column stays that of the file.
            header_line = header_line.replace(
                header.name, name + " " * (len(header.name) - len(name)), 1)
        blanked = [""] * start + [header_line, *kept_body]
        column = lines[start].index(header.name) + 1
        blocks.append(SchemaBlock(name, start + 1, column, "\n".join(blanked)))
    return tuple(blocks)
